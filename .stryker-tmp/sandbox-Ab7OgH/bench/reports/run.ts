/**
 * Reports benchmark: node bench/reports/run.ts [events=10000000] [campaigns=200] [seconds=30]
 *
 * 1. Seeds the history of seed.ts (1,000 PMTA relays, `campaigns` campaigns over 90 days, `events` events)
 *    with its counters and rollups.
 * 2. Rollup maintenance: appends 200,000 more events through the real `recordEvents` (every counter and
 *    rollup kept in the same statement) from 4 connections at once, in batches of 200 (a sender's or a
 *    tracker's group commit), and reports events/s (target: at least 5,000).
 * 3. The jobs of the reports (relay indicators, relay deliverability) over the whole history, timed once.
 * 4. Every report, the dashboard and home through the app (inject, no socket), as an administrator (all
 *    users, 90 days) and as an ordinary user (the default 7 days): p50 and p95 of 30 calls after 3 warm-ups
 *    (target: p95 under 300 ms).
 * 5. 16 concurrent users over real HTTP for `seconds` (concurrent.ts): p50/p95/p99 per call kind, the
 *    throughput, the app's and PostgreSQL's CPU per call (target: p95 under 300 ms for every kind).
 * Uses DATABASE_URL's server when set, else an embedded PostgreSQL (run without it on a shared machine: the
 * CPU measured for PostgreSQL is then only this bench's). RECORD=1 appends the run to RESULTS.md.
 */
// @ts-nocheck

import { exit } from '../lib/hermetic.ts';
import { machine, record } from '../lib/measure.ts';
import { concurrentUsers } from './concurrent.ts';
import { startBenchApp } from '../lib/bench-app.ts';
import { inTransaction } from '../../packages/server/src/db/transaction.ts';
import { recordEvents, type EventInput } from '../../packages/server/src/tracking/events.ts';
import { CampaignType, EventKind, type EventKindName } from '../../packages/shared/src/enums.ts';
import { defaultReportRange, utcDay } from '../../packages/shared/src/reports.ts';
import { seedHistory } from './seed.ts';
import { reportCalls, runReportJobs } from './calls.ts';

const events = Number(process.argv[2] ?? 10_000_000);
const campaigns = Number(process.argv[3] ?? 200);
const seconds = Number(process.argv[4] ?? 30);
const { app, ctx, q, token, stop, statements } = await startBenchApp('reports', {
  schedules: false,
  jobs: [],
  deadlineS: 3600,
});
const lines: string[] = [];
const log = (s: string) => (console.log(s), lines.push(s));
let met: boolean | undefined;

try {
  log(`${machine()}`);
  log(`${(await q('select version()')).rows[0]!.version}`);
  log(`seeding ${events.toLocaleString('en')} events of ${campaigns} campaigns ...`);
  let t0 = performance.now();
  const h = await seedHistory(q, events, campaigns, log);
  log(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const sizes = await q(`select relname, n_live_tup from pg_stat_user_tables
    where relname in ('event_rollup_hourly', 'event_rollup_daily', 'conversion_rollup_daily', 'campaign_counters')`);
  log(`rollup rows: ${sizes.rows.map((r) => `${r.relname} ${Number(r.n_live_tup).toLocaleString('en')}`).join(', ')}`);

  // 2. Rollup maintenance through recordEvents.
  const live = (await q(`select id, type, user_id from campaigns order by id desc limit 20`)).rows;
  const kinds = Object.keys(EventKind) as EventKindName[];
  const batch = (n: number, seed: number): EventInput[] =>
    Array.from({ length: n }, (_, i) => {
      const c = live[(seed + i) % live.length]!;
      const kind = kinds[(seed * 7 + i) % kinds.length]!;
      return {
        kind,
        campaignType: c.type === CampaignType.PMTA ? 'pmta' : 'smtp',
        campaignId: c.id,
        userId: c.user_id,
        relayId: h.relayIds[(seed + i) % h.relayIds.length]!,
        mailProviderId: h.providerIds[i % h.providerIds.length]!,
        domain: `d${i % 20}.example`,
        emailId: seed * 1000 + i,
        first: i % 3 === 0,
        amountCents: kind === 'conversion' ? 250 : 0,
        country: kind === 'conversion' ? 'US' : null,
      };
    });
  const total = 200_000;
  const per = 200;
  let next = 0;
  t0 = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < total / per) {
        const seed = next++;
        await inTransaction(ctx.db, (client) => recordEvents(client, batch(per, seed)));
      }
    }),
  );
  const took = (performance.now() - t0) / 1000;
  log(
    `rollup maintenance: ${total.toLocaleString('en')} events through recordEvents in ${took.toFixed(1)} s = ` +
      `${Math.round(total / took).toLocaleString('en')} events/s (4 connections, batches of ${per})`,
  );

  // 3. The jobs.
  for (const [name, ms] of await runReportJobs(ctx)) log(`job ${name}: ${ms.toFixed(0)} ms`);
  await q('analyze');

  // 4. The calls.
  const admin = await token(h.admin);
  const user = await token(h.user);
  const today = new Date();
  const wide = { fromDate: utcDay(new Date(today.getTime() - 89 * 86_400_000)), toDate: utcDay(today) };
  const week = defaultReportRange(today);
  log('call (administrator: 90 days, every user | user: 7 days, own data)      p50 ms    p95 ms');
  for (const call of reportCalls(h, wide, week)) {
    const bearer = call.as === 'admin' ? admin : user;
    const once = async () => {
      const start = performance.now();
      const res = await app.inject({
        method: call.method,
        url: call.url,
        payload: call.body,
        headers: { authorization: `Bearer ${bearer}` },
      });
      if (res.statusCode !== 200) throw new Error(`${call.url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return performance.now() - start;
    };
    for (let i = 0; i < 3; i++) await once();
    const samples: number[] = [];
    for (let i = 0; i < 30; i++) samples.push(await once());
    samples.sort((a, b) => a - b);
    const p = (x: number) => samples[Math.min(samples.length - 1, Math.ceil(x * samples.length) - 1)]!;
    log(
      `  ${`${call.label} (${call.as})`.padEnd(66)} ${p(0.5).toFixed(1).padStart(7)} ${p(0.95).toFixed(1).padStart(9)}`,
    );
  }

  // 5. 16 concurrent users over HTTP.
  met = await concurrentUsers(
    { app, q, token, calls: reportCalls(h, wide, week), admins: 4, users: 12, seconds, statements },
    log,
  );
  record(
    import.meta.dirname,
    `reports, ${events.toLocaleString('en')} events, 16 users over HTTP for ${seconds} s`,
    lines,
  );
} finally {
  await stop();
}
await exit(met ? 0 : 3);
