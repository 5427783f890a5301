/**
 * Tracking benchmark: node --import tsx bench/track/run.ts [recipients] [requests] [connections]
 * (defaults 100,000 recipients, 300,000 requests, 100 connections)
 *
 * Seeds one SMTP campaign of `recipients` delivered recipients (set-based SQL, its own partition), starts
 * the real app listening on loopback, and fires exactly `requests` GETs with autocannon from another
 * process: four opens (`/t/o/{uuid}/p.gif`) to one click (`/t/c/{uuid}/x`), each at a recipient drawn at
 * random, so most hits are a recipient's first and some repeat. Every answer is sent only after its event
 * is committed, so afterwards the campaign's counters must equal the answers exactly: clicks = 3xx,
 * opens = 2xx + the opens implied by a click, and every counter table and the hourly rollup equal a count
 * of the events. Uses DATABASE_URL when set (a fresh database on that server), else an embedded PostgreSQL.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { startBenchApp } from '../lib/bench-app.ts';
import { encodeTrackingId } from '../../packages/server/src/tracking/uuid.ts';
import { IMPLIED_OPEN } from '../../packages/server/src/tracking/group-commit.ts';
import { CampaignType } from '../../packages/shared/src/enums.ts';

const total = Number(process.argv[2] ?? 100_000);
const amount = Number(process.argv[3] ?? 300_000);
const connections = Number(process.argv[4] ?? 100);
const { app, ctx, q, stop } = await startBenchApp('track', { schedules: false });

console.log(`seeding a campaign of ${total.toLocaleString('en')} recipients ...`);
const one = async (text: string, params: unknown[] = []) => (await q(text, params)).rows[0]!;
const user = await one(`insert into users (username, email, password_hash, roles, is_active, profit_rate)
  values ('owner', 'owner@example.com', 'x', '{ROLE_USER}', true, 70) returning id`);
const category = await one(`insert into categories (name) values ('bench') returning id`);
const list = await one(
  `insert into email_lists (name, category_id, user_id, total_counter, valid_counter) values ('big', $1, $2, $3, $3) returning id`,
  [category.id, user.id, total],
);
const provider = await one(`select id from mail_providers where name = 'Other'`);
await q(
  `insert into emails (email_list_id, email, mail_provider_id, valid)
   select $1, 'user' || g || '@example' || (g % 50) || '.com', $2, true from generate_series(1, $3) g`,
  [list.id, provider.id, total],
);
const offer = await one(
  `insert into offers (category_id, name, url, user_id) values ($1, 'offer', 'https://offer.example.com/?c=[click_id]&t=[trk]&e=[email]', $2) returning id`,
  [category.id, user.id],
);
const message = await one(
  `insert into messages (name, subject, content, user_id) values ('m', 's', '<p>x</p>', $1) returning id`,
  [user.id],
);
const group = await one(`insert into smtp_relay_groups (name, user_id) values ('g', $1) returning id`, [user.id]);
const campaign = await one(
  `insert into campaigns (type, name, sender, email_list_id, mail_provider_ids, message_id, offer_id, relay_status,
     smtp_relay_group_id, status, user_id, total)
   values (${CampaignType.SMTP}, 'bench', 'Bench', $1, array[$2::int], $3, $4, 1, $5, 4, $6, $7) returning id`,
  [list.id, provider.id, message.id, offer.id, group.id, user.id, total],
);
await q(
  `create table campaign_recipients_${campaign.id} partition of campaign_recipients for values in (${campaign.id})`,
);
await q(
  `insert into campaign_recipients (campaign_id, email_id, email, domain, mail_provider_id, status, relay_id, done_at)
   select $1, id, email, split_part(email, '@', 2), mail_provider_id, 3, 1 + id % 10, now() from emails where email_list_id = $2`,
  [campaign.id, list.id],
);
await q('analyze');
const { rows: recipients } = await q(
  `select email_id as "emailId", relay_id as "relayId" from campaign_recipients where campaign_id = $1`,
  [campaign.id],
);

// The request paths, in a random order: four opens to a click, each at a recipient drawn at random.
const paths: string[] = [];
for (let i = 0; i < Math.min(amount, 500_000); i++) {
  const r = recipients[Math.floor(Math.random() * recipients.length)]!;
  const uuid = encodeTrackingId(ctx.secret, {
    campaignType: 'smtp',
    campaignId: campaign.id,
    relayId: r.relayId,
    emailId: r.emailId,
  });
  paths.push(i % 5 === 4 ? `/t/c/${uuid}/x` : `/t/o/${uuid}/p.gif`);
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-track-paths-'));
const pathsFile = path.join(tmp, 'paths.json');
fs.writeFileSync(pathsFile, JSON.stringify(paths));

/** CPU milliseconds used so far by the database server: its postmaster and every process it started. */
const clockTicks = 100; // USER_HZ on Linux
async function databaseCpuMs(): Promise<number> {
  const backend = (await one('select pg_backend_pid() as pid')).pid as number;
  const stat = (pid: string) => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const postmaster = stat(String(backend))[1]!;
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const f = stat(pid);
      // utime + stime; the postmaster's cutime + cstime hold its children that ended (idle connections closed).
      if (pid === postmaster) ticks += Number(f[13]) + Number(f[14]);
      if (pid === postmaster || f[1] === postmaster) ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // gone meanwhile
    }
  }
  return (ticks * 1000) / clockTicks;
}

await app.listen({ port: 0, host: '127.0.0.1' });
const cpu0 = { app: process.cpuUsage(), db: await databaseCpuMs() };
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
console.log(`firing ${amount.toLocaleString('en')} requests over ${connections} connections at ${url} ...`);
const out = await new Promise<string>((resolve, reject) => {
  const child = spawn(process.execPath, [
    path.join(import.meta.dirname, 'load.mjs'),
    url,
    pathsFile,
    String(amount),
    String(connections),
  ]);
  let text = '';
  child.stdout.on('data', (d) => (text += d));
  child.stderr.pipe(process.stderr);
  child.on('error', reject);
  child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`load exited with ${code}`))));
});
const result = JSON.parse(out);
const appCpu = process.cpuUsage(cpu0.app);
const cpuMs = {
  app: (appCpu.user + appCpu.system) / 1000,
  db: (await databaseCpuMs()) - cpu0.db,
  load: result.cpuMs as number,
};
fs.rmSync(tmp, { recursive: true, force: true });

const counters = await one(
  `select opens, unique_opens, clicks, unique_clicks from campaign_counters where campaign_type = ${CampaignType.SMTP} and campaign_id = $1`,
  [campaign.id],
);
const events = await one(
  `select count(*) filter (where kind = 5)::int as opens, count(*) filter (where kind = 5 and detail = $2)::int as implied,
          count(*) filter (where kind = 5 and first)::int as unique_opens, count(*) filter (where kind = 6)::int as clicks,
          count(*) filter (where kind = 6 and first)::int as unique_clicks
     from events where campaign_id = $1`,
  [campaign.id, IMPLIED_OPEN],
);
const firsts = await one(
  `select count(first_open_at)::int as opens, count(first_click_at)::int as clicks from campaign_recipients where campaign_id = $1`,
  [campaign.id],
);
const rollup = await one(
  `select sum(opens)::int as opens, sum(unique_opens)::int as unique_opens, sum(clicks)::int as clicks,
          sum(unique_clicks)::int as unique_clicks from event_rollup_hourly where campaign_id = $1`,
  [campaign.id],
);
const checks: [string, boolean][] = [
  ['every request answered 2xx or 3xx', result['2xx'] + result['3xx'] === amount && !result.errors && !result.timeouts],
  ['clicks = 3xx answers', counters.clicks === result['3xx']],
  ['opens = 2xx answers + opens implied by a click', counters.opens === result['2xx'] + events.implied],
  [
    'counters = count of the events',
    ['opens', 'unique_opens', 'clicks', 'unique_clicks'].every((k) => counters[k] === events[k]),
  ],
  [
    'hourly rollup = counters',
    ['opens', 'unique_opens', 'clicks', 'unique_clicks'].every((k) => counters[k] === rollup[k]),
  ],
  [
    'unique counts = recipients with first-* times',
    counters.unique_opens === firsts.opens && counters.unique_clicks === firsts.clicks,
  ],
];
console.log(
  `${amount.toLocaleString('en')} requests in ${result.duration.toFixed(1)} s: ${Math.round(amount / result.duration).toLocaleString('en')} requests/s ` +
    `(autocannon mean ${Math.round(result.requests.average).toLocaleString('en')}/s); latency p50 ${result.latency.p50} ms, ` +
    `p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
);
const perRequest = (ms: number) => (ms * 1000) / amount;
const allUs = perRequest(cpuMs.app + cpuMs.db + cpuMs.load);
console.log(
  `CPU per request: app ${perRequest(cpuMs.app).toFixed(0)} µs, database ${perRequest(cpuMs.db).toFixed(0)} µs, ` +
    `load generator ${perRequest(cpuMs.load).toFixed(0)} µs; ${allUs.toFixed(0)} µs in all, i.e. ` +
    `${Math.round((os.cpus().length * 1e6) / allUs).toLocaleString('en')} requests/s if the ${os.cpus().length} cores did nothing else`,
);
console.log(
  `answers: 2xx ${result['2xx']}, 3xx ${result['3xx']}, 4xx ${result['4xx']}, 5xx ${result['5xx']}, errors ${result.errors}, timeouts ${result.timeouts}`,
);
console.log(
  `counters: opens ${counters.opens} (unique ${counters.unique_opens}, implied by a click ${events.implied}), clicks ${counters.clicks} (unique ${counters.unique_clicks})`,
);
for (const [name, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
await stop();
if (checks.some(([, ok]) => !ok)) process.exit(1);
