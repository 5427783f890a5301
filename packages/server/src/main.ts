import { fileURLToPath } from 'node:url';
import { loadEnv } from './env.ts';
import { buildApp } from './app.ts';
import { ensureAdmin, openDatabase, startContext } from './bootstrap.ts';
import { uploadsSettled } from './core/uploads.ts';
import { whenDatabaseReady } from './db/ready.ts';

const env = loadEnv();
const database = await openDatabase(env);
// A start the database cannot take yet (restarting, no connection free) waits for it (db/ready.ts).
const started = await whenDatabaseReady(() => startContext(env, database.url, { sender: true }), console.warn);
await ensureAdmin(started.ctx, (m) => console.log(`\n  ${m}\n`));

// A worker (jobs and the campaign senders) serves no HTTP: start as many as needed, on any machine.
const webDist = env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
const app = env.ROLE === 'worker' ? null : await buildApp(started.ctx, { logger: true, webDist });
await app?.listen({ port: env.PORT, host: env.HOST });
if (!app) console.log('worker started: background jobs and campaign senders (no HTTP listener)');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  // Within 10 s whatever runs (issue 37): a request still sending (a 2 GB upload) is cut after 3 s, its
  // partial file removed; the last resort exits however far the rest got.
  setTimeout(() => {
    console.error('shutdown took over 9 s: exiting now');
    process.exit(1);
  }, 9_000).unref();
  const cut = setTimeout(() => app?.server.closeAllConnections(), 3_000).unref();
  await app?.close();
  clearTimeout(cut);
  await uploadsSettled(); // a cut upload's partial file goes before we do (its pipeline ends after the socket)
  await started.stop();
  await database.embedded?.stop(); // a clean PostgreSQL shutdown keeps the data directory consistent
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// The embedded PostgreSQL runs in a process group of its own (decision 1341): a closed terminal stops it through us.
process.on('SIGHUP', () => void shutdown('SIGHUP'));
