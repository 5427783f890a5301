/**
 * Warm-up allowance benchmark: node bench/warmup/run.ts [takers] [takes]
 * (defaults 8 concurrent takers, 20,000 takes)
 *
 * What a relay in a warm-up plan costs the engine per message (decision 1431): `takeAllowance`, the one
 * conditional upsert every sender process runs before handing a message to the relay. `takers` concurrent
 * callers (as many sender processes' relays) take units of one relay and mail service until `takes` calls
 * were made: p50 / p95 of a call and takes per second, first with room (every call takes a unit), then over
 * the allowance (every call is refused: what a relay that is full costs until the pool remembers it). The
 * count must come out exact: never more units than the allowance.
 * Uses DATABASE_URL when set (a fresh database on that server), otherwise an embedded PostgreSQL.
 */
import { exit } from '../lib/hermetic.ts';
import { startBenchApp } from '../lib/bench-app.ts';
import { record } from '../lib/measure.ts';
import { takeAllowance } from '../../packages/server/src/sending/warmup.ts';

const takers = Number(process.argv[2] ?? 8);
const takes = Number(process.argv[3] ?? 20_000);
const { ctx, q, stop } = await startBenchApp('warmup', { schedules: false, jobs: [], deadlineS: 600 });
const db = ctx.db.$client;

async function phase(label: string, relayId: number, perDay: number) {
  const times: number[] = [];
  let left = takes;
  let taken = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: takers }, async () => {
      while (left-- > 0) {
        const s = performance.now();
        const full = await takeAllowance(db, { type: 2, id: relayId }, 1, { perDay, perHour: perDay });
        times.push(performance.now() - s);
        if (full === null) taken++;
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(2);
  const { rows } = await q('select used from warmup_usage where relay_id = $1', [relayId]);
  const used = rows[0]?.used ?? 0;
  if (used !== Math.min(perDay, takes) || taken !== used) throw new Error(`${label}: used ${used}, taken ${taken}`);
  const line = `| ${label} | ${takers} | ${takes.toLocaleString('en')} | ${pct(50)} ms | ${pct(95)} ms | ${Math.round(takes / wall).toLocaleString('en')} /s | ${used.toLocaleString('en')} |`;
  console.log(line);
  return line;
}

const lines = [
  '| phase | takers | calls | p50 | p95 | calls per second | units taken (exact) |',
  '|---|---|---|---|---|---|---|',
  await phase('with room', 1, takes * 2),
  await phase('over the allowance after 1,000', 2, 1_000),
];
record(import.meta.dirname, `takeAllowance, ${takers} concurrent takers`, lines);
await stop();
await exit(0);
