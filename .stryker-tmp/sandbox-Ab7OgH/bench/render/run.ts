/**
 * Render benchmark: node bench/render/run.ts [recipients=100000] [mime=20000]
 *
 * A realistic 30 KB HTML message (fixture.ts: tables, inline CSS, a <style> block with braces, 21 macros:
 * static, saved dynamic tags, live tags, offer/unsubscribe/pixel links) compiled once and rendered for
 * `recipients` distinct recipients on one core. Reports messages per second for the render alone (a
 * JavaScript string, as the engine builds it) and with the UTF-8 bytes a transport writes; then (mime.ts)
 * the complete message the engine hands to SMTP, `mime` messages per measure, beside nodemailer's composer.
 * RECORD=1 appends the run to RESULTS.md.
 */
// @ts-nocheck

import { renderDate, renderMessage } from '../../packages/server/src/sending/render/message.ts';
import { html, m, macros, people } from './fixture.ts';
import { seededRng } from '../../packages/server/src/sending/render/random.ts';
import { deadline, exit } from '../lib/hermetic.ts';
import { ownCpuMs, record } from '../lib/measure.ts';
import { mimeMeasures } from './mime.ts';

const recipients = Number(process.argv[2] ?? 100_000);
const mimeMessages = Number(process.argv[3] ?? 20_000);
deadline(600, () => 'render');

const env = { rng: seededRng(42), date: renderDate() };

/** 'rope': the string as built (V8 joins lazily); 'flat': made one piece, as a transport reads it; 'bytes': UTF-8. */
function run(mode: 'rope' | 'flat' | 'bytes') {
  let total = 0;
  const cpu0 = ownCpuMs();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < recipients; i++) {
    const r = people[i % people.length]!;
    const out = renderMessage(m, { ...r, uuid: `${r.uuid}${i}` }, env);
    if (mode === 'bytes') total += Buffer.byteLength(out.html) + Buffer.byteLength(out.subject);
    else if (mode === 'flat') total += out.html.charCodeAt(out.html.length >> 1) > 0 ? out.html.length : 0;
    else total += out.html.length;
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return {
    perSecond: recipients / seconds,
    seconds,
    avg: total / recipients,
    cpuUs: ((ownCpuMs() - cpu0) * 1000) / recipients,
  };
}

const lines: string[] = [];
const log = (line: string) => (console.log(line), lines.push(line));
const rate = (n: number) => Math.round(n).toLocaleString('en').padStart(9);
log(`message: ${(html.length / 1024).toFixed(1)} KB, ${macros.length} macros, ${m.html.length} parts`);
run('rope'); // warm-up
for (const [mode, label] of [
  ['rope', 'render, string as built'],
  ['flat', 'render, string made flat'],
  ['bytes', 'render + UTF-8 bytes'],
] as const) {
  const r = run(mode);
  log(
    `${label.padEnd(44)} ${rate(r.perSecond)} messages/s, ${r.cpuUs.toFixed(1).padStart(6)} µs CPU per message (${recipients.toLocaleString('en')})`,
  );
}
const mime = await mimeMeasures(mimeMessages);
const reference = mime.at(-1)!;
for (const r of mime)
  log(
    `${r.label.padEnd(44)} ${rate(r.perSecond)} messages/s, ${r.cpuUsPerMessage.toFixed(1).padStart(6)} µs CPU per message, ` +
      `${Math.round(r.bytes).toLocaleString('en')} bytes, ${(r.perSecond / reference.perSecond).toFixed(2)} x the reference's rate, ` +
      `${(reference.cpuUsPerMessage / r.cpuUsPerMessage).toFixed(2)} x by CPU (${r.n.toLocaleString('en')})`,
  );
record(
  import.meta.dirname,
  `render, ${recipients.toLocaleString('en')} renders, ${mimeMessages.toLocaleString('en')} MIME messages per measure`,
  lines,
);
await exit(0);
