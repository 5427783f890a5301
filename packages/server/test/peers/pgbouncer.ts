import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../src/db/embedded.ts';

/*
 * Debian's PgBouncer (`apt-get install pgbouncer`) in transaction pooling mode, started by a test as an
 * unprivileged process on a loopback port with its own configuration in a temporary directory, in front of
 * the test's PostgreSQL (decision 1410). Every database name is passed through to the server (`* =`), so a
 * test's fresh database is reachable as it is. Clients sign in without a password (auth_type trust); the
 * pooler signs in to PostgreSQL with the server URL's user and password. `poolSize` server connections per
 * database: small, so consecutive transactions of one client really do land on different server sessions.
 */

export const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => fs.existsSync(p));

export interface PgBouncer {
  port: number;
  /** `serverUrl` with the pooler's address in place of PostgreSQL's. */
  url: (database: string) => string;
  /** One `SHOW <what>` on the admin console (`pgbouncer` database): its rows. */
  show: (what: string) => Promise<Record<string, unknown>[]>;
  stop: () => Promise<void>;
}

const quote = (v: string) => `'${v.replaceAll("'", "''")}'`;

export async function startPgBouncer(serverUrl: string, opts: { poolSize?: number } = {}): Promise<PgBouncer> {
  if (!PGBOUNCER) throw new Error('pgbouncer is not installed (apt-get install -y pgbouncer)');
  const server = new URL(serverUrl);
  const host = server.searchParams.get('host') ?? server.hostname;
  const user = decodeURIComponent(server.username || 'postgres');
  const password = decodeURIComponent(server.password);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-pgbouncer-'));
  const port = await freePort();
  const ini = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${quote(host)} port=${server.port || 5432} user=${quote(user)}${password ? ` password=${quote(password)}` : ''}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'pool_mode = transaction',
      `default_pool_size = ${opts.poolSize ?? 6}`,
      'max_client_conn = 1000',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      `admin_users = ${user}`,
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      // node-postgres and pg-boss send these at start-up; PgBouncer refuses a parameter it does not know.
      'ignore_startup_parameters = extra_float_digits,options',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  // PgBouncer refuses to run as root: as root it becomes the `postgres` user (which also reaches the socket
  // directory of an embedded cluster, owned by that user).
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    for (const f of [dir, ini, path.join(dir, 'users.txt')]) fs.chownSync(f, uid, gid);
  }
  const child: ChildProcess = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), ini], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const url = (database: string) => `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${database}`;
  // Ready once it answers on its admin console.
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      const log = fs.existsSync(path.join(dir, 'pgbouncer.log'))
        ? fs.readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8')
        : '';
      throw new Error(`pgbouncer exited (${child.exitCode}): ${output.join('')}${log}`);
    }
    const c = new pg.Client({ connectionString: url('pgbouncer') });
    c.on('error', () => {});
    const ok = await c.connect().then(
      () => true,
      () => false,
    );
    await c.end().catch(() => {});
    if (ok) break;
    if (Date.now() - started > 10_000) throw new Error(`pgbouncer did not start: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    url,
    show: async (what) => {
      const c = new pg.Client({ connectionString: url('pgbouncer') });
      await c.connect();
      try {
        // The admin console speaks the simple protocol only.
        const res = (await c.query(`show ${what}`)) as unknown as pg.QueryResult<Record<string, unknown>>;
        return res.rows;
      } finally {
        await c.end().catch(() => {});
      }
    },
    stop: async () => {
      if (child.exitCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGINT');
        await gone;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
