import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { newEd25519KeyPair } from '@console/pmta-sim/ssh';
import { ensureDatabase } from '@console/server/src/db/client.ts';
import { startEmbeddedPostgres } from '@console/server/src/db/embedded.ts';
import { startDnsServer } from '@console/server/test/peers/dns-server.ts';
import { UploadContext } from '@console/shared/enums';
import { signIn, type Api } from './api.ts';
import { HISTORY, startLive, writeHistory } from './campaigns.ts';
import { microsoftThrottle, startReceiver, type Storm } from './internet.ts';
import { startPopulation, type Conversion } from './population.ts';
import { postback } from './postback.ts';
import { ensureConsoleMailboxes, lateReport, startReportMailboxes } from './report-mailbox.ts';
import { DOMAINS, LOGINS, MICROSOFT, pushToServers, seed, uploadList, type Seeded, type SimPorts } from './seed.ts';

/*
 * npm run demo [-- --reset] [-- --size N]: the console on its own data with a small internet on loopback
 * (docs/decisions/1030-demo.md). Environment: DATA_DIR (./demo-data), PORT (8088), DEMO_SIZE (addresses of
 * the biggest list; the three lists hold 1.5 times it, 200,000 by default), DEMO_TRACKER_PORT (9999: the
 * PMTA relays' link port), DATABASE_URL (an existing PostgreSQL instead of the embedded one).
 */

const started = Date.now();
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const { values: args } = parseArgs({
  options: { reset: { type: 'boolean', default: false }, size: { type: 'string' } },
});
const dataDir = path.resolve(process.env.DATA_DIR || './demo-data');
if (dataDir === path.resolve('./data') || dataDir === path.join(repoRoot, 'data')) {
  console.error('The demo never runs on the real data folder (./data): choose another DATA_DIR.');
  process.exit(2);
}
const port = Number(process.env.PORT || 8088);
const trackerPort = Number(process.env.DEMO_TRACKER_PORT || 9999);
const listSize = Number(args.size ?? process.env.DEMO_SIZE ?? 133_334);
const ports = {
  receiver: port + 30,
  imap: port + 31,
  sims: [
    { smtpPort: port + 11, httpPort: port + 12, sshPort: port + 13 },
    { smtpPort: port + 21, httpPort: port + 22, sshPort: port + 23 },
  ] as [SimPorts, SimPorts],
};
const baseUrl = `http://localhost:${port}`;
/**
 * Microsoft pushes back on alice's first PMTA relay (127.0.1.1) for 3 minutes from its first message there:
 * its outlook.com and hotmail.com queues go into backoff and come back by themselves (decision 1470).
 */
const STORM: Storm = {
  sender: 'mta1.pmta-1.localhost',
  domains: MICROSOFT,
  forMs: 3 * 60_000,
  reply: microsoftThrottle('127.0.1.1'),
};

console.log(`Demo console: ${baseUrl}`);
console.log(`Sign in as ${LOGINS.admin.email} / ${LOGINS.admin.password} (administrator),`);
console.log(
  `        or ${LOGINS.alice.email} / ${LOGINS.alice.password}, ${LOGINS.bob.email} / ${LOGINS.bob.password}`,
);
console.log(`Stop: Ctrl-C (stops every process of the demo). Start over: npm run demo -- --reset`);
console.log(`Data: ${dataDir}; logs in ${path.join(dataDir, 'logs')}\n`);

const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const log = (m: string) => console.log(`[demo ${elapsed()}] ${m}`);

if (args.reset) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  log('reset: the demo data is gone, starting over');
}
fs.mkdirSync(path.join(dataDir, 'logs'), { recursive: true });

interface State {
  seeded: boolean;
  sshPassword: string;
  live?: { pmta: number; smtp: number };
  offers?: Seeded['offers'];
  /** What the seeding made, so a later start can write the history (issue 38). */
  made?: Omit<Seeded, 'admin' | 'users'>;
  /**
   * Kept apart from `seeded`: a demo stopped (Ctrl-C) while writing its 30 days of history writes it on the
   * next start (writeHistory keeps what it wrote whole).
   */
  historyWritten?: boolean;
}
const stateFile = path.join(dataDir, 'demo.json');
const state: State = fs.existsSync(stateFile)
  ? (JSON.parse(fs.readFileSync(stateFile, 'utf8')) as State)
  : { seeded: false, sshPassword: `sim-${Math.random().toString(36).slice(2, 12)}` };
const save = () => fs.writeFileSync(stateFile, JSON.stringify(state, null, 2));
save();

// ---- the processes the demo started, stopped in reverse order on Ctrl-C ----
const children: { name: string; child: ChildProcess }[] = [];
const closers: (() => Promise<unknown>)[] = [];
let stopping = false;

function start(name: string, argv: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const out = fs.openSync(path.join(dataDir, 'logs', `${name}.log`), 'a');
  const child = spawn(process.execPath, [...argv], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', out],
  });
  child.stdout!.on('data', (d: Buffer) => fs.appendFileSync(path.join(dataDir, 'logs', `${name}.log`), d));
  child.once('exit', (code, signal) => {
    if (!stopping) {
      log(`${name} exited (${code ?? signal}); see ${path.join(dataDir, 'logs', `${name}.log`)}`);
      void shutdown(1);
    }
  });
  children.push({ name, child });
  return child;
}

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the demo...');
  for (const { child } of [...children].reverse())
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.all(
    children.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
          child.once('exit', () => (clearTimeout(killer), resolve()));
        }),
    ),
  );
  for (const close of closers.reverse()) await close().catch(() => {});
  console.log('Demo stopped.');
  process.exit(code);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

async function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (c) => reject(new Error(`exited with ${c}`)));
  });
}

async function waitForApi(url: string) {
  for (let i = 0; i < 600 && !stopping; i++) {
    const status = await fetch(`${url}/api/profile`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 401) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

/** A port another process holds would answer for the demo (an earlier demo's console, for one): refuse. */
async function assertPortsFree(wanted: number[]) {
  for (const p of wanted) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer().once('error', () => resolve(false));
      probe.listen(p, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (!free) throw new Error(`port ${p} is in use (is another demo still running?): stop it or choose PORT`);
  }
}

try {
  await assertPortsFree([
    port,
    trackerPort,
    ports.receiver,
    ports.imap,
    ...ports.sims.flatMap((s) => Object.values(s)),
  ]);
  // The web app is built once (npm start builds it every time; the demo only when it is missing).
  const webDist = path.join(repoRoot, 'packages/web/dist');
  const build = fs.existsSync(path.join(webDist, 'index.html'))
    ? Promise.resolve()
    : new Promise<void>((resolve, reject) => {
        log('building the web app (once)');
        // npm and vite start with `#!/usr/bin/env node`: this process's Node first on their PATH, not the
        // machine's (decision 1300).
        const PATH = [path.dirname(process.execPath), process.env.PATH].join(path.delimiter);
        const b = spawn('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'ignore', env: { ...process.env, PATH } });
        b.once('exit', (c) => (c === 0 ? resolve() : reject(new Error('npm run build failed'))));
      });

  const database = await openDatabase();
  log('PostgreSQL ready');

  // ---- the internet: DNS, the providers' mail servers, the recipients ----
  const mx = Object.fromEntries(DOMAINS.map(([d]) => [d, [{ exchange: `mx.${d}`, priority: 10 }]]));
  const a: Record<string, string[]> = { localhost: ['127.0.0.1'] };
  for (const [d] of DOMAINS) a[`mx.${d}`] = ['127.0.0.1'];
  for (const n of [1, 2]) for (const k of [1, 2, 3, 4]) a[`mta${k}.pmta-${n}.localhost`] = ['127.0.0.1'];
  const dns = await startDnsServer({ mx, a });
  closers.push(() => dns.close());

  const offers: { current: Seeded['offers'] | undefined; apis: Record<string, Api> } = {
    current: state.offers,
    apis: {},
  };
  const population = startPopulation({
    portMap: { 9999: trackerPort },
    convert: async (c: Conversion) => {
      const offer = offers.current?.[c.offer];
      if (!offer) return;
      const api =
        offers.apis[offer.owner] ??
        (offers.apis[offer.owner] = await signIn(baseUrl, LOGINS[offer.owner].email, LOGINS[offer.owner].password));
      await postback({ api, baseUrl, portMap: { 9999: trackerPort }, offerId: offer.id, cid: c.cid, sum: c.sum });
    },
  });
  closers.push(async () => population.stop());
  // The reports the mail servers write back later, into the owners' bounce mailboxes (decision 1444).
  const mailboxes = await startReportMailboxes({ port: ports.imap, delayMs: 30_000, log });
  if (mailboxes) closers.push(() => mailboxes.close());
  const receiver = await startReceiver(
    ports.receiver,
    (d) => population.receive(d),
    mailboxes
      ? (mailFrom, rcpt, headers) => {
          const report = lateReport(rcpt, mailFrom, headers);
          if (report) mailboxes.post(mailFrom, report);
        }
      : undefined,
    STORM,
  );
  closers.push(() => receiver.close());
  let storm: 'on' | 'over' | undefined;
  setInterval(() => {
    const since = receiver.storm.startedAt;
    const now = since === undefined ? undefined : Date.now() - since < STORM.forMs ? 'on' : 'over';
    if (now === storm) return;
    storm = now;
    log(
      now === 'on'
        ? `Microsoft throttles ${STORM.sender} (421 4.7.650) for 3 minutes: its queues at ${MICROSOFT.join(', ')} go into backoff (Delivery)`
        : `Microsoft accepts ${STORM.sender} again (${receiver.storm.deferred} deferred): its queues come back to normal`,
    );
  }, 5_000).unref();
  log(
    mailboxes
      ? `bounce mailboxes: Dovecot on 127.0.0.1:${mailboxes.port}; the mail servers write some bounces and complaints back later`
      : 'bounce mailboxes: Dovecot is not installed (apt-get install dovecot-imapd): no late reports by mail; PMTA complaints still come',
  );
  log(`internet on loopback: DNS 127.0.0.1:${dns.port}, mail servers 127.0.0.1:${receiver.port}`);

  // ---- two PowerMTA simulators ----
  const outcomes = path.join(dataDir, 'pmta-outcomes.json');
  fs.writeFileSync(outcomes, JSON.stringify([{ match: '*313@*', result: 'delivered', complaint: true }]));
  const sims = ports.sims.map((p, n) => {
    const root = path.join(dataDir, `pmta-${n + 1}`);
    fs.mkdirSync(root, { recursive: true });
    const hostKey = path.join(root, 'ssh_host_key');
    if (!fs.existsSync(hostKey)) fs.writeFileSync(hostKey, newEd25519KeyPair().private, { mode: 0o600 });
    const child = start(`pmta-${n + 1}`, [
      'packages/pmta-sim/src/main.ts',
      ...['--data', path.join(root, 'data'), '--smtp-port', String(p.smtpPort), '--http-port', String(p.httpPort)],
      ...['--ssh-port', String(p.sshPort), '--ssh-password', state.sshPassword, '--ssh-host-key', hostKey],
      ...['--outcomes', outcomes, '--downstream', `127.0.0.1:${receiver.port}`],
    ]);
    return firstLine(child);
  });

  // ---- the console, and its tracker on the PMTA relays' link port ----
  await build;
  const consoleEnv: NodeJS.ProcessEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    HOST: '127.0.0.1',
    ADMIN_EMAIL: LOGINS.admin.email,
    ADMIN_PASSWORD: LOGINS.admin.password,
    DEMO: 'true',
    DNS_SERVERS: dns.servers,
    DNS_TIMEOUT_MS: '1000',
    // Every peer of the demo is on loopback: let the console's outbound policy reach it, and nothing else.
    ALLOW_INTERNAL_URLS: '127.0.0.0/8,::1',
    SOCKS_CHECK_TARGET: `127.0.0.1:${receiver.port}`,
    SENDER_RETRY_SECONDS: '30',
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  };
  start('console', ['packages/server/src/main.ts'], { ...consoleEnv, PORT: String(port) });
  await waitForApi(`http://127.0.0.1:${port}`);
  start('tracker', ['packages/server/src/main.ts'], { ...consoleEnv, PORT: String(trackerPort), ROLE: 'tracker' });
  await Promise.all(sims);
  log(`console ready at ${baseUrl}; PowerMTA simulators up`);

  /** The 30 days of history, then the flag that says they are whole. */
  const history = async (s: Seeded) => {
    const recorded = await writeHistory(s, database.url, log);
    state.historyWritten = true;
    save();
    log(
      `history: ${recorded.toLocaleString('en')} recipients of ${HISTORY.length} finished campaigns over the last 30 days; relay indicators computed`,
    );
  };
  if (!state.seeded) {
    const s = await seed({
      baseUrl,
      trackerHost: baseUrl,
      receiverPort: receiver.port,
      sims: ports.sims,
      sshPassword: state.sshPassword,
      listSize,
      log: (m) => log(`seeding: ${m}`),
    });
    offers.current = state.offers = s.offers;
    const { admin: _admin, users: _users, ...made } = s;
    state.made = made;
    save();
    // Bob's first list, then his SMTP campaign: mail flows while the rest loads.
    const [first, ...rest] = [...s.lists].sort((a, b) => (a.owner === 'bob' ? 0 : 1) - (b.owner === 'bob' ? 0 : 1));
    log(`lists: ${s.lists.reduce((n, l) => n + l.size, 0).toLocaleString('en')} addresses through the import`);
    await uploadList(s.admin, first!);
    await waitForImports(s, log);
    const smtp = await startLive(s, 'smtp');
    log('"Meal kits weekly (live)" (SMTP, bob) started');
    const sending = waitForSending(s.admin, smtp, log);
    await pushToServers(s, (m) => log(`seeding: ${m}`));
    for (const l of rest) await uploadList(s.admin, l);
    await waitForImports(s, log);
    const pmta = await startLive(s, 'pmta');
    log('"Solar autumn (live)" (PMTA, alice) started');
    state.live = { smtp, pmta };
    state.seeded = true;
    save();
    await sending;
    await history(s);
  } else if (!state.historyWritten && state.made) {
    log('the history was cut short last time: writing the rest');
    const [admin, alice, bob] = await Promise.all(
      (['admin', 'alice', 'bob'] as const).map((u) => signIn(baseUrl, LOGINS[u].email, LOGINS[u].password)),
    );
    await history({ ...state.made, admin: admin!, users: { alice: alice!, bob: bob! } });
  } else {
    log('the demo workspace is already seeded (npm run demo -- --reset starts over)');
  }
  if (mailboxes) {
    const [alice, bob] = await Promise.all(
      (['alice', 'bob'] as const).map((u) => signIn(baseUrl, LOGINS[u].email, LOGINS[u].password)),
    );
    await ensureConsoleMailboxes({ alice: alice!, bob: bob! }, mailboxes.port);
    log('bounce mailboxes "Demo returns" of alice and bob: read every minute (Infrastructure > Processed Reports)');
  }
  log(`ready: open ${baseUrl} (Ctrl-C stops)`);
  setInterval(() => {
    const p = population.stats;
    const r = receiver.counts;
    log(
      `mail servers: ${r.accepted} accepted, ${r.deferred} deferred, ${r.bounced} bounced; recipients: ${p.opens} opens, ${p.clicks} clicks, ${p.conversions} sales, ${p.unsubscribes} unsubscribes`,
    );
  }, 60_000).unref();
} catch (e) {
  if (!stopping) {
    console.error(`The demo could not start: ${(e as Error).stack ?? e}`);
    await shutdown(1);
  }
}

/** The demo's PostgreSQL: DATABASE_URL when given (its database is created), else an embedded one in DATA_DIR. */
async function openDatabase(): Promise<{ url: string }> {
  const given = process.env.DATABASE_URL;
  if (given) {
    if (args.reset) await dropDatabase(given);
    await ensureDatabase(given);
    return { url: given };
  }
  const embedded = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), { silent: true });
  closers.push(() => embedded.stop());
  const url = embedded.url('console');
  await ensureDatabase(url);
  return { url };
}

/** --reset on a given PostgreSQL: the demo's database is dropped (it is the demo's own). */
async function dropDatabase(url: string) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
  } finally {
    await client.end();
  }
}

async function waitForImports(s: Seeded, log: (m: string) => void) {
  log('waiting for the lists to be imported');
  for (;;) {
    const busy = await Promise.all(
      [s.admin].map((api) => api.get<unknown[]>(`/upload_files?type=${UploadContext.emails}`)),
    );
    if (busy.every((b) => b.length === 0)) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  log('lists imported');
}

async function waitForSending(api: Api, id: number, log: (m: string) => void) {
  for (let i = 0; i < 240 && !stopping; i++) {
    const rows = (
      await api.get<{ 'hydra:member': { id: number; status: number }[] }>('/smtp_campaigns?pagination=false')
    )['hydra:member'];
    if (rows.find((r) => r.id === id)?.status === 1) {
      log(`a campaign is sending (${elapsed()} after the start)`);
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
