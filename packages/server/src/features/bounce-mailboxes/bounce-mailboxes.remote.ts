import type net from 'node:net';
import { ImapFlow, type ImapTransport } from 'imapflow';
import type { MailboxSecurity } from '@console/shared/bounce-mailboxes';
import type { AppContext } from '../../core/context.ts';
import { isInternalAddress } from '../../core/internal-addresses.ts';
import { checkedAddress, connectChecked, OutboundRefusedError, outboundPolicy, tlsOver } from '../../core/outbound.ts';

/*
 * An IMAP session with a bounce mailbox (issue 39 section 2; decisions 1380, 1382): imapflow over a socket
 * the outbound door opened (the policy judged the address; imapflow never connects by itself), TLS or
 * STARTTLS over it by `tlsOver`. Plain IMAP (a password in clear) only to an internal address the policy
 * allows (ALLOW_INTERNAL_URLS): never over the internet.
 */

export interface MailboxAccess {
  host: string;
  port: number;
  security: MailboxSecurity;
  username: string;
  password: string;
}

export const CONNECT_TIMEOUT_MS = 15_000;

export class MailboxError extends Error {}

export const PLAIN_REFUSED =
  'Plain IMAP is only allowed to an internal address the outbound policy allows: use TLS or STARTTLS.';

/** A transport for imapflow that hands it the door's socket (and wraps it in TLS when asked). */
function overSocket(socket: net.Socket): ImapTransport {
  return {
    connect(o, onConnect) {
      if (o.secure) return tlsOver(socket, { host: o.host, servername: o.servername, tls: o.tls }, onConnect);
      setImmediate(onConnect);
      return socket;
    },
    upgrade(plain, o, onSecure) {
      return tlsOver(plain as net.Socket, { host: o.host, servername: o.servername, tls: o.tls }, onSecure);
    },
  };
}

/** Connected and logged in; the caller logs out (or closes). */
export async function openImap(ctx: Pick<AppContext, 'env'>, a: MailboxAccess): Promise<ImapFlow> {
  const policy = outboundPolicy(ctx.env);
  // judged before any connection: a password is never sent in clear over the internet
  const ip = await checkedAddress(policy, a.host, a.port, 'Host');
  if (a.security === 'plain' && !isInternalAddress(ip)) throw new MailboxError(PLAIN_REFUSED);
  const socket = await connectChecked(policy, { host: ip, port: a.port, field: 'Host', timeoutMs: CONNECT_TIMEOUT_MS });
  const client = new ImapFlow({
    host: a.host,
    port: a.port,
    secure: a.security === 'tls',
    doSTARTTLS: a.security === 'starttls' ? true : a.security === 'plain' ? false : undefined,
    auth: { user: a.username, pass: a.password },
    logger: false,
    transport: overSocket(socket),
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: 5 * 60_000,
    disableAutoIdle: true,
  });
  // a server that drops the connection emits 'error' after connect(): the job sees it as a failed command
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (e) {
    client.close();
    throw e;
  }
  return client;
}

/** A failed check in plain words, for the mailbox row (issue 39 section 4). */
export function plainWords(e: unknown, a: { host: string; port: number; folder: string }): string {
  const err = e as Error & {
    code?: string;
    authenticationFailed?: boolean;
    serverResponseCode?: string;
    responseText?: string;
  };
  if (e instanceof MailboxError) return e.message;
  if (e instanceof OutboundRefusedError) return `Refused by the outbound policy: ${e.message}.`;
  if (err.authenticationFailed || err.serverResponseCode === 'AUTHENTICATIONFAILED')
    return 'Wrong user or password: the server refused the login.';
  if (
    err.serverResponseCode === 'NONEXISTENT' ||
    /NONEXISTENT|doesn't exist|does not exist/i.test(err.responseText ?? '')
  )
    return `The folder "${a.folder}" does not exist in the mailbox.`;
  switch (err.code) {
    case 'ECONNREFUSED':
      return `The server refused the connection: nothing answers on ${a.host} port ${a.port}.`;
    case 'ETIMEDOUT':
    case 'CONNECT_TIMEOUT':
    case 'GREETING_TIMEOUT':
      return `No answer from ${a.host} port ${a.port} in time.`;
    case 'ENOTFOUND':
      return `The host ${a.host} was not found (DNS).`;
    case 'ECONNRESET':
    case 'EPIPE':
    case 'NoConnection':
      return 'The server closed the connection in the middle of the check; the next check resumes.';
  }
  // before the TLS words: "Server does not support STARTTLS" names TLS too
  if (/STARTTLS/i.test(err.message ?? '')) return 'The server does not offer STARTTLS.';
  if (/certificate|self.signed|TLS|SSL/i.test(err.message ?? '')) return `The TLS connection failed: ${err.message}`;
  return `The IMAP server answered: ${(err.responseText ?? err.message ?? String(e)).slice(0, 300)}`;
}
