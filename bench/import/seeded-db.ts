/**
 * The import benches' profiling aids (explain.ts, merge-cpu.ts) start alike: the bench's CSV generated, an
 * embedded PostgreSQL like the bench's with the same spam lists, unsubscribers and blacklisted domains, a
 * user, a category and an empty list, and a session set for sorting in memory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, ensureDatabase, runMigrations } from '../../packages/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../packages/server/src/db/embedded.ts';
import { sortCollation } from '../../packages/server/src/features/email-lists/import/merge.ts';
import { loadProviderMap } from '../../packages/server/src/core/provider-of.ts';
import { BLACKLISTED, generateCsv } from './generate.ts';

export async function seededImportDb(prefix: string, rows: number) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(tmp, 0o755);
  const file = path.join(tmp, 'emails.csv');
  const expected = await generateCsv(file, rows);
  const embedded = await startEmbeddedPostgres(path.join(tmp, 'pg'), { silent: true });
  const close = async () => {
    await embedded.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  try {
    const url = embedded.url('console');
    await ensureDatabase(url);
    const db = createDb(url, 2);
    await runMigrations(db);
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => {});
    await c.connect();
    const one = async (text: string, values?: unknown[]) => (await c.query(text, values)).rows[0];
    const cat: number = (await one(`insert into categories (name) values ('Bench') returning id`)).id;
    await c.query(
      `insert into spam_emails (email) select unnest($1::text[]) union select 'trap' || g || '@example.net' from generate_series(1, 100000) g`,
      [expected.spam],
    );
    await c.query(
      `insert into unsubscribers (email, category_id) select e, $2 from (select unnest($1::text[]) as e union select 'gone' || g || '@example.org' from generate_series(1, 200000) g) x`,
      [expected.unsub, cat],
    );
    await c.query(
      `insert into mail_provider_domains (domain, is_blacklisted) select unnest($1::text[]), true on conflict (domain) do nothing`,
      [BLACKLISTED],
    );
    await c.query('analyze');
    const user = (
      await one(`insert into users (username, email, password_hash) values ('b', 'b@example.com', 'x') returning id`)
    ).id;
    const list: number = (
      await one(`insert into email_lists (name, category_id, user_id) values ('x', $1, $2) returning id`, [cat, user])
    ).id;
    await c.query(`set temp_buffers = '256MB'; set work_mem = '256MB'`);
    const providers = await loadProviderMap(db);
    const collation = await sortCollation(c);
    return {
      tmp,
      file,
      url,
      db,
      c,
      cat,
      list,
      providers,
      collation,
      async close() {
        await c.end();
        await db.$client.end();
        await close();
      },
    };
  } catch (e) {
    await close();
    throw e;
  }
}
