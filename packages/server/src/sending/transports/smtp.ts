import nodemailer from 'nodemailer';
import * as socks from 'socks';
import { isAuthFailure } from '../bounces.ts';
import type { OutgoingMessage, SendResult, Transport } from './transport.ts';

/** Where and how one SMTP relay sends: its server, its account, its SOCKS5 proxy when it has one. */
export interface SmtpRelayConfig {
  host: string;
  port: number;
  /** Implicit TLS (smtps, usually port 465); otherwise STARTTLS when the server offers it. */
  tls: boolean;
  account: string;
  password: string;
  socks?: { ip: string; port: number; login: string | null; password: string | null } | null;
  /** Parallel SMTP sessions of this process to the relay. */
  maxConnections?: number;
}

/** Errors raised before a session exists: nothing was handed over, the message can go again. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

interface SmtpError extends Error {
  code?: string;
  originalCode?: string;
  responseCode?: number;
  response?: string;
  command?: string;
}

/** A nodemailer error as a result; only a reply or a failure to connect is a definite answer. */
export function resultOfError(e: SmtpError): SendResult {
  const code = e.responseCode ?? 0;
  const reply = (e.response ?? e.message).slice(0, 1000);
  if (code >= 400 && code < 500) return { kind: 'deferred', code, reply };
  if (e.code === 'EAUTH' || isAuthFailure(code)) return { kind: 'authFailed', reply };
  if (code >= 500) return { kind: 'rejected', code, reply };
  const connecting = e.command === 'CONN' || e.command === undefined;
  if (
    e.code === 'EDNS' ||
    e.code === 'ETLS' ||
    (connecting && (NOT_CONNECTED.has(e.originalCode ?? e.code ?? '') || /socks|proxy/i.test(e.message)))
  )
    return { kind: 'deferred', code: 0, reply };
  return { kind: 'unknown', reply };
}

const socksUrl = (s: NonNullable<SmtpRelayConfig['socks']>) => {
  const auth = s.login ? `${encodeURIComponent(s.login)}:${encodeURIComponent(s.password ?? '')}@` : '';
  return `socks5://${auth}${s.ip.includes(':') ? `[${s.ip}]` : s.ip}:${s.port}`;
};

/** One pooled nodemailer transport: its sessions stay open between messages (and are closed when idle). */
export function smtpTransport(c: SmtpRelayConfig): Transport {
  const transport = nodemailer.createTransport({
    pool: true,
    host: c.host,
    port: c.port,
    secure: c.tls,
    auth: { user: c.account, pass: c.password },
    maxConnections: c.maxConnections ?? 5,
    maxMessages: 10_000,
    idleTimeout: 30_000,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
    ...(c.socks ? { proxy: socksUrl(c.socks) } : {}),
  });
  if (c.socks) transport.set('proxy_socks_module', socks);
  return {
    async send(m: OutgoingMessage): Promise<SendResult> {
      try {
        const info = await transport.sendMail({
          from: m.from,
          to: m.to,
          subject: m.subject,
          html: m.html,
          messageId: m.messageId,
          headers: m.headers,
          disableFileAccess: true,
          disableUrlAccess: true,
        });
        const rejected = info.rejected?.length ? info.rejectedErrors?.[0] : undefined;
        if (rejected) return resultOfError(rejected as SmtpError);
        return { kind: 'accepted', reply: String(info.response ?? '250') };
      } catch (e) {
        return resultOfError(e as SmtpError);
      }
    },
    close: () => transport.close(),
  };
}
