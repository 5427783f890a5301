/**
 * Tracking benchmark: node bench/track/run.ts [recipients] [requests] [connections]
 * (defaults 100,000 recipients, 300,000 requests per run, connections `100,256`: one run of each)
 *
 * For each number of connections, first the two references, then the tracker, with the same paths and the
 * same load tool. The bare reference is a bare Node HTTP server (bench/track/bare.mjs, its own process)
 * answering the same GIF and 302 with no database, so the ratio tracker / bare says how much of the machine's
 * HTTP ceiling the tracker reaches in this same run, whatever else the machine is doing. The committed
 * reference (bench/track/committed.mjs) answers the same only after one row per request is committed through
 * a group commit, the cheapest durable answer: tracker / committed is the ratio that matters (issue 42, goal
 * >= 0.8). CPU per hit is printed for each process: app, PostgreSQL, the references, the load generator. PROFILE=<dir> writes a V8 CPU profile of
 * the app while it answers (one per run; open it in Chrome's DevTools); PG_STATS=1 prints PostgreSQL's
 * statements by time (pg_stat_statements).
 *
 * Seeds one SMTP campaign of `recipients` delivered recipients (set-based SQL, its own partition), starts
 * the real app listening on loopback, and fires exactly `requests` GETs with autocannon from another
 * process: four opens (`/t/o/{uuid}/p.gif`) to one click (`/t/c/{uuid}/x`), each at a recipient drawn at
 * random, so most hits are a recipient's first and some repeat. Every answer is sent only after its event
 * is committed, so afterwards the campaign's counters must equal the answers exactly: clicks = 3xx,
 * opens = 2xx + the opens implied by a click, and every counter table and the hourly rollup equal a count
 * of the events. Uses DATABASE_URL when set (a fresh database on that server), else an embedded PostgreSQL.
 */
import inspector from 'node:inspector/promises';
import readline from 'node:readline';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { startBenchApp } from '../lib/bench-app.ts';
import { exit, onExit, spawnTracked } from '../lib/hermetic.ts';
import { cpuMeter, cpuMs, machine, ownCpuMs, perUnit, postgresCpu, record } from '../lib/measure.ts';
import { encodeTrackingId } from '../../packages/server/src/tracking/uuid.ts';
import { IMPLIED_OPEN } from '../../packages/server/src/tracking/group-commit.ts';
import { metrics } from '../../packages/server/src/core/metrics.ts';
import { CampaignType } from '../../packages/shared/src/enums.ts';
import { seedCampaign } from './seed.ts';

const total = Number(process.argv[2] ?? 100_000);
let doing = 'seeding';
const amount = Number(process.argv[3] ?? 300_000);
const connectionCounts = (process.argv[4] ?? '100,256').split(',').map(Number);
const {
  app,
  ctx,
  q,
  url: dbUrl,
  statements,
} = await startBenchApp('track', {
  schedules: false,
  jobs: [],
  deadlineS: 1800,
  doing: () => doing,
});

console.log(`seeding a campaign of ${total.toLocaleString('en')} recipients ...`);
const { campaign, recipients } = await seedCampaign(q, total);
const one = async (text: string, params: unknown[] = []) => (await q(text, params)).rows[0]!;

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
onExit('the paths file', () => fs.rmSync(tmp, { recursive: true, force: true }));
const pathsFile = path.join(tmp, 'paths.json');
fs.writeFileSync(pathsFile, JSON.stringify(paths));

interface LoadResult {
  requests: { average: number };
  latency: { p50: number; p99: number; max: number };
  duration: number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
  errors: number;
  timeouts: number;
}

/** Fires `amount` requests from the load tool's own process; its result, and the CPU it used (it says). */
function load(url: string, connections: number): Promise<{ result: LoadResult; cpuMs: number }> {
  return new Promise((resolve, reject) => {
    const child = spawnTracked('the load generator', process.execPath, [
      path.join(import.meta.dirname, 'load.mjs'),
      url,
      pathsFile,
      String(amount),
      String(connections),
    ]);
    let text = '';
    child.stdout!.on('data', (d) => (text += d));
    child.stderr!.pipe(process.stderr);
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load exited with ${code}`));
      const result = JSON.parse(text) as LoadResult & { cpuMs: number };
      resolve({ result, cpuMs: result.cpuMs });
    });
  });
}

/** PROFILE=<dir>: profiles this process (the app) from now; the returned function writes the profile. */
async function profile(): Promise<(name: string) => Promise<void>> {
  const dir = process.env.PROFILE;
  if (!dir) return async () => {};
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async (name) => {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  };
}

const bare = spawnTracked('the bare reference server', process.execPath, [path.join(import.meta.dirname, 'bare.mjs')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const barePort = (
  JSON.parse(await new Promise<string>((r) => readline.createInterface({ input: bare.stdout! }).once('line', r))) as {
    port: number;
  }
).port;
const committed = spawnTracked(
  'the committed reference server',
  process.execPath,
  [path.join(import.meta.dirname, 'committed.mjs'), dbUrl],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const committedPort = (
  JSON.parse(
    await new Promise<string>((r) => readline.createInterface({ input: committed.stdout! }).once('line', r)),
  ) as { port: number }
).port;
await app.listen({ port: 0, host: '127.0.0.1' });
/** The tracker's group commits so far (the commit-latency histogram's count). */
const flushes = async () =>
  (await metrics.commitLatency.get()).values.find(
    (v) => v.metricName?.endsWith('_count') && v.labels.what === 'tracker',
  )?.value ?? 0;
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const pgCpu = await postgresCpu(q);
const rate = (r: LoadResult) => amount / r.duration;
const lines: string[] = [];
const say = (line: string) => (console.log(line), lines.push(line));
const answered = { '2xx': 0, '3xx': 0, bad: 0 };
let referenceOk = true;
say(`${total.toLocaleString('en')} recipients, ${amount.toLocaleString('en')} requests per run (4 opens : 1 click)`);
for (const connections of connectionCounts) {
  doing = `the bare server at ${connections} connections`;
  const refMeter = cpuMeter({ bare: () => cpuMs(bare.pid) });
  const ref = await load(`http://127.0.0.1:${barePort}`, connections);
  const refCpu = { ...refMeter.used(), load: ref.cpuMs };

  doing = `the committed reference at ${connections} connections`;
  const committedMeter = cpuMeter({ reference: () => cpuMs(committed.pid), postgres: pgCpu });
  const durable = await load(`http://127.0.0.1:${committedPort}`, connections);
  const durableCpu = { ...committedMeter.used(), load: durable.cpuMs };

  doing = `the tracker at ${connections} connections`;
  const printStatements = await statements();
  const profiler = await profile();
  const appMeter = cpuMeter({ app: ownCpuMs, postgres: pgCpu });
  const flushesBefore = await flushes();
  const run = await load(url, connections);
  const flushed = (await flushes()) - flushesBefore;
  await profiler(`track-${connections}`);
  const appCpu = { ...appMeter.used(), load: run.cpuMs };
  const r = run.result;
  answered['2xx'] += r['2xx'];
  answered['3xx'] += r['3xx'];
  answered.bad += r['4xx'] + r['5xx'] + r.errors + r.timeouts;

  const { load: _appLoad, ...server } = appCpu;
  const serverUs = ((server.app + server.postgres) * 1000) / amount;
  say(
    `${connections} connections: tracker ${Math.round(rate(r)).toLocaleString('en')}/s (p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms), ` +
      `bare server ${Math.round(rate(ref.result)).toLocaleString('en')}/s: ratio ${(rate(r) / rate(ref.result)).toFixed(2)}; ` +
      `committed reference ${Math.round(rate(durable.result)).toLocaleString('en')}/s: ratio ${(rate(r) / rate(durable.result)).toFixed(2)}`,
  );
  say(`  CPU per hit, tracker: ${perUnit(appCpu, amount)} (app + PostgreSQL ${serverUs.toFixed(0)} µs)`);
  say(`  group commits: ${flushed.toLocaleString('en')}, ${(amount / flushed).toFixed(0)} hits each`);
  say(`  CPU per hit, bare:    ${perUnit(refCpu, amount)}`);
  const { load: _durableLoad, ...durableServer } = durableCpu;
  say(
    `  CPU per hit, committed reference: ${perUnit(durableCpu, amount)} (server + PostgreSQL ${(((durableServer.reference + durableServer.postgres) * 1000) / amount).toFixed(0)} µs)`,
  );
  // Every answer of the reference had its row committed first: as many rows as answers.
  const stored = (await one('select count(*)::int as n from reference_hits')).n as number;
  const durableAnswered = durable.result['2xx'] + durable.result['3xx'];
  referenceOk &&= stored === amount && durableAnswered === amount;
  await q('truncate reference_hits');
  await printStatements();
  say(
    `  answers: 2xx ${r['2xx']}, 3xx ${r['3xx']}, 4xx ${r['4xx']}, 5xx ${r['5xx']}, errors ${r.errors}, timeouts ${r.timeouts}`,
  );
}
doing = 'checking the counters';
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
  ['every request answered 2xx or 3xx', !answered.bad],
  ['the committed reference answered every request after committing its row', referenceOk],
  ['clicks = 3xx answers', counters.clicks === answered['3xx']],
  ['opens = 2xx answers + opens implied by a click', counters.opens === answered['2xx'] + events.implied],
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
say(
  `counters: opens ${counters.opens} (unique ${counters.unique_opens}, implied by a click ${events.implied}), clicks ${counters.clicks} (unique ${counters.unique_clicks})`,
);
for (const [name, ok] of checks) say(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
record(import.meta.dirname, `track ${machine().slice(0, 16)}`, lines);
await exit(checks.some(([, ok]) => !ok) ? 1 : 0);
