// @ts-nocheck
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PmtaControl } from '@console/pmta-sim/control';
import { startSshServer, type SshServer, type SshServerOptions } from '@console/pmta-sim/ssh';
import { TEST_CONFIG, tempSim } from '@console/pmta-sim/testing';
import { seal } from '../../core/sealed.ts';
import { pmtaServers } from '../../db/schema/index.ts';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, eventually, type TestApp } from '../../../test/harness.ts';
import { PmtaConnections, PmtaSshError, type PmtaTarget } from './connection.ts';
import { consoleKey, loadConsoleKey, newEd25519KeyPair } from './keys.ts';
import { ownerSshKey } from './owner-keys.ts';
import type { TestUser } from '../../../test/harness.ts';

let t: TestApp;
let f: ReturnType<typeof factories>;
let pool: PmtaConnections;
let simRoot: string;
/** The owner of the servers below, whose key the simulators trust. */
let owner: TestUser;
let ownerPub: string;
const sims: SshServer[] = [];

/** A PMTA state double whose `pmta hang` never answers (a command that outlives its timeout). */
function control(root: string): PmtaControl {
  return {
    root,
    running: true,
    command: async (args) =>
      args[0] === 'hang'
        ? new Promise(() => {})
        : { code: args[0] === 'reload' ? 1 : 0, stdout: `pmta ${args.join(' ')}\n`, stderr: '' },
    service: async (action) => ({ code: 0, stdout: `${action}\n`, stderr: '' }),
  };
}

async function sim(o: Partial<SshServerOptions> = {}) {
  const s = await startSshServer(control(simRoot), {
    users: [{ username: 'root', publicKeys: [ownerPub] }],
    ...o,
  });
  sims.push(s);
  return s;
}

/** A PMTA server row pointing at a port on loopback. */
async function server(port: number, set: Partial<typeof pmtaServers.$inferInsert> = {}): Promise<PmtaTarget> {
  const row = await f.pmtaServer({ owner, serverIp: '127.0.0.1' });
  const [updated] = await t.ctx.db
    .update(pmtaServers)
    .set({ sshPort: port, ...set })
    .where(eq(pmtaServers.id, row.id))
    .returning();
  return updated!;
}

const pinned = async (id: number) =>
  (await t.ctx.db.select().from(pmtaServers).where(eq(pmtaServers.id, id)))[0]!.hostKey;

async function failure(p: Promise<unknown>): Promise<PmtaSshError> {
  const e = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(e).toBeInstanceOf(PmtaSshError);
  expect((e as Error).message).toMatch(/^Error: /);
  return e as PmtaSshError;
}

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  owner = await t.user();
  ownerPub = (await ownerSshKey(t.ctx, owner.id)).publicKey;
  pool = new PmtaConnections(t.ctx, { connectTimeoutMs: 2_000, commandTimeoutMs: 2_000 });
  simRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'pmta-sim-root-'));
  fs.mkdirSync(path.join(simRoot, 'etc/pmta'), { recursive: true });
});
afterAll(async () => {
  await pool.close();
  for (const s of sims) await s.close();
  await t.close();
  fs.rmSync(simRoot, { recursive: true, force: true });
});

describe("the console's key pair of an install from before", () => {
  it("is generated once under DATA_DIR (private key mode 600) and becomes the first administrator's key only", async () => {
    const first = consoleKey(t.dataDir);
    const file = path.join(t.dataDir, 'ssh/id_ed25519');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.publicKey).toMatch(/^ssh-ed25519 AAAA[A-Za-z0-9+/=]+ console@pmta$/);
    expect(fs.readFileSync(`${file}.pub`, 'utf8').trim()).toBe(first.publicKey);
    // Another process (no cache) reads the same key back.
    expect(loadConsoleKey(t.dataDir)).toEqual(first);
    expect(fs.readFileSync(file, 'utf8')).toBe(first.privateKey);

    const base = (line: string) => line.split(' ').slice(0, 2).join(' ');
    const admin = await t.user({ admin: true });
    const user = await t.user();
    const ofAdmin = await t.as(admin, { method: 'GET', url: '/api/pmta/ssh-public-key' });
    const ofUser = await t.as(user, { method: 'GET', url: '/api/pmta/ssh-public-key' });
    expect(ofAdmin.statusCode).toBe(200);
    // The test database has no administrator before this one: it is the first and inherits the console's key.
    expect(base(ofAdmin.json<{ publicKey: string }>().publicKey)).toBe(base(first.publicKey));
    expect(base(ofUser.json<{ publicKey: string }>().publicKey)).not.toBe(base(first.publicKey));
    expect(ofUser.json()).toEqual({
      publicKey: expect.stringMatching(/^ssh-ed25519 AAAA\S+ console-user\d+@pmta$/),
      servers: [],
    });
    expect((await t.as(null, { method: 'GET', url: '/api/pmta/ssh-public-key' })).statusCode).toBe(401);
  });
});

describe('a PMTA server that answers', () => {
  it("logs in with the console's key, runs commands and pins the host key on first use", async () => {
    const s = await sim();
    const target = await server(s.port);
    expect(await pinned(target.id)).toBeNull();
    expect(await pool.exec(target, 'pmta show status')).toEqual({ code: 0, stdout: 'pmta show status\n', stderr: '' });
    expect(await pinned(target.id)).toBe(s.hostKeyFingerprint);
    // A refusal of PMTA is an answer (exit code and text), not a connection error.
    expect(await pool.exec(target, 'pmta reload')).toMatchObject({ code: 1, stdout: 'pmta reload\n' });
    expect(await pool.exec(target, 'systemctl is-active pmta')).toMatchObject({ code: 0, stdout: 'active\n' });
  });

  it("logs in with the server's own sealed password or private key", async () => {
    const key = newEd25519KeyPair();
    const s = await sim({ users: [{ username: 'admin', password: 'pa55word', publicKeys: [key.public] }] });
    const byPassword = await server(s.port, {
      serverUsername: 'admin',
      sshPasswordEnc: seal(t.ctx.secret, 'pa55word'),
    });
    expect((await pool.exec(byPassword, 'pmta show vmtas')).code).toBe(0);
    const byKey = await server(s.port, { serverUsername: 'admin', sshKeyEnc: seal(t.ctx.secret, key.private) });
    expect((await pool.exec(byKey, 'pmta show vmtas')).code).toBe(0);
  });

  it('writes a file atomically (tmp, then rename over), keeps the previous one as .bak and restores it', async () => {
    const s = await sim();
    const target = await server(s.port);
    const real = path.join(simRoot, 'etc/pmta/config');
    fs.writeFileSync(real, 'old config\n');
    await pool.writeFileAtomic(target, '/etc/pmta/config', 'new config\n');
    expect(fs.readFileSync(real, 'utf8')).toBe('new config\n');
    expect(fs.readFileSync(`${real}.bak`, 'utf8')).toBe('old config\n');
    expect(fs.existsSync(`${real}.tmp`)).toBe(false);
    expect((await pool.readFile(target, '/etc/pmta/config')).toString()).toBe('new config\n');
    const st = await pool.stat(target, '/etc/pmta/config');
    expect(st).toMatchObject({ size: 11, isFile: true });
    expect(Math.abs(st!.mtime.getTime() - fs.statSync(real).mtimeMs)).toBeLessThan(1_000);
    expect(await pool.stat(target, '/etc/pmta/missing')).toBeNull();

    expect(await pool.restoreBackup(target, '/etc/pmta/config')).toBe(true);
    expect(fs.readFileSync(real, 'utf8')).toBe('old config\n');
    // A first upload has nothing to back up: it says so (.absent), and a roll back removes the new file (issue 22).
    const fresh = path.join(simRoot, 'etc/pmta/fresh');
    fs.writeFileSync(`${fresh}.bak`, 'a backup of an older time');
    await pool.writeFileAtomic(target, '/etc/pmta/fresh', 'x');
    expect(fs.existsSync(`${fresh}.bak`)).toBe(false);
    expect(fs.readFileSync(`${fresh}.absent`, 'utf8')).toBe('');
    expect(await pool.restoreBackup(target, '/etc/pmta/fresh')).toBe(true);
    expect(fs.existsSync(fresh)).toBe(false);
    expect(fs.existsSync(`${fresh}.absent`)).toBe(false);
    expect(await pool.restoreBackup(target, '/etc/pmta/fresh')).toBe(false);
    // Written again over an existing file: a real .bak, no marker.
    await pool.writeFileAtomic(target, '/etc/pmta/fresh', 'one');
    await pool.writeFileAtomic(target, '/etc/pmta/fresh', 'two');
    expect(fs.readFileSync(`${fresh}.bak`, 'utf8')).toBe('one');
    expect(fs.existsSync(`${fresh}.absent`)).toBe(false);
    const missing = await failure(pool.readFile(target, '/etc/pmta/none'));
    expect(missing.kind).toBe('failed');
  });

  it('reuses one connection per server and closes it when idle', async () => {
    const s = await sim();
    // A TCP relay in front of the simulator counts the connections the console opens.
    let opened = 0;
    const open = new Set<net.Socket>();
    const relay = net.createServer((sock) => {
      opened++;
      open.add(sock);
      const up = net.connect(s.port, '127.0.0.1');
      sock.pipe(up).pipe(sock);
      const done = () => (open.delete(sock), sock.destroy(), up.destroy());
      sock.on('close', done).on('error', done);
      up.on('close', done).on('error', done);
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    const idlePool = new PmtaConnections(t.ctx, { idleMs: 300 });
    try {
      const target = await server((relay.address() as net.AddressInfo).port);
      await Promise.all([idlePool.exec(target, 'pmta show status'), idlePool.exec(target, 'pmta show queues')]);
      await idlePool.stat(target, '/etc/pmta');
      await idlePool.exec(target, 'pmta show jobs');
      expect(opened).toBe(1);
      await eventually(async () => open.size === 0);
      expect((await idlePool.exec(target, 'pmta show status')).code).toBe(0);
      expect(opened).toBe(2);
    } finally {
      await idlePool.close();
      relay.close();
    }
  });

  it('answers a command that outlives its timeout with an error, and the next call reconnects', async () => {
    const s = await sim();
    const target = await server(s.port);
    const e = await failure(pool.exec(target, 'pmta hang'));
    expect(e.kind).toBe('timeout');
    expect(e.message).toBe(`Error: ${target.name} did not finish running "pmta hang" within 2 s.`);
    expect((await pool.exec(target, 'pmta show jobs')).code).toBe(0);
  });
});

describe("the simulator's PMTA (sim.ts) over SSH", () => {
  it('uploads a config atomically, reloads it, and rolls a refused one back from .bak', async () => {
    const pmta = await tempSim({ config: TEST_CONFIG });
    const ssh = await startSshServer(pmta, {
      users: [{ username: 'root', publicKeys: [ownerPub] }],
    });
    sims.push(ssh);
    try {
      const target = await server(ssh.port);
      expect(await pool.exec(target, 'pmta --version')).toMatchObject({ code: 0 });
      const good = TEST_CONFIG.replace('retry-after 1m', 'retry-after 2m');
      await pool.writeFileAtomic(target, '/etc/pmta/config', good);
      expect(await pool.exec(target, 'pmta reload')).toMatchObject({ code: 0 });

      await pool.writeFileAtomic(target, '/etc/pmta/config', `${good}no-such-directive yes\n`);
      const refused = await pool.exec(target, 'pmta reload');
      expect(refused.code).toBe(1);
      expect(refused.stdout).toMatch(/^error: .*no-such-directive/);
      expect(await pool.restoreBackup(target, '/etc/pmta/config')).toBe(true);
      expect((await pool.readFile(target, '/etc/pmta/config')).toString()).toBe(good);
      expect(await pool.exec(target, 'pmta reload')).toMatchObject({ code: 0 });
      expect(await pool.exec(target, 'systemctl is-active pmta')).toMatchObject({ code: 0, stdout: 'active\n' });
    } finally {
      await pmta.cleanup();
    }
  });
});

describe('a PMTA server that does not let us in', () => {
  it('is down: a refused port is an error at once', async () => {
    const port = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    const target = await server(port);
    const e = await failure(pool.exec(target, 'pmta show status'));
    expect(e.kind).toBe('unreachable');
    expect(e.message).toBe(`Error: cannot connect to ${target.name} (127.0.0.1:${port}): connection refused.`);
  });

  it('is down: a port that accepts and never answers is an error within the connect timeout', async () => {
    const silent = net.createServer(() => {}).listen(0, '127.0.0.1');
    await new Promise((r) => silent.once('listening', r));
    try {
      const target = await server((silent.address() as net.AddressInfo).port);
      const e = await failure(pool.exec(target, 'pmta show status'));
      expect(e.kind).toBe('timeout');
      expect(e.message).toMatch(/did not answer within 2 s\.$/);
    } finally {
      silent.close();
    }
  });

  it('refuses wrong credentials with a clear message', async () => {
    const s = await sim({ users: [{ username: 'root', password: 'right' }] });
    const target = await server(s.port, { sshPasswordEnc: seal(t.ctx.secret, 'wrong') });
    const e = await failure(pool.exec(target, 'pmta show status'));
    expect(e.kind).toBe('auth');
    expect(e.message).toContain('refused the SSH login of root');
  });

  it('refuses a changed host key until its pinned key is cleared (owner only)', async () => {
    const first = await sim();
    const target = await server(first.port);
    await pool.exec(target, 'pmta show status');
    expect(await pinned(target.id)).toBe(first.hostKeyFingerprint);

    // The same server reinstalled: a new host key behind the same address.
    const second = await sim();
    const moved = await server(second.port);
    await t.ctx.db.update(pmtaServers).set({ sshPort: second.port }).where(eq(pmtaServers.id, target.id));
    const again = { ...target, sshPort: second.port };
    const e = await failure(pool.exec(again, 'pmta show status'));
    expect(e.kind).toBe('host-key');
    expect(e.message).toBe(
      `Error: The host key of ${target.name} changed: refused. If the server was reinstalled, clear its pinned key.`,
    );
    expect(await pinned(target.id)).toBe(first.hostKeyFingerprint);

    const row = (await t.ctx.db.select().from(pmtaServers).where(eq(pmtaServers.id, target.id)))[0]!;
    const owner = await t.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, row.userId) });
    const stranger = await t.user();
    const url = `/api/pmta/server/${target.id}/host-key`;
    expect((await t.as(stranger, { method: 'DELETE', url })).statusCode).toBe(404);
    expect(await pinned(target.id)).toBe(first.hostKeyFingerprint);
    const admin = await t.user({ admin: true });
    expect((await t.as(admin, { method: 'DELETE', url })).statusCode).toBe(204);
    expect(owner).toBeDefined();

    expect((await pool.exec(again, 'pmta show status')).code).toBe(0);
    expect(await pinned(target.id)).toBe(second.hostKeyFingerprint);
    expect(await pinned(moved.id)).toBeNull(); // untouched until used
  });

  it('guards the host-key reset like the server itself', async () => {
    await expectAccess(t, {
      method: 'DELETE',
      url: '/api/pmta/server/:id/host-key',
      owned: async (owner) => (await f.pmtaServer({ owner })).id,
    });
  });
});
