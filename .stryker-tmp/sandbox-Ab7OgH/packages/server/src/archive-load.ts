// @ts-nocheck
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadEnv } from './env.ts';
import { openDatabase } from './bootstrap.ts';
import { loadArchive } from './features/retention/archive.ts';

/*
 * `npm run archive:load -- <file.csv.gz> [table]` (decision 1370): loads an archive of the retention job into a
 * table of its own (all columns text, named after the file unless told) for a look with psql. Reaches the
 * database the console uses: DATABASE_URL, or the embedded cluster under DATA_DIR (through its socket while
 * the console runs, else started for the load and stopped after).
 */

const [file, wanted] = process.argv.slice(2);
if (!file || !fs.existsSync(file)) {
  console.error('Usage: npm run archive:load -- <archive .csv.gz file> [table name]');
  process.exit(2);
}
const table = wanted ?? `archived_${path.basename(file).replace(/\.csv\.gz$/, '')}`.toLowerCase();
const env = loadEnv();
const socketDir = path.join(env.DATA_DIR, 'postgres.socket');
const running = !env.DATABASE_URL && fs.existsSync(path.join(socketDir, '.s.PGSQL.5432'));
// The pgpass line is `*:*:*:postgres:<password>` (db/embedded.ts).
const password = () => fs.readFileSync(path.join(env.DATA_DIR, 'postgres.pgpass'), 'utf8').trim().split(':').at(-1)!;
const database = running
  ? { url: `postgres://postgres:${encodeURIComponent(password())}@/console?host=${encodeURIComponent(socketDir)}` }
  : await openDatabase(env);
const client = new pg.Client({ connectionString: database.url });
try {
  await client.connect();
  const rows = await loadArchive(client, file, table);
  console.log(`Loaded ${rows.toLocaleString('en-US')} rows into table "${table}".`);
} catch (e) {
  console.error(`The archive was not loaded: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await client.end();
  if ('embedded' in database) await database.embedded?.stop();
}
