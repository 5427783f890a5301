import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, inject } from 'vitest';
import { withDatabase } from './global-setup.ts';

/** The server's migrations folder. */
export const MIGRATIONS = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

interface Journal {
  entries: { idx: number; tag: string }[];
}

/**
 * A copy of the migrations folder that ends just before the migration whose tag ends with `suffix` (a migration
 * test brings a database there, writes the rows it must carry over, then runs the rest). Remove it after.
 */
export function migrationsBefore(suffix: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as Journal;
  const at = journal.entries.findIndex((e) => e.tag.endsWith(suffix));
  if (at <= 0) throw new Error(`no migration ending with ${suffix} after the first`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const kept = journal.entries.slice(0, at);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  for (const e of kept) fs.copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/**
 * A migration test's database of its own, brought to just before the migration whose tag ends with `suffix`
 * before the file's tests and dropped after them: `pool()` reaches it, `q` answers a statement's rows,
 * `migrateRest()` runs the migrations from there to the last.
 */
export function databaseBefore(suffix: string) {
  const adminUrl = inject('adminUrl');
  const name = `t_migr_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  let pool: pg.Pool | undefined;
  let before: string | undefined;
  beforeAll(async () => {
    await admin(`create database ${name}`);
    pool = new pg.Pool({ connectionString: withDatabase(adminUrl, name), max: 2 });
    before = migrationsBefore(suffix);
    await migrate(drizzle(pool), { migrationsFolder: before });
  });
  afterAll(async () => {
    await pool?.end();
    if (before) fs.rmSync(before, { recursive: true, force: true });
    await admin(`drop database if exists ${name} with (force)`);
  });
  return {
    pool: () => pool!,
    q: async <R extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
      (await pool!.query<R>(text, params)).rows,
    migrateRest: () => migrate(drizzle(pool!), { migrationsFolder: MIGRATIONS }),
  };
}
