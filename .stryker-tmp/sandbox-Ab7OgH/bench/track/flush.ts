/**
 * The tracker's group commit alone: node bench/track/flush.ts [recipients] [hits] [batch sizes]
 * (defaults 100,000 recipients, 60,000 hits per size, sizes `16,32,64,128,256`)
 *
 * No HTTP: the hits go straight into a `GroupCommit`, one batch of exactly `size` hits at a time (four opens to
 * a click, each at a recipient drawn at random, as in bench/track/run.ts), so the CPU per hit of the app and of
 * PostgreSQL can be read against the batch size. A least-squares line through the sizes splits it into what a
 * flush costs whatever its size (round trips, statements' start, COMMIT) and what each hit adds: the figures
 * that say how much a larger batch saves (decision 1250). Same database choice as run.ts.
 */
// @ts-nocheck

import { startBenchApp } from '../lib/bench-app.ts';
import { exit } from '../lib/hermetic.ts';
import { machine, ownCpuMs, postgresCpu, record } from '../lib/measure.ts';
import { GroupCommit } from '../../packages/server/src/tracking/group-commit.ts';
import { CampaignCache } from '../../packages/server/src/tracking/campaigns.ts';
import { seedCampaign } from './seed.ts';

const total = Number(process.argv[2] ?? 100_000);
const hits = Number(process.argv[3] ?? 60_000);
const sizes = (process.argv[4] ?? '16,32,64,128,256').split(',').map(Number);
let doing = 'seeding';
const { ctx, q } = await startBenchApp('flush', { schedules: false, jobs: [], deadlineS: 1800, doing: () => doing });

console.log(`seeding a campaign of ${total.toLocaleString('en')} recipients ...`);
const { campaign, recipients } = await seedCampaign(q, total);
const tracked = (await new CampaignCache(ctx.db.$client).get('smtp', campaign.id))!;
const pgCpu = await postgresCpu(q);

const lines: string[] = [];
const say = (line: string) => (console.log(line), lines.push(line));
say(`${hits.toLocaleString('en')} hits per batch size, one batch at a time (4 opens : 1 click)`);
const points: { size: number; app: number; pg: number }[] = [];
for (const size of sizes) {
  doing = `batches of ${size}`;
  // A gathering delay longer than any batch takes to fill: each flush starts when it holds `size` hits.
  const commits = new GroupCommit(ctx, { maxBatch: size, delayMs: 60_000 });
  const [app0, pg0] = [ownCpuMs(), pgCpu()];
  for (let sent = 0; sent < hits; sent += size) {
    const batch = Array.from({ length: size }, (_, i) => {
      const r = recipients[Math.floor(Math.random() * recipients.length)]!;
      const click = (sent + i) % 5 === 4;
      return commits.hit({
        kind: click ? 'click' : 'open',
        campaign: tracked,
        relayId: r.relayId,
        emailId: Number(r.emailId),
        detail: click ? () => 'https://offer.example.com/x' : undefined,
      });
    });
    await Promise.all(batch);
  }
  await commits.close();
  const n = Math.ceil(hits / size) * size;
  const point = { size, app: ((ownCpuMs() - app0) * 1000) / n, pg: ((pgCpu() - pg0) * 1000) / n };
  points.push(point);
  say(
    `batches of ${String(size).padStart(4)}: CPU per hit app ${point.app.toFixed(1)} + PostgreSQL ${point.pg.toFixed(1)} µs`,
  );
}

/** Least squares of `cost per hit = perHit + perFlush / size`. */
function fit(ys: number[]) {
  const xs = points.map((p) => 1 / p.size);
  const mx = xs.reduce((a, b) => a + b) / xs.length;
  const my = ys.reduce((a, b) => a + b) / ys.length;
  const slope = xs.reduce((a, x, i) => a + (x - mx) * (ys[i]! - my), 0) / xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  return { perFlushMs: slope / 1000, perHitUs: my - slope * mx };
}
if (points.length > 1) {
  for (const [name, f] of [
    ['app', fit(points.map((p) => p.app))],
    ['PostgreSQL', fit(points.map((p) => p.pg))],
  ] as const)
    say(`${name}: ${f.perFlushMs.toFixed(2)} ms a flush + ${f.perHitUs.toFixed(1)} µs a hit`);
}
record(import.meta.dirname, `flush ${machine().slice(0, 16)}`, lines);
await exit(0);
