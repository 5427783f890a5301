/**
 * The worker's SMTP path alone: `node bench/send/transport.ts [messages=20000] [relays=10]`.
 * Builds and sends `messages` newsletter-shaped messages (bench/lib/newsletter.ts's HTML, a fresh tracking
 * id and name in each) through the engine's SMTP transport (`smtpTransport`: MIME, dot-stuffing,
 * SmtpSession on the session nodemailer's SMTPConnection opened), relays x SENDER_CONNECTIONS_PER_RELAY
 * sessions, into bench/send's sinks in their own process; no database. Prints CPU per message of this
 * process (user + system) and of the sinks.
 * On a shared machine the end-to-end bench's CPU per message moves with the load; this one isolates the
 * sending path, short enough to run old and new code alternately (decision 1200).
 */
import crypto from 'node:crypto';
import net from 'node:net';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { exit, spawnTracked, stopChild } from '../lib/hermetic.ts';
import { cpuMs } from '../lib/measure.ts';
import { smtpTransport } from '../../packages/server/src/sending/transports/smtp.ts';
import type { OutgoingMessage, Transport } from '../../packages/server/src/sending/transports/transport.ts';

const total = Number(process.argv[2] ?? 20_000);
const relayCount = Number(process.argv[3] ?? 10);
const sessions = Number(process.env.SENDER_CONNECTIONS_PER_RELAY ?? 5);

const sinks = spawnTracked(
  'the sinks',
  process.execPath,
  [fileURLToPath(new URL('sinks.ts', import.meta.url)), String(relayCount)],
  { stdio: ['pipe', 'pipe', 'inherit'] },
);
const lines = readline.createInterface({ input: sinks.stdout! });
const nextLine = () => new Promise<string>((resolve) => lines.once('line', resolve));
const { ports } = JSON.parse(await nextLine()) as { ports: number[] };

const connect = (host: string, port: number) =>
  new Promise<net.Socket>((resolve, reject) => {
    const s = net.connect(port, host, () => resolve(s));
    s.once('error', reject);
  });
const transports: Transport[] = ports.map((port, i) =>
  smtpTransport({
    host: '127.0.0.1',
    port,
    tls: false,
    account: `relay${i}`,
    password: `pw${i}`,
    maxConnections: sessions,
    connect: { host: connect, socks: connect },
  }),
);

const lorem = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(25);
const loremText = lorem.replace(/(.{1,75})( |$)/g, '$1\n');
function message(i: number): OutgoingMessage {
  const uuid = crypto.randomBytes(24).toString('base64url');
  const link = (p: string) => `https://trk.example.com/t/${p}/${uuid}/x`;
  const html = `<html><body><table><tr><td><h1>Hello Name${i} from City</h1>\n<p>${lorem}</p>\n<p><a href="${link('c')}">See the offer</a> - <a href="${link('u')}">unsubscribe</a></p><img src="${link('o')}"></td></tr></table></body></html>`;
  return {
    from: { name: `Bench Name${i}`, address: 'news@relay0.example.net' },
    to: `user${i}@example${i % 50}.com`,
    subject: `News for Name${i} b`,
    html,
    text: `Hello Name${i} from City\n\n${loremText}\nSee the offer [${link('c')}] - unsubscribe [${link('u')}]`,
    messageId: `<${crypto.randomUUID()}@relay0.example.net>`,
    headers: {
      'X-Console-Id': uuid,
      'List-Id': '"big" <list-1.user-1.localhost>',
      'List-Unsubscribe': `<${link('u')}>`,
    },
  };
}

/** Sends `n` messages (made beforehand), one per free session, as the runner does; measures the sending. */
async function run(n: number) {
  const messages = Array.from({ length: n }, (_, i) => message(i));
  const sinksBefore = cpuMs(sinks.pid);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  let accepted = 0;
  const lane = async (t: Transport) => {
    while (next < n) {
      const r = await t.send(messages[next++]!);
      if (r.kind === 'accepted') accepted++;
    }
  };
  await Promise.all(transports.flatMap((t) => Array.from({ length: sessions }, () => lane(t))));
  const seconds = (performance.now() - t0) / 1000;
  return { accepted, seconds, cpu: process.cpuUsage(c0), sinkMs: cpuMs(sinks.pid) - sinksBefore };
}

try {
  await run(2_000); // sessions open, code warm
  const { accepted, seconds, cpu: c, sinkMs } = await run(total);
  console.log(
    `${accepted} of ${total} accepted in ${seconds.toFixed(1)} s = ${Math.round(accepted / seconds)} messages/s; ` +
      `CPU µs per message: this process ${((c.user + c.system) / total).toFixed(1)} (user ${(c.user / total).toFixed(1)}, ` +
      `system ${(c.system / total).toFixed(1)}), sinks ${((sinkMs * 1000) / total).toFixed(1)}`,
  );
} finally {
  for (const t of transports) t.close();
  sinks.stdin!.end();
  await stopChild(sinks);
}
await exit(0);
