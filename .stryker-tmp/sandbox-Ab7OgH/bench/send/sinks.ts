/**
 * The SMTP sinks of bench/send, in a process of their own: `node bench/send/sinks.ts [n=10]`
 * starts n sinks on loopback (login `relay<i>` / `pw<i>`, which the workers give; smtp-source, the reference,
 * sends without one), prints their ports as one JSON line, and answers
 * every line it reads on stdin with the number of messages accepted so far.
 */
// @ts-nocheck

import readline from 'node:readline';
import { startSmtpSink } from '../../packages/server/test/peers/smtp-sink.ts';

const n = Number(process.argv[2] ?? 10);
const sinks = await Promise.all(
  Array.from({ length: n }, (_, i) =>
    startSmtpSink({ credentials: { user: `relay${i}`, password: `pw${i}` }, countOnly: true, loginOptional: true }),
  ),
);
console.log(JSON.stringify({ ports: sinks.map((s) => s.port) }));
readline.createInterface({ input: process.stdin }).on('line', () => {
  console.log(JSON.stringify({ accepted: sinks.reduce((a, s) => a + s.accepted(), 0) }));
});
process.stdin.on('end', () => process.exit(0));
