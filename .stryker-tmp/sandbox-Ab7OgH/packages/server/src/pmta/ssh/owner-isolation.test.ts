// @ts-nocheck
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PmtaServerMessages as M } from '@console/shared/pmta-servers';
import { startSshServer, type SshServer } from '@console/pmta-sim/ssh';
import { tempSim } from '@console/pmta-sim/testing';
import { pmtaServers } from '../../db/schema/index.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { postFile, uploadOutcome } from '../../../test/uploads.ts';
import { PmtaConnections, PmtaSshError } from './connection.ts';

/*
 * Issue 24, finding 1: user B must not reach user A's PowerMTA host. A's host trusts A's key only (what A
 * put into authorized_keys from the PMTA server form).
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let a: TestUser;
let b: TestUser;
let admin: TestUser;
let sim: Awaited<ReturnType<typeof tempSim>>;
let ssh: SshServer;
let pool: PmtaConnections;

const keyOf = async (u: TestUser) =>
  (await t.as(u, { method: 'GET', url: '/api/pmta/ssh-public-key' })).json<{ publicKey: string }>().publicKey;

const body = (serverIp: string, sshPort: number, extra: Record<string, unknown> = {}) => ({
  name: `pmta ${Math.random().toString(36).slice(2, 8)}`,
  serverIp,
  pmtaHttpPort: 8080,
  sshPort,
  smtpPort: 3535,
  serverUsername: 'root',
  relayNormalSpeed: 60,
  relayBackoffSpeed: 600,
  ipList: '127.0.0.1',
  isVps: false,
  ...extra,
});

const row = async (id: number) => (await t.ctx.db.select().from(pmtaServers).where(eq(pmtaServers.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  admin = await t.user({ admin: true });
  a = await t.user();
  b = await t.user();
  sim = await tempSim({});
  ssh = await startSshServer(sim, { users: [{ username: 'root', publicKeys: [await keyOf(a)] }] });
  pool = new PmtaConnections(t.ctx, { connectTimeoutMs: 3_000, commandTimeoutMs: 3_000 });
});
afterAll(async () => {
  await pool.close();
  await ssh.close();
  await sim.cleanup();
  await t.close();
});

describe('one SSH identity per owner', () => {
  it("B's server on A's host cannot log in: B's key is not A's", async () => {
    const ofA = await f.pmtaServer({ owner: a, serverIp: '127.0.0.1' });
    await t.ctx.db.update(pmtaServers).set({ sshPort: ssh.port }).where(eq(pmtaServers.id, ofA.id));
    expect((await pool.exec(await row(ofA.id), 'pmta --version')).code).toBe(0);

    // A row of B on the same host (as one from before the one-owner rule would be).
    const ofB = await f.pmtaServer({ owner: b, serverIp: '127.0.0.1' });
    await t.ctx.db.update(pmtaServers).set({ sshPort: ssh.port }).where(eq(pmtaServers.id, ofB.id));
    const e = await pool.exec(await row(ofB.id), 'pmta --version').catch((e: unknown) => e);
    expect(e).toBeInstanceOf(PmtaSshError);
    expect(['auth', 'host-key']).toContain((e as PmtaSshError).kind);
    expect(await keyOf(b)).not.toBe(await keyOf(a));
  });

  it("an administrator's operation on A's server uses A's key", async () => {
    const created = await t.as(admin, {
      method: 'POST',
      url: '/api/pmta_servers',
      payload: body('127.0.0.1', ssh.port, { user: a.id }),
    });
    expect(created.statusCode).toBe(201);
    const res = await t.as(admin, {
      method: 'GET',
      url: `/api/pmta_servers/${created.json<{ id: number }>().id}/software_readiness`,
    });
    expect(res.statusCode).toBe(200);
  });

  it('the key rotates after a confirmation that names the servers to update', async () => {
    const c = await t.user();
    const server = await f.pmtaServer({ owner: c, name: 'rotating one' });
    const before = await t.as(c, { method: 'GET', url: '/api/pmta/ssh-public-key' });
    expect(before.json()).toEqual({
      publicKey: expect.any(String),
      servers: [{ id: server.id, name: 'rotating one', serverIp: server.serverIp }],
    });
    const refused = await t.as(c, {
      method: 'POST',
      url: '/api/pmta/ssh-public-key/rotate',
      payload: { confirm: false },
    });
    expect(refused.statusCode).toBe(422);
    expect(await keyOf(c)).toBe(before.json<{ publicKey: string }>().publicKey);
    const rotated = await t.as(c, {
      method: 'POST',
      url: '/api/pmta/ssh-public-key/rotate',
      payload: { confirm: true },
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json<{ publicKey: string }>().publicKey).not.toBe(before.json<{ publicKey: string }>().publicKey);
    expect(await keyOf(c)).toBe(rotated.json<{ publicKey: string }>().publicKey);
    expect(
      (await t.as(null, { method: 'POST', url: '/api/pmta/ssh-public-key/rotate', payload: { confirm: true } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('one host, one owner', () => {
  it("B cannot register A's host (same address and SSH port); an administrator can assign it", async () => {
    await f.pmtaServer({ owner: a, serverIp: '192.0.2.10' });
    const res = await t.as(b, { method: 'POST', url: '/api/pmta_servers', payload: body('192.0.2.10', 22) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: { serverIp: M.hostTaken } });
    // Another SSH port is another host.
    expect(
      (await t.as(b, { method: 'POST', url: '/api/pmta_servers', payload: body('192.0.2.10', 2222) })).statusCode,
    ).toBe(201);
    // Moving an own server onto A's host is refused too.
    const own = await f.pmtaServer({ owner: b, serverIp: '192.0.2.11' });
    const moved = await t.as(b, { method: 'PUT', url: `/api/pmta_servers/${own.id}`, payload: body('192.0.2.10', 22) });
    expect(moved.statusCode).toBe(422);
    const assigned = await t.as(admin, {
      method: 'POST',
      url: '/api/pmta_servers',
      payload: body('192.0.2.10', 22, { user: b.id }),
    });
    expect(assigned.statusCode).toBe(201);
    expect((await row(assigned.json<{ id: number }>().id)).hostAssigned).toBe(true);
  });

  it("B cannot take A's pinned host under another address: the host key is pinned under A", async () => {
    const host = await tempSim({});
    const hostSsh = await startSshServer(host, {
      users: [{ username: 'root', publicKeys: [await keyOf(a), await keyOf(b)] }],
    });
    try {
      const ofA = await f.pmtaServer({ owner: a, serverIp: '127.0.0.1' });
      await t.ctx.db.update(pmtaServers).set({ sshPort: hostSsh.port }).where(eq(pmtaServers.id, ofA.id));
      await pool.exec(await row(ofA.id), 'pmta --version');
      expect((await row(ofA.id)).hostKey).toBe(hostSsh.hostKeyFingerprint);

      // A row of B under another spelling (saved before host claims compared addresses; the form refuses it now).
      const ofB = await f.pmtaServer({ owner: b, serverIp: '::ffff:127.0.0.1' });
      await t.ctx.db.update(pmtaServers).set({ sshPort: hostSsh.port }).where(eq(pmtaServers.id, ofB.id));
      const e = await pool.exec(await row(ofB.id), 'pmta --version').catch((e: unknown) => e);
      expect(e).toBeInstanceOf(PmtaSshError);
      expect((e as Error).message).toBe(
        `Error: The host of ${ofB.name} is already another owner's PMTA server (its host key is pinned there): refused. An administrator can assign the host.`,
      );
      expect((await row(ofB.id)).hostKey).toBeNull();
      const upload = await t.as(b, { method: 'POST', url: `/api/pmta_servers/${ofB.id}/config_upload` });
      expect(upload.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await hostSsh.close();
      await host.cleanup();
    }
  });
});

describe('host claims compare addresses, not spellings (issue 37)', () => {
  it.each([
    ['192.0.2.20', '::ffff:192.0.2.20'],
    ['192.0.2.21', '::ffff:c000:215'],
    ['192.0.2.22', '0:0:0:0:0:ffff:c000:216'],
    ['192.0.2.23', '0000:0000:0000:0000:0000:FFFF:C000:0217'],
    ['192.0.2.24', '64:ff9b::c000:218'],
    ['::ffff:192.0.2.25', '192.0.2.25'],
  ])("A's host %s is refused to B as %s, created or moved onto", async (ofA, asB) => {
    await f.pmtaServer({ owner: a, serverIp: ofA });
    const created = await t.as(b, { method: 'POST', url: '/api/pmta_servers', payload: body(asB, 22) });
    expect([created.statusCode, created.json()]).toEqual([422, { error: { serverIp: M.hostTaken } }]);
    const own = await f.pmtaServer({ owner: b });
    const moved = await t.as(b, { method: 'PUT', url: `/api/pmta_servers/${own.id}`, payload: body(asB, 22) });
    expect([moved.statusCode, moved.json()]).toEqual([422, { error: { serverIp: M.hostTaken } }]);
    expect((await row(own.id)).serverIp).toBe(own.serverIp);
  });

  it("an upload refuses A's host written in another spelling than A's", async () => {
    await f.pmtaServer({ owner: a, serverIp: '::ffff:192.0.2.30' });
    const res = await postFile(t, b, '/api/upload_pmta_servers', 'servers', 'name:serverIp:ipList\nx:192.0.2.30:y\n', {
      type: 'simple',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await uploadOutcome(t, res.json<{ id: number }>().id)).toMatchObject({ status: 'failed', inserted: 0 });
    const { rows } = await t.ctx.db.$client.query(
      `select 1 from pmta_servers where user_id = $1 and host(server_ip) = '192.0.2.30'`,
      [b.id],
    );
    expect(rows).toEqual([]);
  });
});

describe('a host key is pinned only after a successful login (issue 37)', () => {
  it("B's failed login on A's host pins nothing: A's first connection then logs in and pins", async () => {
    const host = await tempSim({});
    const hostSsh = await startSshServer(host, { users: [{ username: 'root', publicKeys: [await keyOf(a)] }] });
    try {
      const ofA = await f.pmtaServer({ owner: a, serverIp: '127.0.0.1' });
      await t.ctx.db.update(pmtaServers).set({ sshPort: hostSsh.port }).where(eq(pmtaServers.id, ofA.id));
      // Before A's first connection, B has the host under another spelling (a row saved before host claims
      // compared addresses) and runs a readiness check: his key is not the host's.
      const ofB = await f.pmtaServer({ owner: b, serverIp: '::ffff:127.0.0.1' });
      await t.ctx.db.update(pmtaServers).set({ sshPort: hostSsh.port }).where(eq(pmtaServers.id, ofB.id));
      const check = await t.as(b, { method: 'GET', url: `/api/pmta_servers/${ofB.id}/software_readiness` });
      expect(check.statusCode).toBe(502);
      expect(check.json<{ error: string }>().error).toContain('refused the SSH login');
      expect((await row(ofB.id)).hostKey).toBeNull();

      expect((await pool.exec(await row(ofA.id), 'pmta --version')).code).toBe(0);
      expect((await row(ofA.id)).hostKey).toBe(hostSsh.hostKeyFingerprint);
    } finally {
      await hostSsh.close();
      await host.cleanup();
    }
  });

  it('a login refused on a host never seen before leaves the row without a key', async () => {
    const host = await tempSim({});
    const hostSsh = await startSshServer(host, { users: [{ username: 'root', publicKeys: [] }] });
    try {
      const ofA = await f.pmtaServer({ owner: a, serverIp: '127.0.0.1' });
      await t.ctx.db.update(pmtaServers).set({ sshPort: hostSsh.port }).where(eq(pmtaServers.id, ofA.id));
      const e = await pool.exec(await row(ofA.id), 'pmta --version').catch((e: unknown) => e);
      expect((e as PmtaSshError).kind).toBe('auth');
      expect((await row(ofA.id)).hostKey).toBeNull();
    } finally {
      await hostSsh.close();
      await host.cleanup();
    }
  });
});
