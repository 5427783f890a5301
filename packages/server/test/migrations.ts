import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
