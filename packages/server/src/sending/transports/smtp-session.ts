import type net from 'node:net';
import type SMTPConnection from 'nodemailer/lib/smtp-connection';
import { dataOf } from './dot-stuffing.ts';

/*
 * The message path of an SMTP session (decision 1495). nodemailer's SMTPConnection opens the session
 * (greeting, EHLO, STARTTLS, AUTH, over the socket the outbound policy gave), then this takes its socket
 * over: per message one write for the pipelined envelope (MAIL, RCPT, DATA: RFC 2920) and, once DATA is
 * answered 354, one write for the body with its final dot; the replies are read off the socket here. What
 * nodemailer did per message (a DataStream and its pipe, a reply queue walked through setImmediate, the
 * envelope's bookkeeping) was the largest block of the worker's own JavaScript. Errors keep nodemailer's
 * shape (`responseCode`, `response`, `command`, `code`) so that one reading (smtp.ts `resultOfError`) serves
 * the session's setup and its messages.
 */

/** A reply: its code and its text (lines joined by LF, as nodemailer gives it). */
export interface Reply {
  code: number;
  text: string;
}

/** What nodemailer's errors carry and `resultOfError` reads. */
export interface SmtpError extends Error {
  code?: string;
  originalCode?: string;
  responseCode?: number;
  response?: string;
  command?: string;
}

export interface Envelope {
  from: string;
  to: string;
  /** DSN (RFC 3461), sent only to a server that offers it: ENVID, and ORCPT with RET=HDRS. */
  envId?: string;
  orcpt?: string;
}

/** nodemailer's own after login: the socket, its listeners on it, the server's extensions. */
interface NodemailerInternals {
  _socket: net.Socket;
  _supportedExtensions: string[];
  _onSocketData: (...a: unknown[]) => void;
  _onSocketTimeout: (...a: unknown[]) => void;
  _onSocketClose: (...a: unknown[]) => void;
  _onSocketEnd: (...a: unknown[]) => void;
  _onSocketError: (...a: unknown[]) => void;
  _onConnectionSocketError: (...a: unknown[]) => void;
}

/** The longest reply kept (nodemailer's limit): a peer that never ends one is cut off. */
const MAX_REPLY = 1024 * 1024;
const NON_ASCII = /[\x80-\uFFFF]/;
const ADDRESS_BREAKERS = /[\r\n<>]/;

/** RFC 3461 xtext, as nodemailer's `encodeXText`. */
export function xtext(s: string): string {
  if (!/[^\x21-\x2A\x2C-\x3C\x3E-\x7E]/.test(s)) return s;
  let out = '';
  for (const c of Buffer.from(s)) {
    out +=
      c < 0x21 || c > 0x7e || c === 0x2b || c === 0x3d
        ? `+${c.toString(16).toUpperCase().padStart(2, '0')}`
        : String.fromCharCode(c);
  }
  return out;
}

const smtpError = (message: string, code: string, command: string, reply?: Reply | null): SmtpError =>
  Object.assign(new Error(reply ? `${message}: ${reply.text}` : message), {
    code,
    command,
    ...(reply ? { response: reply.text, responseCode: reply.code } : {}),
  });

/** A reply's text as nodemailer decodes it: UTF-8 when the bytes are UTF-8, else the bytes as they are. */
function decode(latin1: string): string {
  if (!/[\x80-\xff]/.test(latin1)) return latin1;
  const utf8 = Buffer.from(latin1, 'latin1').toString('utf8');
  return utf8.includes('\uFFFD') ? latin1 : utf8;
}

interface Waiting {
  n: number;
  got: (Reply | null)[];
  done: (replies: (Reply | null)[]) => void;
}

/** One message's outcome: its reply when accepted, else the error and whether its DATA bytes were written. */
export type MessageOutcome = { ok: true; reply: string } | { ok: false; error: SmtpError; bodyWritten: boolean };

export class SmtpSession {
  closed = false;
  private readonly socket: net.Socket;
  private readonly conn: SMTPConnection;
  private readonly pipelining: boolean;
  private readonly dsn: boolean;
  private readonly smtpUtf8: boolean;
  /** Bytes of a line not ended yet (latin1: one character a byte), and the lines of a reply not ended yet. */
  private rest = '';
  private lines: string[] = [];
  private waiting: Waiting[] = [];
  /** Why the session ended (the error every later command gets). */
  private broken?: SmtpError;

  /** Takes the socket of `conn`, connected and logged in, with nothing in flight. */
  constructor(conn: SMTPConnection) {
    const c = conn as unknown as NodemailerInternals;
    this.conn = conn;
    this.socket = c._socket;
    this.pipelining = c._supportedExtensions.includes('PIPELINING');
    this.dsn = c._supportedExtensions.includes('DSN');
    this.smtpUtf8 = c._supportedExtensions.includes('SMTPUTF8');
    const s = this.socket;
    s.removeListener('data', c._onSocketData);
    s.removeListener('timeout', c._onSocketTimeout);
    s.removeListener('close', c._onSocketClose);
    s.removeListener('end', c._onSocketEnd);
    s.removeListener('error', c._onSocketError);
    s.removeListener('error', c._onConnectionSocketError);
    s.on('data', (chunk: Buffer) => this.onData(chunk));
    s.on('error', (e: Error) => this.end(smtpError(e.message, 'ESOCKET', 'CONN')));
    s.on('end', () => this.end(smtpError('Connection closed unexpectedly', 'ECONNECTION', 'CONN')));
    s.on('close', () => this.end(smtpError('Connection closed unexpectedly', 'ECONNECTION', 'CONN')));
    // nodemailer's socketTimeout stays set on the socket; its expiry now ends the session here.
    s.on('timeout', () => {
      this.end(smtpError('Timeout', 'ETIMEDOUT', 'CONN'));
      s.destroy();
    });
  }

  /**
   * Sends one message: `raw` is its RFC 5322 bytes (dot-stuffed and ended here). Its body waits for `ready`
   * once DATA is answered; false ends the session there, so the server drops the message (nothing was sent).
   */
  async send(envelope: Envelope, raw: Buffer, ready?: Promise<boolean>): Promise<MessageOutcome> {
    const { from, to } = envelope;
    if (ADDRESS_BREAKERS.test(from))
      return {
        ok: false,
        error: smtpError(`Invalid sender ${JSON.stringify(from)}`, 'EENVELOPE', 'API'),
        bodyWritten: false,
      };
    if (!to || ADDRESS_BREAKERS.test(to))
      return {
        ok: false,
        error: smtpError(`Invalid recipient ${JSON.stringify(to)}`, 'EENVELOPE', 'API'),
        bodyWritten: false,
      };
    if (this.closed) return { ok: false, error: this.apiClosed(), bodyWritten: false };
    const mailArgs: string[] = [];
    if (this.smtpUtf8 && (NON_ASCII.test(from) || NON_ASCII.test(to))) mailArgs.push('SMTPUTF8');
    const rcptArgs: string[] = [];
    if (this.dsn && envelope.envId) {
      if (envelope.orcpt) mailArgs.push('RET=HDRS');
      mailArgs.push(`ENVID=${xtext(envelope.envId)}`);
      if (envelope.orcpt)
        rcptArgs.push(`ORCPT=${xtext(envelope.orcpt.includes(';') ? envelope.orcpt : `rfc822;${envelope.orcpt}`)}`);
    }
    const mail = `MAIL FROM:<${from}>${mailArgs.length ? ` ${mailArgs.join(' ')}` : ''}\r\n`;
    const rcpt = `RCPT TO:<${to}>${rcptArgs.length ? ` ${rcptArgs.join(' ')}` : ''}\r\n`;

    let mailReply: Reply | null | undefined, rcptReply: Reply | null | undefined, dataReply: Reply | null | undefined;
    if (this.pipelining) {
      [mailReply, rcptReply, dataReply] = await this.command(`${mail}${rcpt}DATA\r\n`, 3);
    } else {
      [mailReply] = await this.command(mail, 1);
      if (mailReply && mailReply.code >= 300) return this.refused('Mail command failed', 'MAIL FROM', mailReply);
      [rcptReply] = mailReply ? await this.command(rcpt, 1) : [null];
      if (rcptReply && rcptReply.code >= 300)
        return this.refused("Can't send mail - all recipients were rejected", 'RCPT TO', rcptReply);
      [dataReply] = rcptReply ? await this.command('DATA\r\n', 1) : [null];
    }
    // Each reply in order: the first refusal names the message's fate (a 421 too: the session then ends).
    const dataOpen = !!dataReply && dataReply.code >= 200 && dataReply.code < 400;
    // A server that took DATA after refusing the envelope cannot be trusted with the session any more.
    if (!mailReply) return this.brokenOutcome('MAIL FROM', false);
    if (mailReply.code >= 300) {
      if (dataOpen) this.close();
      return this.refused('Mail command failed', 'MAIL FROM', mailReply);
    }
    if (!rcptReply) return this.brokenOutcome('RCPT TO', false);
    if (rcptReply.code >= 300) {
      if (dataOpen) this.close();
      return this.refused("Can't send mail - all recipients were rejected", 'RCPT TO', rcptReply);
    }
    if (!dataReply) return this.brokenOutcome('DATA', false);
    if (!dataOpen) return this.refused('Data command failed', 'DATA', dataReply);
    if (ready && !(await ready)) {
      this.close();
      return {
        ok: false,
        error: smtpError('Message withdrawn before its body', 'EWITHDRAWN', 'DATA'),
        bodyWritten: false,
      };
    }
    if (this.closed) return this.brokenOutcome('DATA', false);
    const [final] = await this.command(dataOf(raw), 1);
    if (!final) return this.brokenOutcome('DATA', true);
    if (final.code >= 300) return this.refused('Message failed', 'DATA', final, true);
    return { ok: true, reply: final.text };
  }

  /** RSET after a refused envelope: true when the session can take the next message. */
  async reset(): Promise<boolean> {
    if (this.closed) return false;
    const [r] = await this.command('RSET\r\n', 1);
    return !!r && r.code >= 200 && r.code < 300;
  }

  /** Ends the session (nodemailer's close: the socket ended, destroyed if the server keeps it open). */
  close() {
    this.end(this.apiClosed());
    this.conn.close();
  }

  private refused(message: string, command: string, reply: Reply, bodyWritten = false): MessageOutcome {
    return { ok: false, error: smtpError(message, 'EENVELOPE', command, reply), bodyWritten };
  }

  /** The session broke before the message's reply: no reply to read (smtp.ts places it by `bodyWritten`). */
  private brokenOutcome(command: string, bodyWritten: boolean): MessageOutcome {
    const b = this.broken;
    return {
      ok: false,
      error: smtpError(b?.message ?? 'Connection closed unexpectedly', b?.code ?? 'ECONNECTION', command),
      bodyWritten,
    };
  }

  private apiClosed() {
    return smtpError('Connection closed', 'ECONNECTION', 'API');
  }

  /** Writes `bytes` (one write) and resolves with the next `n` replies (null for each one a break took). */
  private command(bytes: string | Buffer, n: number): Promise<(Reply | null)[]> {
    return new Promise((done) => {
      if (this.closed) return done(Array<null>(n).fill(null));
      this.waiting.push({ n, got: [], done });
      this.socket.write(bytes);
    });
  }

  private onData(chunk: Buffer) {
    if (this.closed) return;
    const data = this.rest + chunk.toString('latin1');
    let start = 0;
    for (let lf = data.indexOf('\n'); lf !== -1; lf = data.indexOf('\n', start)) {
      const line = data.slice(start, lf > start && data.charCodeAt(lf - 1) === 13 ? lf - 1 : lf);
      start = lf + 1;
      if (!this.lines.length && !line.trim()) continue; // nodemailer skips empty lines between replies
      this.lines.push(line);
      if (/^\d+-/.test(line)) continue; // more lines of this reply follow
      const text = decode(this.lines.join('\n'));
      this.lines = [];
      this.onReply({ code: Number(/^\d+/.exec(text)?.[0] ?? 0), text });
      if (this.closed) return;
    }
    this.rest = data.slice(start);
    if (this.rest.length + this.lines.reduce((a, l) => a + l.length, 0) > MAX_REPLY) {
      this.end(smtpError('Server response exceeds maximum allowed size', 'EPROTOCOL', 'CONN'));
      this.close();
    }
  }

  private onReply(r: Reply) {
    const w = this.waiting[0];
    if (!w) {
      // Nothing was asked: a server closing the session (421) or one out of step; either way it ends.
      this.end(smtpError('Unexpected response', 'EPROTOCOL', 'CONN', r));
      return this.close();
    }
    w.got.push(r);
    if (w.got.length === w.n) {
      this.waiting.shift();
      w.done(w.got);
    }
    // RFC 5321 4.2: 421 means the server closes the session, whatever it answered.
    if (r.code === 421) {
      this.end(smtpError('Server closed the session', 'ECONNECTION', 'CONN', r));
      this.close();
    }
  }

  /** The session is over: every reply still awaited is null. */
  private end(reason: SmtpError) {
    if (this.closed && !this.waiting.length) return;
    this.closed = true;
    this.broken ??= reason;
    for (const w of this.waiting.splice(0)) {
      while (w.got.length < w.n) w.got.push(null);
      w.done(w.got);
    }
  }
}
