/**
 * The real app for the import benchmark, run as a child of run.ts so that its memory can be measured on
 * its own: bootstrap (database, migrations, jobs, hub) + buildApp, listening on 127.0.0.1 at a free port.
 * Tells the parent its port and database over IPC; stops cleanly on SIGTERM.
 */
// @ts-nocheck

import { loadEnv } from '../../packages/server/src/env.ts';
import { buildApp } from '../../packages/server/src/app.ts';
import { ensureAdmin, openDatabase, startContext } from '../../packages/server/src/bootstrap.ts';

const env = loadEnv();
// PG_STATS=1: pg_stat_statements in the embedded cluster (run.ts prints the statements by time).
const database = await openDatabase(
  env,
  process.env.PG_STATS === '1'
    ? ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track_planning=on']
    : [],
);
const started = await startContext(env, database.url);
await ensureAdmin(started.ctx, () => {});
const app = await buildApp(started.ctx, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send!({ port: typeof address === 'object' && address ? address.port : 0, databaseUrl: database.url });

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await app.close();
  await started.stop();
  await database.embedded?.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('disconnect', () => void stop());
