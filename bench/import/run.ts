/**
 * Import benchmark: node --import tsx bench/import/run.ts [rows]   (default 1,000,000)
 *
 * 1. Generates a realistic CSV (provider mix, ~2% bad rows, ~1% duplicates, some quoted fields).
 * 2. Starts the real app (bench/import/server.ts) in a child process: embedded PostgreSQL in a temp
 *    DATA_DIR, or DATABASE_URL when set.
 * 3. Signs in, creates a list, uploads the file through POST /api/add-emails as a streamed multipart body,
 *    and waits until the list is idle again. End to end = from the first byte sent to the commit seen.
 * 4. Reads the server's peak RSS (VmHWM of the child) and checks the list's counters.
 * 5. COPYs the same file into a bare table of the same database: the physical floor (and, for scale,
 *    into a table with the two indexes an e-mail row needs).
 */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { BLACKLISTED, generateCsv } from './generate.ts';
import { deadline, exit, hermeticEnv, onExit, track } from '../lib/hermetic.ts';

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
const child = track('the app', fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [], {
  execArgv: ['--import', 'tsx'],
  env: {
    ...process.env,
    DATA_DIR: path.join(tmp, 'data'),
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'silent',
  },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
}));
const { port, databaseUrl } = await new Promise<{ port: number; databaseUrl: string }>((resolve, reject) => {
  child.once('message', (m) => resolve(m as { port: number; databaseUrl: string }));
  child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
});
const base = `http://127.0.0.1:${port}/api`;
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();

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
  const { stats } = (await db.query('select stats from uploads where id = $1', [accepted.jobId])).rows[0];
  const timings = stats.timings as { stageMs: number; prepareMs: number; mergeMs: number };
  const hwm = rssOf('VmHWM');
  if (list.status !== 'done') throw new Error('the import failed');
  if (list.total_counter !== expected.unique)
    throw new Error(`expected ${expected.unique} e-mails, the list has ${list.total_counter}`);
  if (list.valid_counter !== expected.unique - expected.invalid) {
    throw new Error(`expected ${expected.unique - expected.invalid} valid e-mails, the list has ${list.valid_counter}`);
  }

  // The floor: the same file COPYed (PostgreSQL's own CSV parser) into a bare table; and, for scale, into a
  // table that has, like every e-mail row, a bigserial key and an email index (created before the load, as
  // an import into a live table has to maintain them).
  const copyInto = async (table: string, ddl: string, index?: string) => {
    await db.query(`create table ${table} (${ddl})`);
    if (index) await db.query(index);
    const f0 = performance.now();
    await pipeline(
      fs.createReadStream(file, { highWaterMark: 1 << 20 }),
      db.query(
        copyFrom(
          `copy ${table} (email, name, surname, birth_year, city, geo) from stdin with (format csv, header true)`,
        ),
      ),
    );
    const seconds = (performance.now() - f0) / 1000;
    await db.query(`drop table ${table}`);
    return seconds;
  };
  const columns = 'email text, name text, surname text, birth_year text, city text, geo text';
  const floor = await copyInto('bench_floor', columns);
  const indexedFloor = await copyInto(
    'bench_floor_indexed',
    `id bigserial primary key, ${columns}`,
    'create index on bench_floor_indexed (email)',
  );

  const total = (t2 - t0) / 1000;
  const result = {
    rows,
    fileMB: +(size / 1e6).toFixed(1),
    stored: list.total_counter,
    valid: list.valid_counter,
    uploadSeconds: +((t1 - t0) / 1000).toFixed(2),
    endToEndSeconds: +total.toFixed(2),
    rowsPerSecond: Math.round(rows / total),
    peakServerRssMB: hwm,
    idleServerRssMB: idleRss,
    phases: timings,
    copyFloorSeconds: +floor.toFixed(2),
    copyIndexedSeconds: +indexedFloor.toFixed(2),
    ratioToCopy: +(total / floor).toFixed(2),
    cpus: os.cpus().length,
  };
  log('');
  log(`end to end        ${result.endToEndSeconds} s (upload answered after ${result.uploadSeconds} s)`);
  log(`throughput        ${result.rowsPerSecond.toLocaleString('en')} rows/s`);
  log(
    `job phases        parse+COPY to staging ${timings.stageMs} ms, duplicates ${timings.prepareMs} ms, merge ${timings.mergeMs} ms`,
  );
  log(
    `peak server RSS   ${result.peakServerRssMB} MB (VmHWM of the app process; ${result.idleServerRssMB} MB before the upload)`,
  );
  log(`plain COPY        ${result.copyFloorSeconds} s -> ratio ${result.ratioToCopy}x`);
  log(`COPY + 2 indexes  ${result.copyIndexedSeconds} s (same file; bigserial key and email index, as e-mails have)`);
  log(`stored            ${result.stored.toLocaleString('en')} (${result.valid.toLocaleString('en')} valid)`);
  log(JSON.stringify(result));
} finally {
  await db.end();
  await exit(0);
}
