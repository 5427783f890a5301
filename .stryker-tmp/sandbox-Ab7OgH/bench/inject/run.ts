/**
 * Injection benchmark: node bench/inject/run.ts [recipients=100000] [relays=10]
 *
 * One PMTA campaign of `recipients` recipients (the list built set-based in SQL, then the real prepare step)
 * injected through `relays` PMTA relays, all on one simulated PMTA server: the simulator runs as its own
 * process (packages/pmta-sim/src/main.ts) with the configuration the console generates for that server, and
 * delivers everything (its accounting file written as PMTA writes it). The sender is one real worker
 * process (`ROLE=worker`). Measures messages/s from the campaign's activation to Finished (every recipient
 * injected and recorded, counters included), and checks that the campaign's `sent` counter and the
 * simulator's received count agree, and prints CPU per message of each process (worker, simulator,
 * PostgreSQL). Then the reference (issue 28): Postfix `smtp-source` sending as many messages of the same
 * size over as many sessions (SENDER_CONNECTIONS_PER_PMTA_SERVER) into the simulator's SMTP port, which
 * takes, queues, delivers and accounts them as it does the worker's. Uses DATABASE_URL's server when set,
 * else an embedded PostgreSQL (the one to use on a shared machine). RECORD=1 appends the run to RESULTS.md.
 */
// @ts-nocheck

import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startBenchApp } from '../lib/bench-app.ts';
import { startWorker } from '../lib/worker.ts';
import { campaignFinished } from '../lib/campaign.ts';
import { exit, onExit, spawnTracked, stopChild } from '../lib/hermetic.ts';
import { cpuMeter, cpuMs, machine, perUnit, postgresCpu, record } from '../lib/measure.ts';
import { seedNewsletter } from '../lib/newsletter.ts';
import { runSmtpSource, smtpSourceAbsent } from '../lib/smtp-source.ts';
import { composeMessage, loadSendingCampaign } from '../../packages/server/src/sending/compose.ts';
import { buildMime } from '../../packages/server/src/sending/transports/mime.ts';
import { generateConfig } from '../../packages/server/src/pmta/config/generate.ts';
import { loadConfigData } from '../../packages/server/src/pmta/config/load.ts';
import { prepareCampaign } from '../../packages/server/src/sending/prepare.ts';
import { CampaignType } from '../../packages/shared/src/enums.ts';

const total = Number(process.argv[2] ?? 100_000);
const relayCount = Number(process.argv[3] ?? 10);
const sessions = Number(process.env.SENDER_CONNECTIONS_PER_PMTA_SERVER ?? 20);
/** PROFILE=<dir>: the simulator and the worker write V8 CPU profiles there (open them in Chrome's DevTools). */
const profile = process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.PROFILE)}`] : [];
// Only the campaign jobs run: the hourly blocklist job once re-rated the relays mid-run and paused the campaign.
const { ctx, q, stop } = await startBenchApp('inject', { schedules: false, jobs: ['campaign.*'], deadlineS: 1800 });
const one = async (text: string, params: unknown[] = []) => (await q(text, params)).rows[0]!;
const repo = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));

console.log(`seeding a list of ${total.toLocaleString('en')} e-mails and ${relayCount} PMTA relays ...`);
const { user, list, provider, offer, message } = await seedNewsletter(q, total);

// The simulator first (any free ports), then the server row that points at it and its relays.
const simDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-inject-sim-'));
onExit('the simulator files', () => fs.rmSync(simDir, { recursive: true, force: true }));
const server = await one(
  `insert into pmta_servers (name, server_ip, pmta_http_port, ssh_port, smtp_port, server_username, ip_list, user_id)
   values ('sim', '127.0.0.1', 8080, 22, 2525, 'root', '127.0.0.1', $1) returning id`,
  [user.id],
);
const group = await one(`insert into pmta_relay_groups (name, user_id) values ('g', $1) returning id`, [user.id]);
await q(
  `insert into pmta_relays (user_id, group_id, pmta_server_id, smtp_host, ip, sender_email, active, normal_speed, backoff_speed)
   select $1, $2, $3, 'mta' || g || '.example.net', ('10.9.0.' || g)::inet, 'news@mta' || g || '.example.net', true, 0, 0
     from generate_series(1, $4::int) g`,
  [user.id, group.id, server.id, relayCount],
);
const configFile = path.join(simDir, 'config');
fs.writeFileSync(configFile, generateConfig((await loadConfigData(ctx.db, server.id))!));
const sim = spawnTracked(
  'the PMTA simulator',
  process.execPath,
  [...profile, repo('packages/pmta-sim/src/main.ts'), '--data', path.join(simDir, 'data'), '--config', configFile],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const simReady = JSON.parse(
  await new Promise<string>((resolve) => readline.createInterface({ input: sim.stdout! }).once('line', resolve)),
) as { smtpPort: number; httpPort: number };
await q('update pmta_servers set smtp_port = $2, pmta_http_port = $3 where id = $1', [
  server.id,
  simReady.smtpPort,
  simReady.httpPort,
]);
const pgCpu = await postgresCpu(q);

/** Recipients the simulator took, from its HTTP status page (`<in><rcp>`). */
async function simReceived(): Promise<number> {
  const xml = await (await fetch(`http://127.0.0.1:${simReady.httpPort}/status?format=xml`)).text();
  return Number(/<in>\s*<rcp>(\d+)<\/rcp>/.exec(xml)?.[1] ?? NaN);
}
await q('analyze');

const workers: ChildProcess[] = [];
const stopWorkers = () => Promise.all(workers.splice(0).map(stopChild));

const lines: string[] = [];
const say = (line: string) => (console.log(line), lines.push(line));
try {
  say(`${machine()}, PostgreSQL ${(await one('show server_version')).server_version}`);
  const campaign = await one(
    `insert into campaigns (type, name, sender, email_list_id, mail_provider_ids, message_id, offer_id, relay_status,
       pmta_relay_group_id, status, user_id, start_date)
     values (${CampaignType.PMTA}, 'bench', 'Bench [name]', $1, array[$2::int], $3, $4, 1, $5, 3, $6, now()) returning id`,
    [list.id, provider.id, message.id, offer.id, group.id, user.id],
  );
  workers.push(await startWorker(ctx, { nodeArgs: profile }));
  const before = await simReceived();
  let t0 = performance.now();
  await prepareCampaign(ctx, campaign.id); // ends with the campaign Active: the worker starts at once
  const prepared = performance.now() - t0;
  const worker = workers[0]!;
  const meter = cpuMeter({ worker: () => cpuMs(worker.pid), simulator: () => cpuMs(sim.pid), postgres: pgCpu });
  t0 = performance.now();
  await campaignFinished(q, { id: campaign.id, type: 2 });
  const seconds = (performance.now() - t0) / 1000;
  const used = meter.used();
  const k = await one(
    `select total, sent from campaign_counters where campaign_type = ${CampaignType.PMTA} and campaign_id = $1`,
    [campaign.id],
  );
  const received = (await simReceived()) - before;
  const rate = Math.round(k.sent / seconds);
  say(
    `1 worker process, ${relayCount} relays on one server: prepare ${(prepared / 1000).toFixed(2)} s; injected ${k.sent.toLocaleString('en')} in ${seconds.toFixed(1)} s = ${rate.toLocaleString('en')} messages/s; the simulator took ${received.toLocaleString('en')}`,
  );
  say(`  CPU per message: ${perUnit(used, k.sent)}`);
  if (k.sent !== total || received !== total) throw new Error('the counters and the simulator disagree');
  await stopWorkers();

  // The reference: smtp-source into the simulator's SMTP port, the same count, size and sessions.
  const absent = smtpSourceAbsent();
  if (absent) say(`  ${absent}`);
  else {
    const c = (await loadSendingCampaign(ctx, campaign.id))!;
    const row = { emailId: 1, email: 'user1@example1.com', domain: 'example1.com', mailProviderId: provider.id };
    const r = { ...row, name: 'Name1', surname: null, city: 'City', geo: null, birthYear: null, attempts: 0 };
    const relay = { id: 1, senderEmail: 'news@mta1.example.net', host: 'mta1.example.net', vmta: 'x' };
    const bytes = buildMime(composeMessage(ctx.secret, c, r, relay)).length;
    const refBefore = await simReceived();
    const simMeter = cpuMeter({ simulator: () => cpuMs(sim.pid) });
    const ref = await runSmtpSource({ ports: [simReady.smtpPort], total, bytes, sessions });
    const took = (await simReceived()) - refBefore;
    const refRate = Math.round(took / ref.seconds);
    say(
      `  reference: smtp-source -d -s ${sessions} -l ${bytes} into the simulator: ${took.toLocaleString('en')} in ${ref.seconds.toFixed(1)} s = ${refRate.toLocaleString('en')} messages/s; ratio ${(rate / refRate).toFixed(2)}`,
    );
    say(`  reference CPU per message: ${perUnit({ 'smtp-source': ref.cpuMs, ...simMeter.used() }, took)}`);
  }
  say(
    `  load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  );
  record(import.meta.dirname, `inject ${machine().slice(0, 16)}`, lines);
} finally {
  await stopWorkers();
  await stopChild(sim);
  await stop();
  fs.rmSync(simDir, { recursive: true, force: true });
}
await exit(0);
