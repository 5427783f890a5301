import type net from 'node:net';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { SocksClient } from 'socks';
import type { Connector } from '../../core/outbound.ts';
import { isAuthFailure } from '../replies.ts';
import { signMime, type DkimKey } from './dkim.ts';
import { buildMime } from './mime.ts';
import { SmtpSession, type SmtpError } from './smtp-session.ts';
import type { OutgoingMessage, SendResult, Transport } from './transport.ts';

/** Where and how one SMTP relay sends: its server, its account, its SOCKS5 proxy when it has one. */
export interface SmtpRelayConfig {
  host: string;
  port: number;
  /** Implicit TLS (smtps, usually port 465); otherwise STARTTLS when the server offers it. */
  tls: boolean;
  /** '' for none (PMTA injection: the server relays for the console's hosts without a login). */
  account: string;
  password: string;
  socks?: { ip: string; port: number; login: string | null; password: string | null } | null;
  /** Parallel SMTP sessions of this process to the relay. */
  maxConnections?: number;
  /** Connecting and the greeting each within this (default 20 s): a one-off send that must answer soon. */
  connectTimeoutMs?: number;
  /** The sender domain's DKIM key (issue 26); none when the domain has no key or the relay's provider signs. */
  dkim?: DkimKey | null;
  /**
   * Opens the TCP connections (to the host, or to the socks proxy) through the outbound policy
   * (core/outbound.ts); nodemailer and socks are always handed that socket and never connect themselves.
   */
  connect: { host: Connector; socks: Connector };
}

/** Errors raised before a session exists: nothing was handed over, the message can go again. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** A nodemailer error as a result; only a reply or a failure to connect is a definite answer. */
export function resultOfError(e: SmtpError): SendResult {
  const code = e.responseCode ?? 0;
  const reply = (e.response ?? e.message).slice(0, 1000);
  if (code >= 400 && code < 500) return { kind: 'deferred', code, reply };
  if (e.code === 'EAUTH' || isAuthFailure(code)) return { kind: 'authFailed', reply };
  if (code >= 500) return { kind: 'rejected', code, reply };
  // 'API': refused by the client before anything was written (the session was already closed).
  if (e.command === 'API') return { kind: 'deferred', code: 0, reply };
  const connecting = e.command === 'CONN' || e.command === undefined;
  if (
    e.code === 'EDNS' ||
    e.code === 'ETLS' ||
    (connecting && (NOT_CONNECTED.has(e.originalCode ?? e.code ?? '') || /socks|proxy/i.test(e.message)))
  )
    return { kind: 'deferred', code: 0, reply };
  return { kind: 'unknown', reply };
}

/**
 * A session that broke without a reply: only a message whose whole body (and so, next, its final dot) went
 * to the socket may have been accepted (`unknown`: interrupted, never resent). Before that (MAIL, RCPT, DATA
 * unanswered or the body still being written) the relay cannot have taken it: `dropped`, sent again.
 */
export function outcomeOfBreak(r: SendResult, bodyRead: boolean): SendResult {
  return r.kind === 'unknown' && !bodyRead ? { kind: 'dropped', reply: r.reply } : r;
}

/** One SMTP session: connected, logged in, one message at a time. */
interface Session {
  smtp: SmtpSession;
  messages: number;
}

const MAX_MESSAGES_PER_SESSION = 10_000;
const TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

async function openSession(c: SmtpRelayConfig): Promise<Session> {
  const timeouts = c.connectTimeoutMs
    ? { ...TIMEOUTS, connectionTimeout: c.connectTimeoutMs, greetingTimeout: c.connectTimeoutMs }
    : TIMEOUTS;
  let socket: net.Socket;
  if (c.socks) {
    const toProxy = await c.connect.socks(c.socks.ip, c.socks.port, timeouts.connectionTimeout);
    const { socket: tunnel } = await SocksClient.createConnection({
      existing_socket: toProxy,
      proxy: {
        host: c.socks.ip,
        port: c.socks.port,
        type: 5,
        ...(c.socks.login ? { userId: c.socks.login, password: c.socks.password ?? '' } : {}),
      },
      command: 'connect',
      destination: { host: c.host, port: c.port },
      timeout: timeouts.connectionTimeout,
    });
    socket = tunnel;
  } else socket = await c.connect.host(c.host, c.port, timeouts.connectionTimeout);
  // nodemailer opens the session (greeting, EHLO, STARTTLS, AUTH); the messages go through SmtpSession.
  const conn = new SMTPConnection({ host: c.host, port: c.port, secure: c.tls, connection: socket, ...timeouts });
  await new Promise<void>((resolve, reject) => {
    conn.once('error', reject);
    conn.connect(() => {
      conn.removeListener('error', reject);
      resolve();
    });
  });
  // Errors after the takeover reach SmtpSession through the socket; this keeps a late one from throwing.
  conn.on('error', () => {});
  try {
    if (c.account)
      await new Promise<void>((resolve, reject) =>
        conn.login({ user: c.account, pass: c.password }, (e) => (e ? reject(e) : resolve())),
      );
  } catch (e) {
    conn.close();
    throw e;
  }
  return { smtp: new SmtpSession(conn), messages: 0 };
}

/** Why a session could not be had: the login refused, or no session at all (nothing was handed over). */
function setupFailure(e: SmtpError): SendResult {
  const r = resultOfError(e);
  if (r.kind === 'authFailed' || r.kind === 'deferred') return r;
  return { kind: 'deferred', code: 0, reply: r.reply };
}

/**
 * The relay's SMTP sessions of this process (up to maxConnections), kept open between messages. A small
 * pool on nodemailer's SMTPConnection rather than its SMTPPool: the pool sends a message again on its own
 * when a session closes under it, which could deliver it twice (docs/decisions/0802). Here every message
 * is tried once and its outcome (a reply, or "the session broke") goes back to the engine.
 */
export function smtpTransport(c: SmtpRelayConfig): Transport {
  const max = c.maxConnections ?? 5;
  const idle: Session[] = [];
  const waiting: { resolve: (s: Session) => void; reject: (e: unknown) => void }[] = [];
  let open = 0;
  let closed = false;

  /** A slot was freed: the first waiting send gets a new session (or its failure). */
  const serveWaiting = () => {
    const next = waiting.shift();
    if (next) connect().then(next.resolve, next.reject);
  };
  const connect = async (): Promise<Session> => {
    open++;
    try {
      return await openSession(c);
    } catch (e) {
      open--;
      serveWaiting();
      throw e;
    }
  };
  const acquire = async (): Promise<Session> => {
    for (let s = idle.pop(); s; s = idle.pop()) {
      if (!s.smtp.closed) return s;
      open--;
    }
    if (open < max) return connect();
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  };
  const discard = (s: Session) => {
    s.smtp.close();
    open--;
    serveWaiting();
  };
  const release = (s: Session) => {
    if (closed || s.smtp.closed || s.messages >= MAX_MESSAGES_PER_SESSION) return discard(s);
    const next = waiting.shift();
    if (next) next.resolve(s);
    else idle.push(s);
  };

  return {
    async send(m: OutgoingMessage, ready?: Promise<boolean>): Promise<SendResult> {
      // Signed before a session is taken: a key that fails to sign leaves no session held.
      const raw = c.dkim ? await signMime(buildMime(m), c.dkim) : buildMime(m);
      let s: Session;
      try {
        s = await acquire();
      } catch (e) {
        return setupFailure(e as SmtpError);
      }
      s.messages++;
      // DSN parameters go out only to a server that offers DSN (SmtpSession checks its EHLO).
      const r = await s.smtp.send(
        { from: m.returnPath ?? m.from.address, to: m.to, envId: m.envId, orcpt: m.orcpt },
        raw,
        ready,
      );
      if (r.ok) {
        release(s);
        return { kind: 'accepted', reply: r.reply };
      }
      // A break places the message by whether its body and final dot were written (issue 23).
      const result = outcomeOfBreak(resultOfError(r.error), r.bodyWritten);
      // A refused envelope leaves the session usable once reset; anything else ends it.
      if (r.error.responseCode && r.error.responseCode !== 421 && !s.smtp.closed)
        void s.smtp.reset().then((usable) => (usable ? release(s) : discard(s)));
      else discard(s);
      return result;
    },
    close() {
      closed = true;
      for (const s of idle.splice(0)) discard(s);
      for (const w of waiting.splice(0)) w.reject(new Error('transport closed'));
    },
  };
}
