/**
 * The scale bench (issue 42, section 2; not in CI): the console at the size where its peers break.
 *
 *   node bench/scale/run.ts [--scale=1] [--import=N] [--events=N] [--months=13] [--campaigns=400]
 *                           [--users=16] [--send=N] [--seconds=60] [--samples=20] [--skip=send,retention]
 *
 * Defaults are the issue's sizes (--scale multiplies them): a 10,000,000-row list import, 100,000,000 events
 * over 13 months, 16 concurrent users, a 2,000,000-recipient SMTP campaign. On a shared machine run it at
 * --scale=0.1. It puts itself under `nice -n 19 ionice -c3` (its children, the embedded PostgreSQL among
 * them, inherit it) unless SCALE_NICE=0.
 *
 * 1. History (bench/reports/seed.ts over `months`): 5 users, 1,000 PMTA relays, `campaigns` campaigns and
 *    `events` events, set-based in SQL; counters and rollups built from the events by the grouping
 *    `recordEvents` applies. Each campaign gets its recipients' partition (its sent share, from the
 *    imported list), and the suppression lists their rows (bounced e-mails 2%, unsubscribers 20% of the list).
 * 2. Import: a generated CSV of `import` rows (bench/import/generate.ts) uploaded over HTTP to the real
 *    POST /api/add-emails, timed to the commit: rows/s, the app's peak RSS, the database's growth.
 * 3. Sizes: the database, events, recipients, e-mails and rollups, per million rows; the autovacuum settings.
 * 4. Every screen of calls.ts one call at a time (inject): p50 / p95 of `samples` after 2 warm-ups.
 * 5. The same screens with `users` concurrent users over HTTP (bench/reports/concurrent.ts): p95 per kind.
 * 6. Send (send.ts): a reference campaign of send/10 recipients, then one of `send` recipients, each by two
 *    worker processes to SMTP sinks; during the second a tracker process takes opens and clicks. Rate, ratio
 *    to the reference, peak RSS of each process.
 * 7. Retention: the nightly job (features/retention) with events kept for months-2, so that the oldest whole
 *    month falls out as it does each month in a steady state (13 months of history against the default 13
 *    would free nothing), and recipients for 90 days: its time, the partitions and rows it archived, the
 *    database size before and after; then a report and a campaign's statistics still answer.
 * Embedded PostgreSQL under /tmp, or DATABASE_URL's server. RECORD=1 appends the run to RESULTS.md.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    import: { type: 'string' },
    events: { type: 'string' },
    months: { type: 'string', default: '13' },
    campaigns: { type: 'string', default: '400' },
    users: { type: 'string', default: '16' },
    send: { type: 'string' },
    seconds: { type: 'string', default: '60' },
    samples: { type: 'string', default: '20' },
    skip: { type: 'string', default: '' },
  },
});

// The machine is shared: everything heavy runs at the lowest CPU and I/O priority.
if (process.env.SCALE_NICE !== '0' && os.getPriority() < 19) {
  const r = spawnSync('nice', ['-n', '19', 'ionice', '-c3', process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, SCALE_NICE: '0' },
  });
  process.exit(r.status ?? 1);
}

const { exit, onExit } = await import('../lib/hermetic.ts');
const { machine, record } = await import('../lib/measure.ts');
const { startBenchApp, uploadEnded } = await import('../lib/bench-app.ts');
const { seedHistory } = await import('../reports/seed.ts');
const { concurrentUsers } = await import('../reports/concurrent.ts');
const { generateCsv } = await import('../import/generate.ts');
const { scaleCalls } = await import('./calls.ts');
const { sendWhileTracking } = await import('./send.ts');
const { runRetention } = await import('../../packages/server/src/features/retention/retention.service.ts');
const { utcDay } = await import('../../packages/shared/src/reports.ts');
const { CampaignType } = await import('../../packages/shared/src/enums.ts');

const scale = Number(opt.scale);
const sized = (given: string | undefined, full: number) => Math.round(given ? Number(given) : full * scale);
const size = {
  import: sized(opt.import, 10_000_000),
  events: sized(opt.events, 100_000_000),
  send: sized(opt.send, 2_000_000),
  months: Number(opt.months),
  campaigns: Number(opt.campaigns),
  users: Number(opt.users),
  seconds: Number(opt.seconds),
  samples: Number(opt.samples),
};
const skip = new Set(opt.skip!.split(',').filter(Boolean));
let doing = 'starting';
const { app, ctx, q, token, stop, statements } = await startBenchApp('scale', {
  schedules: false,
  jobs: ['email-lists.*', 'imports.*', 'campaign.*'],
  deadlineS: 6 * 3600,
  doing: () => doing,
});
const lines: string[] = [];
const log = (s: string) => (console.log(s), lines.push(s));
const n = (x: number) => Math.round(x).toLocaleString('en');
const mb = (bytes: number) =>
  `${(bytes / 2 ** 20).toLocaleString('en', { maximumFractionDigits: bytes < 10 * 2 ** 20 ? 1 : 0 })} MB`;
const one = async (text: string, params: unknown[] = []) => (await q(text, params)).rows[0]!;
/** A table's bytes with its indexes, TOAST and every partition. */
const bytesOf = async (table: string) =>
  Number(
    (
      await one(
        `select greatest(pg_total_relation_size($1::regclass),
                         (select coalesce(sum(pg_total_relation_size(relid)), 0) from pg_partition_tree($1::regclass))) as b`,
        [table],
      )
    ).b,
  );
const dbBytes = async () => Number((await one('select pg_database_size(current_database()) as b')).b);
const rssMB = (pid: number | 'self', field = 'VmHWM') =>
  Math.round(
    Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`))![1]) / 1024,
  );
const seconds = (t0: number) => (performance.now() - t0) / 1000;
// Access tokens live 15 minutes; a full-size run's steps take longer: each is renewed after 10.
const tokens = new Map<unknown, { at: number; token: string }>();
async function bearer(row: Record<string, unknown>) {
  const had = tokens.get(row);
  if (had && performance.now() - had.at < 600_000) return had.token;
  const fresh = { at: performance.now(), token: await token(row) };
  tokens.set(row, fresh);
  return fresh.token;
}

try {
  log(machine());
  log(`${(await one('select version()')).version}`);
  log(
    `sizes (scale ${scale}): import ${n(size.import)} rows, ${n(size.events)} events over ${size.months} months of ` +
      `${size.campaigns} campaigns, ${size.users} concurrent users, send ${n(size.send)} recipients`,
  );

  // 1. The history.
  doing = 'seeding the history';
  let t0 = performance.now();
  const h = await seedHistory(q, size.events, size.campaigns, log, { days: Math.round(size.months * 30.44) });
  log(`history seeded in ${seconds(t0).toFixed(0)} s (${n(size.events / seconds(t0))} events/s with rollups)`);

  // 2. The import, through the real upload route.
  doing = 'importing';
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
  onExit('the generated list', () => fs.rmSync(tmp, { recursive: true, force: true }));
  const file = path.join(tmp, 'emails.csv');
  const expected = await generateCsv(file, size.import);
  const owner = h.user as { id: number };
  const category = await one(`insert into categories (name) values ('scale') returning id`);
  const list = await one(
    `insert into email_lists (name, category_id, user_id) values ('the big list', $1, $2) returning id`,
    [category.id, owner.id],
  );
  const before = await dbBytes();
  const boundary = `----scale${crypto.randomBytes(8).toString('hex')}`;
  async function* body() {
    yield Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="emailListId"\r\n\r\n${list.id}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="emails"; filename="emails.csv"\r\ncontent-type: text/csv\r\n\r\n`,
    );
    yield* fs.createReadStream(file, { highWaterMark: 1 << 20 });
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  const rssBefore = rssMB('self', 'VmRSS');
  t0 = performance.now();
  const res = await fetch(`${base}/api/add-emails`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await bearer(h.user)}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body: Readable.toWeb(Readable.from(body())) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const accepted = (await res.json()) as { jobId: number };
  if (res.status !== 200) throw new Error(`upload refused: ${res.status} ${JSON.stringify(accepted)}`);
  const upload = await uploadEnded(q, accepted.jobId);
  const importS = seconds(t0);
  if (upload.status !== 'done') throw new Error(`the import failed: ${upload.error}`);
  const stored = await one('select total_counter, valid_counter from email_lists where id = $1', [list.id]);
  if (stored.total_counter !== expected.unique)
    throw new Error(`expected ${expected.unique}, stored ${stored.total_counter}`);
  log(
    `import: ${n(size.import)} lines -> ${n(stored.total_counter)} stored (${n(stored.valid_counter)} valid) in ` +
      `${importS.toFixed(1)} s = ${n(stored.total_counter / importS)} rows/s; the app's RSS ${rssBefore} MB before, ` +
      `peak ${rssMB('self')} MB (this process: app, import thread and bench); database +${mb((await dbBytes()) - before)}`,
  );
  fs.rmSync(tmp, { recursive: true, force: true });

  // The recipients of every seeded campaign (its sent share, drawn from the big list) and the suppression lists.
  doing = 'seeding recipients and suppression lists';
  t0 = performance.now();
  const perCampaign = Math.min(stored.total_counter, Math.round((size.events * 0.4) / size.campaigns));
  await q(`create temp table pick as
    select row_number() over (order by id) as n, id, email, mail_provider_id, name, city
      from emails where email_list_id = ${Number(list.id)}`);
  await q('create index on pick (n)');
  await q(`do $$ declare c int; begin
    for c in select id from campaigns loop
      execute format('create table if not exists %I partition of campaign_recipients for values in (%s)',
        'campaign_recipients_' || c, c);
    end loop; end $$`);
  await q(
    `insert into campaign_recipients (campaign_id, email_id, email, domain, mail_provider_id, name, city, status, relay_id,
             done_at, first_open_at)
     select c.id, p.id, p.email, split_part(p.email, '@', 2), p.mail_provider_id, p.name, p.city, 3, 1 + p.n % 50,
            c.start_date, case when p.n % 8 = 0 then c.start_date + interval '1 hour' end
       from campaigns c
       join pick p on p.n > (c.id * 7919) % greatest(1, $2::int - $1::int) and p.n <= (c.id * 7919) % greatest(1, $2::int - $1::int) + $1::int`,
    [perCampaign, stored.total_counter],
  );
  await q(`insert into bounced_emails (email, reason, diagnostic, first_bounce_at, last_bounce_at, campaign_id, count)
    select 'user' || g || '@bounce' || g % 100 || '.example', 'bad-mailbox', '550 5.1.1 user unknown',
           now() - (g % 396) * interval '1 day', now() - (g % 300) * interval '1 day', null, 1 + g % 3
      from generate_series(1, ${Math.round(stored.total_counter / 50)}) g`);
  await q(
    `insert into unsubscribers (email, category_id, created_at)
    select 'gone' || g || '@example.org', $1, now() - (g % 396) * interval '1 day'
      from generate_series(1, ${Math.round(stored.total_counter / 5)}) g`,
    [category.id],
  );
  await q('vacuum analyze');
  const recipients = Number((await one('select count(*) as n from campaign_recipients')).n);
  log(
    `recipients: ${n(recipients)} rows (${n(perCampaign)} per campaign) and the suppression lists in ${seconds(t0).toFixed(0)} s`,
  );

  // 3. Sizes.
  const sizeLine = async () => {
    const [db, events, rec, emails, hourly, daily, monthly, counters] = await Promise.all([
      dbBytes(),
      bytesOf('events'),
      bytesOf('campaign_recipients'),
      bytesOf('emails'),
      bytesOf('event_rollup_hourly'),
      bytesOf('event_rollup_daily'),
      bytesOf('event_rollup_monthly'),
      Promise.all(['campaign_counters', 'campaign_provider_counters', 'campaign_domain_counters'].map(bytesOf)),
    ]);
    const [ev, re, em] = await Promise.all(
      ['events', 'campaign_recipients', 'emails'].map(async (t) =>
        Number((await one(`select count(*) as n from ${t}`)).n),
      ),
    );
    const per = (bytes: number, rows: number) => (rows ? `${mb((bytes / rows) * 1e6)} per million` : '-');
    log(
      `database ${mb(db)}: events ${mb(events)} (${n(ev!)} rows, ${per(events, ev!)}); recipients ${mb(rec)} ` +
        `(${n(re!)} rows, ${per(rec, re!)}); e-mails ${mb(emails)} (${n(em!)} rows, ${per(emails, em!)}); ` +
        `rollups hourly ${mb(hourly)}, daily ${mb(daily)}, monthly ${mb(monthly)}; counters ${mb(counters.reduce((a, b) => a + b, 0))}`,
    );
    return db;
  };
  await sizeLine();
  // What autovacuum did and left (each table summed over its partitions): the issue asks which settings it needed.
  const vacuumLine = async () => {
    const { rows } = await q(`select coalesce(p.parent, s.relid::regclass) as t, sum(s.n_live_tup)::int8 as live,
        sum(s.n_dead_tup)::int8 as dead, sum(s.autovacuum_count)::int as vacuums, sum(s.autoanalyze_count)::int as analyzes
      from pg_stat_user_tables s
      left join lateral (select i.inhparent::regclass as parent from pg_inherits i where i.inhrelid = s.relid) p on true
      where coalesce(p.parent, s.relid::regclass)::text in
            ('events', 'campaign_recipients', 'campaign_counters', 'event_rollup_hourly', 'emails', 'unsubscribers')
      group by 1 order by 1`);
    log(
      `autovacuum so far: ${rows.map((r) => `${r.t} live ${n(Number(r.live))} dead ${n(Number(r.dead))} (${r.vacuums} vacuums, ${r.analyzes} analyzes)`).join('; ')}`,
    );
  };
  const av = await q(`select name, setting from pg_settings where name like 'autovacuum%' order by name`);
  log(`autovacuum (as run): ${av.rows.map((r) => `${r.name}=${r.setting}`).join(', ')}`);

  // 4. One call at a time.
  doing = 'timing the screens one at a time';
  const campaignOf = async (type: number, userId: unknown) =>
    Number(
      (await one(`select id from campaigns where user_id = $1 and type = $2 order by id desc limit 1`, [userId, type]))
        .id,
    );
  const today = new Date();
  const year = { fromDate: utcDay(new Date(today.getTime() - 364 * 86_400_000)), toDate: utcDay(today) };
  const month = { fromDate: utcDay(new Date(today.getTime() - 29 * 86_400_000)), toDate: utcDay(today) };
  const calls = scaleCalls(
    h,
    { pmta: await campaignOf(CampaignType.PMTA, owner.id), smtp: await campaignOf(CampaignType.SMTP, h.admin.id) },
    year,
    month,
  );
  log(`call (administrator: every user | user: own data; reports over a year / a month)      p50 ms    p95 ms`);
  const slow: string[] = [];
  for (const call of calls) {
    const once = async () => {
      const auth = `Bearer ${await bearer(call.as === 'admin' ? h.admin : h.user)}`;
      const start = performance.now();
      const r = await app.inject({
        method: call.method,
        url: call.url,
        payload: call.body,
        headers: { authorization: auth },
      });
      if (r.statusCode !== 200) throw new Error(`${call.url}: ${r.statusCode} ${r.body.slice(0, 300)}`);
      return performance.now() - start;
    };
    for (let i = 0; i < 2; i++) await once();
    const samples: number[] = [];
    for (let i = 0; i < size.samples; i++) samples.push(await once());
    samples.sort((a, b) => a - b);
    const p = (x: number) => samples[Math.min(samples.length - 1, Math.ceil(x * samples.length) - 1)]!;
    if (p(0.95) >= 300) slow.push(`${call.label} (${call.as})`);
    log(
      `  ${`${call.label} (${call.as})`.padEnd(78)} ${p(0.5).toFixed(1).padStart(7)} ${p(0.95).toFixed(1).padStart(9)}${p(0.95) >= 300 ? '  OVER' : ''}`,
    );
  }
  log(`one at a time, p95 >= 300 ms: ${slow.length ? slow.join('; ') : 'none'}`);

  // 5. The concurrent users.
  doing = 'the concurrent users';
  const admins = Math.max(1, Math.round(size.users / 4));
  await concurrentUsers(
    {
      app,
      q,
      token,
      calls,
      admins,
      users: size.users - admins,
      owners: [h.user],
      ranges: { admins: 'a year and a month', users: 'a month' },
      seconds: size.seconds,
      statements,
    },
    log,
  );
  log(`peak RSS of this process (app + bench) so far: ${rssMB('self')} MB`);

  // 6. Sending while the trackers take hits.
  if (!skip.has('send')) {
    doing = 'sending';
    await sendWhileTracking(ctx, q, size.send, log);
    await sizeLine();
    await vacuumLine();
  }

  // 7. The nightly retention job.
  if (!skip.has('retention')) {
    doing = 'retention';
    await q(`update console_settings set events_months = $1, recipients_days = 90`, [size.months - 2]);
    await q('checkpoint');
    const dbBefore = await dbBytes();
    t0 = performance.now();
    const run = await runRetention(ctx);
    const took = seconds(t0);
    const archived = (kind: string) => run.archived.filter((a) => a.partition.startsWith(kind));
    const sum = (xs: { rows: number; bytes: number }[]) =>
      xs.reduce((s, x) => ({ rows: s.rows + x.rows, bytes: s.bytes + x.bytes }), { rows: 0, bytes: 0 });
    const ev = sum(archived('events_'));
    const rc = sum(archived('campaign_recipients_'));
    await q('checkpoint');
    const dbAfter = await dbBytes();
    log(
      `retention (events kept ${size.months - 2} months, recipients 90 days): ${took.toFixed(1)} s; archived and dropped ` +
        `${archived('events_').length} events partitions (${n(ev.rows)} rows, ${mb(ev.bytes)} gzip) and ` +
        `${archived('campaign_recipients_').length} recipients partitions (${n(rc.rows)} rows, ${mb(rc.bytes)} gzip); ` +
        `${run.skipped.length} skipped; database ${mb(dbBefore)} -> ${mb(dbAfter)} (freed ${mb(dbBefore - dbAfter)})`,
    );
    for (const call of calls.filter(
      (c) => c.label.startsWith('profit report by date') || c.label.startsWith('campaign statistics, PMTA, overall'),
    )) {
      const r = await app.inject({
        method: call.method,
        url: call.url,
        payload: call.body,
        headers: { authorization: `Bearer ${await bearer(call.as === 'admin' ? h.admin : h.user)}` },
      });
      log(`  after the drop: ${call.label} (${call.as}): ${r.statusCode}`);
    }
    await sizeLine();
  }
  log(`peak RSS of this process (app + bench): ${rssMB('self')} MB`);
  record(import.meta.dirname, `scale ${scale}: ${machine().slice(0, 16)}`, lines);
} finally {
  await stop();
}
await exit(0);
