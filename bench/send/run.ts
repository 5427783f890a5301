/**
 * Sending benchmark: node bench/send/run.ts [recipients=100000] [relays=10]
 *
 * One SMTP campaign of `recipients` recipients (the list built set-based in SQL, then the real prepare
 * step) sent through `relays` unpaced SMTP relays, each an account on its own SMTP sink; the sinks run in
 * another process (bench/send/sinks.ts). The senders are real worker processes (`ROLE=worker`
 * packages/server/src/main.ts) against the bench's database: first one, then two on a second campaign.
 * Measures messages/s from the campaign's activation to Finished (every outcome recorded, counters
 * included), and checks that the counters and the sinks agree. Beside each figure, the reference (issue 28):
 * Postfix `smtp-source` sending as many messages of the same size over as many sessions (relays x
 * SENDER_CONNECTIONS_PER_RELAY) into the same sinks, with the ratio, and CPU per 1,000 messages of each
 * process (workers, PostgreSQL, sinks; smtp-source and sinks for the reference). Uses DATABASE_URL's server
 * when set (a fresh database on it), else an embedded PostgreSQL (the one to use on a shared machine: its
 * CPU is the bench's alone). RECORD=1 appends the run to RESULTS.md.
 */
import type { ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startBenchApp } from '../lib/bench-app.ts';
import { startWorker } from '../lib/worker.ts';
import { campaignFinished } from '../lib/campaign.ts';
import { exit, spawnTracked, stopChild } from '../lib/hermetic.ts';
import { seedNewsletter, seedSinkRelays } from '../lib/newsletter.ts';
import { cpuMeter, cpuMs, machine, perUnit, postgresCpu, record } from '../lib/measure.ts';
import { runSmtpSource, smtpSourceAbsent } from '../lib/smtp-source.ts';
import { composeMessage, loadSendingCampaign } from '../../packages/server/src/sending/compose.ts';
import { prepareCampaign } from '../../packages/server/src/sending/prepare.ts';
import { buildMime } from '../../packages/server/src/sending/transports/mime.ts';
import { CampaignType } from '../../packages/shared/src/enums.ts';

const total = Number(process.argv[2] ?? 100_000);
const relayCount = Number(process.argv[3] ?? 10);
const connectionsPerRelay = Number(process.env.SENDER_CONNECTIONS_PER_RELAY ?? 5);
// Only the campaign jobs run (prepare, scheduled start/stop): no sweep or hourly job can change the run.
const { ctx, q, stop, statements } = await startBenchApp('send', {
  schedules: false,
  jobs: ['campaign.*'],
  deadlineS: 1800,
});
const one = async (text: string, params: unknown[] = []) => (await q(text, params)).rows[0]!;

// The sinks, in their own process.
const sinks = spawnTracked(
  'the sinks',
  process.execPath,
  [fileURLToPath(new URL('sinks.ts', import.meta.url)), String(relayCount)],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
  },
);
const sinkLines = readline.createInterface({ input: sinks.stdout! });
const nextLine = () => new Promise<string>((resolve) => sinkLines.once('line', resolve));
const { ports } = JSON.parse(await nextLine()) as { ports: number[] };
const sinkCount = async () => {
  sinks.stdin!.write('count\n');
  return (JSON.parse(await nextLine()) as { accepted: number }).accepted;
};

console.log(`seeding a list of ${total.toLocaleString('en')} e-mails and ${relayCount} relays ...`);
const { user, list, provider, offer, message } = await seedNewsletter(q, total);
const { linkGroups: groups, relayGroup: relayGroupId } = await seedSinkRelays(q, ctx.secret, user.id, ports);
await q('analyze');
const pgCpu = await postgresCpu(q);
const lines: string[] = [];
const say = (line: string) => (console.log(line), lines.push(line));

const workers: ChildProcess[] = [];
const stopWorkers = () => Promise.all(workers.splice(0).map(stopChild));

async function run(processes: number) {
  const campaign = await one(
    `insert into campaigns (type, name, sender, email_list_id, mail_provider_ids, message_id, offer_id, offer_links_id,
       unsubscribe_links_id, pixel_links_id, relay_status, smtp_relay_group_id, status, user_id, start_date)
     values (${CampaignType.SMTP}, 'bench', 'Bench [name]', $1, array[$2::int], $3, $4, $5, $6, $7, 1, $8, 3, $9, now()) returning id`,
    [list.id, provider.id, message.id, offer.id, groups[0], groups[1], groups[2], relayGroupId, user.id],
  );
  // Each run starts from a settled database: the run before left 100,000 rows updated three times and their
  // events, and autovacuum cleaning them up during this run made whichever run came second the slower one.
  await q('vacuum analyze campaign_recipients, events, campaign_counters');
  await q('checkpoint');
  const nodeOptions = process.env.BENCH_WORKER_NODE_OPTIONS;
  for (let i = 0; i < processes; i++)
    workers.push(await startWorker(ctx, { env: nodeOptions ? { NODE_OPTIONS: nodeOptions } : {} }));
  const before = await sinkCount();
  let t0 = performance.now();
  await prepareCampaign(ctx, campaign.id); // ends with the campaign Active: the workers start at once
  const prepared = performance.now() - t0;
  const printStatements = await statements(); // PG_STATS=1: where PostgreSQL's time went
  const running = workers.slice();
  const meter = cpuMeter({
    worker: () => running.reduce((s, w) => s + cpuMs(w.pid), 0),
    postgres: pgCpu,
    sinks: () => cpuMs(sinks.pid),
  });
  t0 = performance.now();
  await campaignFinished(q, { id: campaign.id, type: 1 });
  const seconds = (performance.now() - t0) / 1000;
  const used = meter.used();
  await printStatements(12);
  const k = await one(
    `select total, sent, delivered, bounced from campaign_counters where campaign_type = ${CampaignType.SMTP} and campaign_id = $1`,
    [campaign.id],
  );
  const accepted = (await sinkCount()) - before;
  await stopWorkers();
  const rate = Math.round(k.delivered / seconds);
  say(
    `${processes} worker process(es): prepare ${(prepared / 1000).toFixed(2)} s; sent ${k.delivered.toLocaleString('en')} in ${seconds.toFixed(1)} s = ${rate.toLocaleString('en')} messages/s; sinks accepted ${accepted.toLocaleString('en')}; counters ${JSON.stringify(k)}`,
  );
  say(`  CPU per 1,000 messages: ${perUnit(used, k.delivered, 'ms')}`);
  if (k.delivered !== total || accepted !== total) throw new Error('counters and sinks disagree');
  await reference(rate, await messageBytes(campaign.id));
  return rate;
}

/** The size of the campaign's message as the sinks receive it (one recipient's, composed as the engine does). */
async function messageBytes(campaignId: number) {
  const c = (await loadSendingCampaign(ctx, campaignId))!;
  const r = { emailId: 1, email: 'user1@example1.com', domain: 'example1.com', mailProviderId: provider.id };
  const row = { ...r, name: 'Name1', surname: null, city: 'City', geo: null, birthYear: null, attempts: 0 };
  const relay = { id: 1, senderEmail: 'news@relay0.example.net', host: '127.0.0.1' };
  return buildMime(composeMessage(ctx.secret, c, row, relay)).length;
}

/** smtp-source into the same sinks, same count, size and sessions, right after the figure it is compared with. */
async function reference(rate: number, bytes: number) {
  const absent = smtpSourceAbsent();
  if (absent) return say(`  ${absent}`);
  const before = await sinkCount();
  const sinkMeter = cpuMeter({ sinks: () => cpuMs(sinks.pid) });
  const ref = await runSmtpSource({ ports, total, bytes, sessions: connectionsPerRelay });
  const accepted = (await sinkCount()) - before;
  const refRate = Math.round(accepted / ref.seconds);
  say(
    `  reference: smtp-source -d -s ${connectionsPerRelay} -l ${bytes} into each of the ${ports.length} sinks: ${accepted.toLocaleString('en')} in ${ref.seconds.toFixed(1)} s = ${refRate.toLocaleString('en')} messages/s; ratio ${(rate / refRate).toFixed(2)}`,
  );
  say(
    `  reference CPU per 1,000 messages: ${perUnit({ 'smtp-source': ref.cpuMs, ...sinkMeter.used() }, accepted, 'ms')}`,
  );
}

try {
  const pgVersion = (await one('show server_version')).server_version;
  say(`${machine()}, PostgreSQL ${pgVersion}`);
  say(
    `${total.toLocaleString('en')} recipients, ${relayCount} relays x ${connectionsPerRelay} sessions, sinks in their own process`,
  );
  for (const n of (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number)) await run(n);
  record(import.meta.dirname, `send ${machine().slice(0, 16)}`, lines);
} finally {
  await stopWorkers();
  sinks.stdin!.end();
  await stop();
}
await exit(0);
