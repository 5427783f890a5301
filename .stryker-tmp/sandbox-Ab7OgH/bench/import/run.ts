/**
 * Import benchmark: node bench/import/run.ts [rows]   (default 1,000,000)
 *
 * 1. Generates a realistic CSV (provider mix, ~2% bad rows, ~1% duplicates, some quoted fields).
 * 2. Starts the real app (bench/import/server.ts) in a child process: embedded PostgreSQL in a temp
 *    DATA_DIR, or DATABASE_URL when set.
 * 3. Signs in, creates a list, uploads the file through POST /api/add-emails as a streamed multipart body,
 *    and waits until the list is idle again. End to end = from the first byte sent to the commit seen.
 * 4. Reads the server's peak RSS (VmHWM of the child) and checks the list's counters.
 * 5. The reference: COPYs the rows the import stored into a table like `emails` with the same indexes,
 *    and prints the ratio and CPU per imported row (app, PostgreSQL). Imported rows are the rows the
 *    list stored: rejected lines and duplicates do not count. Hermetic: only the import jobs run.
 * Profiling (decision 1180): WAITS=1 samples what PostgreSQL's backends wait for, PG_STATS=1 prints the
 * import's statements by time, PROFILE=<dir> writes the app's V8 CPU profile.
 */
// @ts-nocheck

import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { BLACKLISTED, generateCsv } from './generate.ts';
import { waitSampler } from './waits.ts';
import { deadline, exit, hermeticEnv, onExit, track } from '../lib/hermetic.ts';
import { cpuMeter, cpuMs, machine, perUnit, postgresCpu, record } from '../lib/measure.ts';

const rows = Number(process.argv[2] ?? 1_000_000);
deadline(1800, () => 'import');
// Only the import jobs run in the app (JOBS, inherited), and its DNS questions stay on loopback.
await hermeticEnv(['email-lists.*', 'imports.*']);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
onExit('the bench files', () => fs.rmSync(tmp, { recursive: true, force: true }));
fs.chmodSync(tmp, 0o755); // as root, the embedded PostgreSQL runs as another user that must reach DATA_DIR
const file = path.join(tmp, 'emails.csv');
const log = (s: string) => console.log(s);

log(`generating ${rows.toLocaleString('en')} rows ...`);
const expected = await generateCsv(file, rows);
const size = fs.statSync(file).size;
log(
  `  ${(size / 1e6).toFixed(1)} MB; ${expected.bad} bad rows, ${expected.duplicates} duplicates, ` +
    `${expected.unique} distinct addresses of which ${expected.invalid} spam traps, unsubscribed or on spam domains`,
);

const adminEmail = 'bench@example.com';
const adminPassword = crypto.randomBytes(12).toString('hex');
const child = track(
  'the app',
  fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [], {
    // PROFILE=<dir>: a V8 CPU profile of the app (written when it exits).
    execArgv: [...(process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE}`] : [])],
    env: {
      ...process.env,
      DATA_DIR: path.join(tmp, 'data'),
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  }),
);
const { port, databaseUrl } = await new Promise<{ port: number; databaseUrl: string }>((resolve, reject) => {
  child.once('message', (m) => resolve(m as { port: number; databaseUrl: string }));
  child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
});
const base = `http://127.0.0.1:${port}/api`;
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
// WAITS=1: a second connection samples what PostgreSQL's backends wait for, during the import and the COPY.
const sampler = process.env.WAITS === '1' ? new pg.Client({ connectionString: databaseUrl }) : undefined;
await sampler?.connect();
const pgStats = process.env.PG_STATS === '1';

try {
  const login = await fetch(`${base}/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const cat = (await db.query<{ id: number }>(`insert into categories (name) values ('Bench') returning id`)).rows[0]!
    .id;
  // Spam traps, unsubscribers and spam domains as a real console has them: 100k+ each, ~1% in the file.
  await db.query(
    `insert into spam_emails (email) select unnest($1::text[]) union select 'trap' || g || '@example.net' from generate_series(1, 100000) g`,
    [expected.spam],
  );
  await db.query(
    `insert into unsubscribers (email, category_id)
     select e, $2 from (select unnest($1::text[]) as e union select 'gone' || g || '@example.org' from generate_series(1, 200000) g) x`,
    [expected.unsub, cat],
  );
  await db.query(
    `insert into mail_provider_domains (domain, is_blacklisted) select unnest($1::text[]), true on conflict (domain) do nothing`,
    [BLACKLISTED],
  );
  await db.query('analyze spam_emails; analyze unsubscribers; analyze mail_provider_domains');
  const created = await fetch(`${base}/email_lists`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench list', category: cat }),
  });
  const listId = ((await created.json()) as { id: number }).id;

  // Streamed multipart body: the file is never held in memory on either side.
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\ncontent-disposition: form-data; name="emailListId"\r\n\r\n${listId}\r\n` +
    `--${boundary}\r\ncontent-disposition: form-data; name="emails"; filename="emails.csv"\r\ncontent-type: text/csv\r\n\r\n`;
  async function* body() {
    yield Buffer.from(head);
    yield* fs.createReadStream(file, { highWaterMark: 1 << 20 });
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }

  const rssOf = (field: string) =>
    Math.round(
      Number(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`))![1]) /
        1024,
    );
  const idleRss = rssOf('VmRSS');
  const pgCpu = await postgresCpu((text) => db.query(text));
  // Both measured phases start from a clean checkpoint: neither pays for writing out what came before it.
  await db.query('checkpoint');
  const importCpu = cpuMeter({ app: () => cpuMs(child.pid), postgres: pgCpu });
  if (pgStats) {
    await db.query('create extension if not exists pg_stat_statements');
    await db.query('select pg_stat_statements_reset()');
  }
  const waits = sampler && waitSampler(sampler);
  const t0 = performance.now();
  const res = await fetch(`${base}/add-emails`, {
    method: 'POST',
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Readable.toWeb(Readable.from(body())) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const accepted = (await res.json()) as { jobId: number };
  const t1 = performance.now();
  if (res.status !== 200) throw new Error(`upload refused: ${res.status} ${JSON.stringify(accepted)}`);
  let list: { job: number | null; total_counter: number; valid_counter: number; status: string };
  for (;;) {
    list = (
      await db.query(
        `select l.job, l.total_counter, l.valid_counter, u.status from email_lists l
         join uploads u on u.id = $2 where l.id = $1`,
        [listId, accepted.jobId],
      )
    ).rows[0];
    if (list.status === 'done' || list.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const t2 = performance.now();
  const importUsed = importCpu.used();
  await waits?.stop('import');
  if (pgStats) {
    const { rows: top } = await db.query(
      `select calls, round(total_exec_time)::int as ms, round(total_plan_time)::int as plan, rows,
              left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as query
         from pg_stat_statements order by total_exec_time desc limit 10`,
    );
    log('PostgreSQL statements of the import by time (pg_stat_statements):');
    for (const r of top)
      log(`  ${String(r.ms).padStart(7)} ms (plan ${r.plan} ms) ${r.calls} calls ${r.rows} rows  ${r.query}`);
  }
  const { stats } = (await db.query('select stats from uploads where id = $1', [accepted.jobId])).rows[0];
  const timings = stats.timings as { stageMs: number; prepareMs: number; mergeMs: number; direct?: boolean };
  const hwm = rssOf('VmHWM');
  if (list.status !== 'done') throw new Error('the import failed');
  if (list.total_counter !== expected.unique)
    throw new Error(`expected ${expected.unique} e-mails, the list has ${list.total_counter}`);
  if (list.valid_counter !== expected.unique - expected.invalid) {
    throw new Error(`expected ${expected.unique - expected.invalid} valid e-mails, the list has ${list.valid_counter}`);
  }

  // The reference (issue 28): the same rows the import stored, COPYed into a table shaped like `emails` with
  // the same indexes (LIKE ... INCLUDING ALL, made before the load as a live table has them), from a file
  // written beforehand; PostgreSQL's CPU measured the same way as during the import.
  const stored = path.join(tmp, 'stored.copy');
  const columns = 'email_list_id, email, name, surname, birth_year, city, geo, mail_provider_id, valid, created_at';
  await pipeline(
    // In address order: the index's best case (the import writes a first upload in sorted runs of 50,000).
    db.query(
      copyTo(`copy (select ${columns} from emails where email_list_id = ${Number(listId)} order by email) to stdout`),
    ),
    fs.createWriteStream(stored),
  );
  await db.query('create table bench_copy (like emails including all)');
  await db.query('checkpoint');
  const copyCpu = cpuMeter({ postgres: pgCpu });
  const copyWaits = sampler && waitSampler(sampler);
  const f0 = performance.now();
  await pipeline(
    fs.createReadStream(stored, { highWaterMark: 1 << 20 }),
    db.query(copyFrom(`copy bench_copy (${columns}) from stdin`)),
  );
  const copySeconds = (performance.now() - f0) / 1000;
  const copyUsed = copyCpu.used();
  await copyWaits?.stop('reference COPY');
  await db.query('drop table bench_copy');
  // For scale: the raw file COPYed into a bare table (PostgreSQL's own CSV parser, no index).
  await db.query(
    'create table bench_floor (email text, name text, surname text, birth_year text, city text, geo text)',
  );
  const b0 = performance.now();
  await pipeline(
    fs.createReadStream(file, { highWaterMark: 1 << 20 }),
    db.query(
      copyFrom(
        'copy bench_floor (email, name, surname, birth_year, city, geo) from stdin with (format csv, header true)',
      ),
    ),
  );
  const bareSeconds = (performance.now() - b0) / 1000;
  await db.query('drop table bench_floor');

  const total = (t2 - t0) / 1000;
  // Imported rows are the rows the list stored: rejected lines and duplicates are not imported.
  const imported = list.total_counter;
  const result = {
    rows,
    fileMB: +(size / 1e6).toFixed(1),
    stored: imported,
    valid: list.valid_counter,
    uploadSeconds: +((t1 - t0) / 1000).toFixed(2),
    endToEndSeconds: +total.toFixed(2),
    importedRowsPerSecond: Math.round(imported / total),
    peakServerRssMB: hwm,
    idleServerRssMB: idleRss,
    phases: timings,
    copySeconds: +copySeconds.toFixed(2),
    copyRowsPerSecond: Math.round(imported / copySeconds),
    ratioToCopy: +(total / copySeconds).toFixed(2),
    bareCopySeconds: +bareSeconds.toFixed(2),
    cpus: os.cpus().length,
  };
  const lines: string[] = [];
  const say = (line: string) => (log(line), lines.push(line));
  log('');
  say(
    `${rows.toLocaleString('en')} lines (${result.fileMB} MB): ${imported.toLocaleString('en')} imported (${list.valid_counter.toLocaleString('en')} valid)`,
  );
  say(
    `import   ${result.endToEndSeconds} s = ${result.importedRowsPerSecond.toLocaleString('en')} imported rows/s (upload answered after ${result.uploadSeconds} s)`,
  );
  say(
    `COPY     ${result.copySeconds} s = ${result.copyRowsPerSecond.toLocaleString('en')} rows/s, the same rows into a table like emails with its indexes: import / COPY = ${result.ratioToCopy}x`,
  );
  // In ns: a few µs per row, where whole µs hide the differences between runs.
  say(
    `CPU per imported row: import ${perUnit(importUsed, imported / 1000, 'ns')}; COPY ${perUnit(copyUsed, imported / 1000, 'ns')}`,
  );
  say(
    `job phases: parse+COPY ${timings.direct ? 'into the list (direct path)' : 'to staging'} ${timings.stageMs} ms, duplicates ${timings.prepareMs} ms, merge ${timings.mergeMs} ms`,
  );
  say(
    `peak app RSS ${result.peakServerRssMB} MB (VmHWM; ${result.idleServerRssMB} MB before the upload); the raw file into a bare table: ${result.bareCopySeconds} s`,
  );
  record(import.meta.dirname, `import ${machine().slice(0, 16)}`, lines);
  log(JSON.stringify(result));
} finally {
  await db.end();
  await sampler?.end();
  await exit(0);
}
