import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/*
 * A real SMTP server (smtp-server) on loopback that keeps what it receives, for the engine's tests and
 * bench/send: the console talks to it exactly as to a relay on the internet. It can require a login, reject
 * chosen recipients with 550, and answer 421 (and close) now and then.
 */

export interface ReceivedMessage {
  /** The envelope recipients. */
  to: string[];
  from: string;
  /** Header names in lower case; the first value of each. */
  headers: Map<string, string>;
  /** The session's login (null without one). */
  user: string | null;
  /** Date.now() when the message's data ended (accepted). */
  at: number;
  /** The whole message as received (with `keepRaw`), for a MIME parser. */
  raw?: Buffer;
  /** With `dsn`: the envelope's ENVID and RET, and the recipient's ORCPT (RFC 3461), null when not given. */
  dsn?: { envid: string | null; ret: string | null; orcpt: string | null };
}

export interface SmtpSinkOptions {
  /** Require AUTH with these credentials (PLAIN/LOGIN, over plain TCP). */
  credentials?: { user: string; password: string };
  /** Recipients answered `550 5.1.1 <rcpt>: user unknown`. */
  reject?: (rcpt: string) => boolean;
  /** Answer `421 4.7.0 try again later` (closing) at RCPT when this says so; `tries` counts this recipient's RCPTs. */
  tempFail?: (rcpt: string, tries: number) => boolean;
  /** A chosen reply at RCPT (code and text, e.g. `{ code: 552, text: '5.2.2 Mailbox full' }`); undefined accepts. */
  replyTo?: (rcpt: string, tries: number) => { code: number; text: string } | undefined;
  /** With credentials: a session may also send without logging in (bench/send's smtp-source reference). */
  loginOptional?: boolean;
  /** Keep only counts (benchmarks). */
  countOnly?: boolean;
  /** Keep each message whole (`raw`), not only its headers. */
  keepRaw?: boolean;
  /** Offer DSN (RFC 3461) in EHLO and keep what the client gives (`dsn` of each message). */
  dsn?: boolean;
}

export interface SmtpSink {
  port: number;
  messages: ReceivedMessage[];
  /** Every recipient answered 550, in order. */
  rejected: string[];
  /** Every recipient answered 421, in order. */
  deferred: string[];
  /** Accepted messages (also kept when countOnly). */
  accepted: () => number;
  authFailures: number;
  close: () => Promise<void>;
}

const HEADER_END = Buffer.from('\r\n\r\n');

function parseHeaders(head: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    if (!out.has(name)) out.set(name, line.slice(i + 1).trim());
  }
  return out;
}

export async function startSmtpSink(o: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const sink: SmtpSink = {
    port: 0,
    messages: [],
    rejected: [],
    deferred: [],
    accepted: () => count,
    authFailures: 0,
    close: async () => {},
  };
  let count = 0;
  const tries = new Map<string, number>();
  const code = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });
  const options: SMTPServerOptions = {
    secure: false,
    disabledCommands: o.credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !o.credentials || !!o.loginOptional,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    size: 10 * 1024 * 1024,
    maxClients: 1000,
    hideDSN: !o.dsn,
    onAuth(auth, _session, cb) {
      const ok = o.credentials && auth.username === o.credentials.user && auth.password === o.credentials.password;
      if (!ok) {
        sink.authFailures++;
        return cb(code(535, '5.7.8 Authentication credentials invalid'));
      }
      cb(null, { user: auth.username });
    },
    onRcptTo(address, _session, cb) {
      const rcpt = address.address.toLowerCase();
      const n = (tries.get(rcpt) ?? 0) + 1;
      if (!o.countOnly) tries.set(rcpt, n);
      if (o.reject?.(rcpt)) {
        sink.rejected.push(rcpt);
        return cb(code(550, `5.1.1 <${rcpt}>: Recipient address rejected: User unknown`));
      }
      const chosen = o.replyTo?.(rcpt, n);
      if (chosen) {
        (chosen.code >= 500 ? sink.rejected : sink.deferred).push(rcpt);
        return cb(code(chosen.code, chosen.text));
      }
      if (o.tempFail?.(rcpt, n)) {
        sink.deferred.push(rcpt);
        return cb(code(421, '4.7.0 Too many messages, try again later'));
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      let size = 0;
      let head: Buffer | null = null;
      stream.on('data', (d: Buffer) => {
        if ((head && !o.keepRaw) || o.countOnly) return;
        chunks.push(d);
        size += d.length;
        if (head) return;
        const all = Buffer.concat(chunks, size);
        const end = all.indexOf(HEADER_END);
        if (end >= 0 && !head) head = all.subarray(0, end);
      });
      stream.on('end', () => {
        count++;
        if (!o.countOnly) {
          sink.messages.push({
            to: session.envelope.rcptTo.map((a) => a.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            headers: parseHeaders((head ?? Buffer.concat(chunks, size)).toString('utf8')),
            user: typeof session.user === 'string' ? session.user : null,
            at: Date.now(),
            ...(o.keepRaw ? { raw: Buffer.concat(chunks, size) } : {}),
            ...(o.dsn
              ? {
                  dsn: {
                    envid: session.envelope.dsn?.envid ?? null,
                    ret: session.envelope.dsn?.ret ?? null,
                    orcpt: session.envelope.rcptTo[0]?.dsn?.orcpt ?? null,
                  },
                }
              : {}),
          });
        }
        cb(null, 'Ok: queued');
      });
    },
  };
  const server = new SMTPServer(options);
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.port = (server.server.address() as { port: number }).port;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}
