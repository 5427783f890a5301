/**
 * The JavaScript side of the import's stage on its own (no database): node bench/import/stage.ts [rows]
 *
 * Reads the benchmark's CSV through StageStream and the e-mail lists' row parser into a sink that only
 * counts the COPY text, five times, and prints each run and the medians of wall and CPU time (CPU time
 * moves less when the machine is shared). The stage of the full benchmark
 * is bound by this side (COPY of the text alone is ~0.9 s per million rows), so this is the number a
 * change of the row parser or of the mechanism around it moves.
 */
// @ts-nocheck

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StageStream } from '../../packages/server/src/core/imports/stage.ts';
import { EmailRows } from '../../packages/server/src/features/email-lists/import/email-rows.ts';
import { generateCsv } from './generate.ts';

const rows = Number(process.argv[2] ?? 1_000_000);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stage-'));
const file = path.join(tmp, 'emails.csv');
await generateCsv(file, rows);
const size = fs.statSync(file).size;
const domains = new Map([
  ['gmail.com', 1],
  ['yahoo.com', 2],
  ['hotmail.com', 3],
]);

const times: number[] = [];
const cpu: number[] = [];
try {
  for (let run = 0; run < 5; run++) {
    let bytes = 0;
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        done();
      },
    });
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await pipeline(
      fs.createReadStream(file, { highWaterMark: 1 << 20 }),
      new StageStream(new EmailRows(domains, 99, 1, size)),
      sink,
    );
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    console.log(
      `run ${run + 1}: ${Math.round(times.at(-1)!)} ms (${Math.round(cpu.at(-1)!)} ms CPU), ${(bytes / 1e6).toFixed(1)} MB of COPY text`,
    );
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2]!;
console.log(
  JSON.stringify({
    rows,
    medianMs: Math.round(median(times)),
    medianCpuMs: Math.round(median(cpu)),
    rowsPerSecond: Math.round(rows / (median(times) / 1000)),
  }),
);
