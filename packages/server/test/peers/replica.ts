import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../src/db/embedded.ts';

/*
 * A primary and a streaming replica of Debian's PostgreSQL (`apt-get install postgresql`), started by a test
 * (decision 1411): initdb, a primary with wal_level=replica on a loopback port, `pg_basebackup -R` of it
 * (which writes standby.signal and primary_conninfo), and a second postgres on that copy, another port.
 * Trust authentication on 127.0.0.1 only; as root both run as the `postgres` user.
 */

const BIN = (() => {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((v) => path.join(root, v, 'bin')).find((d) => fs.existsSync(path.join(d, 'pg_basebackup')));
})();

export const REPLICA_BINARIES = BIN;

export interface ReplicaPair {
  primaryUrl: (database: string) => string;
  replicaUrl: (database: string) => string;
  stop: () => Promise<void>;
}

const run = promisify(execFile);

export async function startReplicaPair(): Promise<ReplicaPair> {
  if (!BIN) throw new Error('PostgreSQL server binaries are missing (apt-get install -y postgresql)');
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot
    ? {
        uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
        gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
      }
    : {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-replica-'));
  fs.chmodSync(dir, 0o755);
  if (asRoot) fs.chownSync(dir, ids.uid!, ids.gid!);
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const tool = (name: string, args: string[]) => run(path.join(BIN!, name), args, { ...ids, cwd: dir });

  await tool('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const children: ChildProcess[] = [];
  const start = async (data: string, port: number) => {
    const child = spawn(
      path.join(BIN!, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
        ...['-c', 'wal_level=replica', '-c', 'max_wal_senders=4', '-c', 'hot_standby=on', '-c', 'fsync=off'],
        ...['-c', 'max_connections=200'],
      ],
      { ...ids, cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const log: string[] = [];
    child.stderr!.on('data', (d: Buffer) => log.push(d.toString()));
    children.push(child);
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const began = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`postgres exited: ${log.join('')}`);
      const c = new pg.Client({ connectionString: url });
      c.on('error', () => {});
      const ok = await c.connect().then(
        () => true,
        () => false,
      );
      await c.end().catch(() => {});
      if (ok) return;
      if (Date.now() - began > 30_000) throw new Error(`postgres did not start: ${log.join('')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  await start(primaryDir, primaryPort);
  await tool('pg_basebackup', [
    ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'],
    ...['-D', replicaDir, '-R', '-X', 'stream', '--no-sync'],
  ]);
  await start(replicaDir, replicaPort);
  const url = (port: number) => (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    primaryUrl: url(primaryPort),
    replicaUrl: url(replicaPort),
    stop: async () => {
      for (const c of children.reverse()) {
        if (c.exitCode !== null) continue;
        const gone = new Promise((r) => c.once('exit', r));
        c.kill('SIGINT'); // fast shutdown
        await gone;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
