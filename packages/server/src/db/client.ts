import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** The database or a transaction of it: every repository function takes one, so it runs inside or outside a transaction. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

// bigint counts (count(*)) come back as numbers; they stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** `onClientError` counts the errors of checked-out clients (bootstrap passes the metrics' counter: db/ sits below core/). */
export function createDb(url: string, max = 20, onClientError: () => void = () => {}): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {}); // idle clients dropped by the server reconnect on next use
  // A client checked out with `pool.connect()` has no listener of the pool's: a restart of PostgreSQL made
  // its 'error' event unhandled and killed the process (issue 23). The query running on it fails with the
  // same error, which its caller handles (retry, release); the pool drops the client when it is released.
  pool.on('connect', (client) => client.on('error', onClientError));
  return drizzle(pool, { schema }) as Db;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/** Creates the database named in `url` when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  // Usually it exists: then `postgres` is not needed, which a pooler may not know (its configuration may
  // list the console's database alone), and the start reaches the pooler check that says what is missing.
  const probe = new pg.Client({ connectionString: url });
  probe.on('error', () => {});
  const exists = await probe.connect().then(
    () => true,
    () => false,
  );
  await probe.end().catch(() => {});
  if (exists) return;
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
