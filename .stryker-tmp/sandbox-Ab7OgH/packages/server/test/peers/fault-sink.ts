// @ts-nocheck
import net from 'node:net';

/*
 * An SMTP server on loopback written for the fault tests (issue 23): a plain line protocol so that each
 * fault happens exactly where the test says. It can drop the connection on DATA (before its 354: the client
 * cannot have written the message), or after the final dot without a reply (the message arrived and its
 * answer is lost), answer 421 at RCPT, and refuse a login until the test fixes the password.
 */

export type Fault = 'dropOnData' | 'dropAfterDot' | 'tempFail' | null;

export interface FaultSinkOptions {
  /** The fault for this recipient's `tries`-th RCPT (1-based). */
  fault?: (rcpt: string, tries: number) => Fault;
  /** AUTH PLAIN required with this password (any user); change it with `setPassword`. */
  password?: string;
}

export interface FaultSink {
  port: number;
  /** Every message whose final dot arrived, by envelope recipient (answered or not). */
  arrived: Map<string, number>;
  /** Recipients whose message arrived and whose 250 was never sent (dropped after the dot). */
  unanswered: Set<string>;
  authFailures: number;
  total: () => number;
  setPassword: (p: string) => void;
  close: () => Promise<void>;
}

export async function startFaultSink(o: FaultSinkOptions = {}): Promise<FaultSink> {
  let password = o.password;
  const tries = new Map<string, number>();
  const sockets = new Set<net.Socket>();
  const sink: FaultSink = {
    port: 0,
    arrived: new Map(),
    unanswered: new Set(),
    authFailures: 0,
    total: () => [...sink.arrived.values()].reduce((a, b) => a + b, 0),
    setPassword: (p) => (password = p),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buf = '';
    let inData = false;
    let authed = password === undefined;
    let rcpt = '';
    let fault: Fault = null;
    const say = (line: string) => socket.write(`${line}\r\n`);
    say('220 fault-sink ESMTP');
    socket.on('data', (d: Buffer) => {
      buf += d.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buf.indexOf('\r\n.\r\n');
          if (end < 0) return;
          buf = buf.slice(end + 5);
          inData = false;
          sink.arrived.set(rcpt, (sink.arrived.get(rcpt) ?? 0) + 1);
          if (fault === 'dropAfterDot') {
            sink.unanswered.add(rcpt);
            socket.destroy();
            return;
          }
          say('250 2.0.0 queued');
          continue;
        }
        const nl = buf.indexOf('\r\n');
        if (nl < 0) return;
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          say('250-fault-sink');
          if (password !== undefined) say('250-AUTH PLAIN');
          say('250 8BITMIME');
        } else if (verb === 'HELO') say('250 fault-sink');
        else if (verb === 'AUTH') {
          const plain = Buffer.from(line.split(' ')[2] ?? '', 'base64')
            .toString('utf8')
            .split('\0');
          if (plain[2] === password) {
            authed = true;
            say('235 2.7.0 Authentication successful');
          } else {
            sink.authFailures++;
            say('535 5.7.8 Authentication credentials invalid');
          }
        } else if (verb === 'MAIL') say(authed ? '250 2.1.0 ok' : '530 5.7.0 Authentication required');
        else if (verb === 'RCPT') {
          rcpt = (/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase();
          const n = (tries.get(rcpt) ?? 0) + 1;
          tries.set(rcpt, n);
          fault = o.fault?.(rcpt, n) ?? null;
          if (fault === 'tempFail') say('421 4.7.0 Too many messages, try again later');
          else say('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          if (fault === 'dropOnData') {
            socket.destroy();
            return;
          }
          inData = true;
          say('354 go ahead');
        } else if (verb === 'RSET') say('250 2.0.0 ok');
        else if (verb === 'QUIT') {
          say('221 bye');
          socket.end();
          return;
        } else if (verb === 'NOOP') say('250 ok');
        else say('502 5.5.2 not implemented');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  sink.port = (server.address() as net.AddressInfo).port;
  return sink;
}
