/**
 * Where PostgreSQL spends a call's time, planning against executing (issue 42's risks at scale, decisions
 * 1500-1503): `node bench/scale/probe.ts [--events=2000000] [--campaigns=400] [--months=13] [--recipients=100]
 * [--samples=20]`. Seeds the scale bench's history (bench/reports/seed.ts) and a recipients' partition per
 * campaign (the last five campaigns Active), then, per call (the campaign lists, the administrators' year-long
 * reports): wall time p50 over `samples` calls after two warm-ups, and pg_stat_statements' mean planning and
 * execution of its statements; and the dead-worker check's statements (sending/reconcile.ts) under EXPLAIN
 * (ANALYZE, SUMMARY), every partition against the sending campaigns'. Runs under nice 19 like run.ts.
 */
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({
  options: {
    events: { type: 'string', default: '2000000' },
    campaigns: { type: 'string', default: '400' },
    months: { type: 'string', default: '13' },
    recipients: { type: 'string', default: '100' },
    samples: { type: 'string', default: '20' },
  },
});
if (process.env.SCALE_NICE !== '0' && os.getPriority() < 19) {
  const r = spawnSync('nice', ['-n', '19', 'ionice', '-c3', process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, SCALE_NICE: '0' },
  });
  process.exit(r.status ?? 1);
}
process.env.PG_STATS = '1';

const { exit } = await import('../lib/hermetic.ts');
const { machine } = await import('../lib/measure.ts');
const { startBenchApp } = await import('../lib/bench-app.ts');
const { seedHistory } = await import('../reports/seed.ts');
const { scaleCalls } = await import('./calls.ts');
const { utcDay } = await import('../../packages/shared/src/reports.ts');
const { CampaignType, CampaignStatus } = await import('../../packages/shared/src/enums.ts');
const { reconcile } = await import('../../packages/server/src/sending/reconcile.ts');

const { app, ctx, q, token } = await startBenchApp('probe', { schedules: false, jobs: [], deadlineS: 3600 });
const one = async (text: string, params: unknown[] = []) => (await q(text, params)).rows[0]!;
const log = (s: string) => console.log(s);
try {
  log(machine());
  const events = Number(opt.events);
  const campaigns = Number(opt.campaigns);
  const h = await seedHistory(q, events, campaigns, log, { days: Math.round(Number(opt.months) * 30.44) });
  await q(`do $$ declare c int; begin
    for c in select id from campaigns loop
      execute format('create table %I partition of campaign_recipients for values in (%s)', 'campaign_recipients_' || c, c);
    end loop; end $$`);
  await q(
    `insert into campaign_recipients (campaign_id, email_id, email, domain, mail_provider_id, status, done_at)
     select c.id, g, 'r' || g || '@d' || g % 20 || '.example', 'd' || g % 20 || '.example', 1, 3, c.start_date
       from campaigns c, generate_series(1, $1::int) g`,
    [Number(opt.recipients)],
  );
  await q(
    `update campaigns set status = ${CampaignStatus.Active}, end_date = null
      where id in (select id from campaigns order by id desc limit 5)`,
  );
  await q('vacuum analyze');
  log(
    `${events.toLocaleString('en')} events, ${campaigns} campaigns over ${opt.months} months, ` +
      `${(await one('select count(*)::int as n from event_rollup_daily')).n.toLocaleString('en')} daily rollup rows, ` +
      `${(await one(`select count(*)::int as n from pg_inherits where inhparent = 'campaign_recipients'::regclass`)).n} recipients' partitions`,
  );

  const today = new Date();
  const year = { fromDate: utcDay(new Date(today.getTime() - 364 * 86_400_000)), toDate: utcDay(today) };
  const month = { fromDate: utcDay(new Date(today.getTime() - 29 * 86_400_000)), toDate: utcDay(today) };
  // What a year-long report sums (decision 1500), whatever the machine's load: the daily rows against rollupOver's.
  const { rollupOver } = await import('../../packages/server/src/core/reports.ts');
  const { sql } = await import('drizzle-orm');
  const yearRows = async (from: ReturnType<typeof sql>) =>
    Number((await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ${from} d`)).rows[0]!.n);
  log(
    `a year (${year.fromDate} .. ${year.toDate}): ${(await yearRows(sql`(select * from event_rollup_daily where day between ${year.fromDate}::date and ${year.toDate}::date)`)).toLocaleString('en')} daily rollup rows, ` +
      `${(await yearRows(rollupOver(year))).toLocaleString('en')} rows through rollupOver (monthly + edge days)`,
  );
  // The PMTA relays report's sum over a year, both ways, as plans (PROBE_PLANS=1).
  if (process.env.PROBE_PLANS === '1')
    for (const from of [
      sql`(select * from event_rollup_daily where day between ${year.fromDate}::date and ${year.toDate}::date)`,
      rollupOver(year),
    ]) {
      const { rows } = await ctx.db.execute<Record<string, string>>(
        sql`explain (analyze, buffers) select d.relay_id, sum(d.delivered), sum(d.bounced), sum(d.unique_opens)
              from ${from} d where d.campaign_type = ${CampaignType.PMTA} and d.relay_id <> 0 group by d.relay_id`,
      );
      for (const r of rows) log(`    ${r['QUERY PLAN']}`);
    }
  const campaignOf = async (type: number) =>
    Number((await one(`select id from campaigns where type = $1 order by id desc limit 1`, [type])).id);
  const calls = scaleCalls(
    h,
    { pmta: await campaignOf(CampaignType.PMTA), smtp: await campaignOf(CampaignType.SMTP) },
    year,
    month,
  ).filter((c) => /campaigns/.test(c.label) || (c.as === 'admin' && c.label.endsWith(', a year')));
  const tokens = { admin: await token(h.admin), user: await token(h.user) };
  const samples = Number(opt.samples);
  await q('create extension if not exists pg_stat_statements');
  log('call                                                         wall p50 ms   PostgreSQL per call: plan + exec ms');
  for (const call of calls) {
    const once = async () => {
      const t0 = performance.now();
      const r = await app.inject({
        method: call.method,
        url: call.url,
        payload: call.body,
        headers: { authorization: `Bearer ${tokens[call.as]}` },
      });
      if (r.statusCode !== 200) throw new Error(`${call.url}: ${r.statusCode} ${r.body.slice(0, 300)}`);
      return performance.now() - t0;
    };
    await once();
    await once();
    await q('select pg_stat_statements_reset()');
    const walls: number[] = [];
    for (let i = 0; i < samples; i++) walls.push(await once());
    walls.sort((a, b) => a - b);
    const s = await one(
      `select coalesce(sum(total_plan_time), 0)::float8 as plan, coalesce(sum(total_exec_time), 0)::float8 as exec
         from pg_stat_statements where query not like '%pg_stat_statements%' and query !~* '^\\s*(begin|commit|set|select set_config)'`,
    );
    log(
      `  ${`${call.label} (${call.as})`.padEnd(60)} ${walls[Math.floor(samples / 2)]!.toFixed(1).padStart(8)}` +
        `   ${(s.plan / samples).toFixed(1).padStart(6)} + ${(s.exec / samples).toFixed(1)}`,
    );
  }

  // The dead-worker check: its statement over every partition (a process starting) and over the sending ones.
  const explain = async (label: string, text: string) => {
    const { rows } = await q(`explain (analyze, summary) ${text}`);
    const plan = rows.map((r) => r['QUERY PLAN'] as string);
    log(`  ${label.padEnd(60)} ${plan.filter((l) => /Planning Time|Execution Time/.test(l)).join(', ')}`);
  };
  const ids = (
    await q(`select id from campaigns where recipients_archived_at is null
      and (status <> ${CampaignStatus.Finished} or end_date > now() - interval '1 hour')`)
  ).rows.map((r) => r.id as number);
  log('dead-worker check (EXPLAIN ANALYZE, SUMMARY)');
  for (let i = 0; i < 3; i++) {
    await explain(
      'every partition',
      `select distinct worker from campaign_recipients where status in (1, 2) and worker is not null`,
    );
    await explain(
      `the ${ids.length} sending campaigns' partitions`,
      `select distinct worker from campaign_recipients where status in (1, 2) and worker is not null
          and campaign_id = any('{${ids.join(',')}}'::int[])`,
    );
  }
  for (const scope of ['all', 'sending'] as const) {
    const t: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await reconcile(ctx.direct, null, scope);
      t.push(performance.now() - t0);
    }
    log(`  reconcile('${scope}') wall: ${t.map((x) => x.toFixed(1)).join(', ')} ms`);
  }
  await exit(0);
} catch (e) {
  console.error(e);
  await exit(1);
}
