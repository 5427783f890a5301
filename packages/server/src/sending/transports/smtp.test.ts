import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink, type SmtpSinkOptions } from '../../../test/peers/smtp-sink.ts';
import { smtpTransport } from './smtp.ts';
import type { OutgoingMessage, SendResult, Transport } from './transport.ts';

/*
 * The SMTP transport's message path (decision 1495: SmtpSession on the session nodemailer opened) against a
 * real SMTP server: envelopes with their DSN parameters, what a refused envelope, a 421 and a line starting
 * with a dot do. One session (maxConnections 1) so that the messages follow each other on it.
 */

const connect = (host: string, port: number) =>
  new Promise<net.Socket>((resolve, reject) => {
    const s = net.connect(port, host, () => resolve(s));
    s.once('error', reject);
  });

let sink: SmtpSink | undefined;
let transport: Transport | undefined;
afterEach(async () => {
  transport?.close();
  await sink?.close();
});

async function oneSession(o: SmtpSinkOptions) {
  sink = await startSmtpSink({ credentials: { user: 'u', password: 'p' }, keepRaw: true, dsn: true, ...o });
  transport = smtpTransport({
    host: '127.0.0.1',
    port: sink.port,
    tls: false,
    account: 'u',
    password: 'p',
    maxConnections: 1,
    connect: { host: connect, socks: connect },
  });
  return { sink, transport };
}

const message = (to: string, html = `<p>Hello ${to}</p>`): OutgoingMessage => ({
  from: { name: 'News', address: 'news@sender.example' },
  to,
  subject: `For ${to}`,
  html,
  text: `Hello ${to}`,
  messageId: `<${to.replace('@', '.')}@sender.example>`,
  headers: { 'X-Console-Id': `id-${to}` },
  envId: `env+${to}`,
  orcpt: to,
});

const kinds = (results: SendResult[]) => results.map((r) => ('code' in r ? `${r.kind} ${r.code}` : r.kind));

describe('the SMTP transport: messages one after the other on a session (decision 1495)', () => {
  it('sends messages handed over at once through one session, each with its own envelope and DSN parameters', async () => {
    const { sink, transport } = await oneSession({});
    const to = Array.from({ length: 6 }, (_, i) => `r${i}@example.org`);
    const results = await Promise.all(to.map((r) => transport.send(message(r))));
    expect(kinds(results)).toEqual(to.map(() => 'accepted'));
    expect(sink.messages.map((m) => m.to)).toEqual(to.map((r) => [r]));
    for (const [i, m] of sink.messages.entries()) {
      expect(m.from).toBe('news@sender.example');
      expect(m.headers.get('x-console-id')).toBe(`id-${to[i]}`);
      // xtext (RFC 3461): `+` is +2B.
      expect(m.dsn).toEqual({ envid: `env+${to[i]}`, ret: 'HDRS', orcpt: `rfc822;${to[i]}` });
    }
  });

  it('keeps a line starting with a dot (dot-stuffed on the wire, unstuffed by the server)', async () => {
    const { sink, transport } = await oneSession({});
    const html = '<p>first</p>\n.hidden line\n..two dots\n.';
    const results = await Promise.all([
      transport.send(message('a@example.org', html)),
      transport.send(message('b@example.org', html)),
    ]);
    expect(kinds(results)).toEqual(['accepted', 'accepted']);
    for (const m of sink.messages) expect(m.raw!.toString()).toContain('\r\n.hidden line\r\n..two dots\r\n.\r\n');
  });

  it('resets the session after a refused recipient: the messages after it still go', async () => {
    const { sink, transport } = await oneSession({ reject: (r) => r.startsWith('unknown') });
    const to = ['a@example.org', 'unknown@example.org', 'b@example.org', 'unknown2@example.org', 'c@example.org'];
    const results = await Promise.all(to.map((r) => transport.send(message(r))));
    expect(kinds(results)).toEqual(['accepted', 'rejected 550', 'accepted', 'rejected 550', 'accepted']);
    expect(sink.messages.map((m) => m.to[0])).toEqual(['a@example.org', 'b@example.org', 'c@example.org']);
  });

  it('a 421 ends the session: that message is deferred, the one waiting for the session goes on a new one', async () => {
    const { sink, transport } = await oneSession({ tempFail: (r, tries) => r.startsWith('busy') && tries === 1 });
    expect((await transport.send(message('open@example.org'))).kind).toBe('accepted'); // the session is open
    const first = await Promise.all(['busy@example.org', 'a@example.org'].map((r) => transport.send(message(r))));
    expect(kinds(first)).toEqual(['deferred 421', 'accepted']);
    expect(kinds([await transport.send(message('busy@example.org'))])).toEqual(['accepted']);
    expect(sink.messages.map((m) => m.to[0])).toEqual(['open@example.org', 'a@example.org', 'busy@example.org']);
  });
});
