import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal } from '../../../core/sealed.ts';
import { mailServiceSettings, pmtaRelayDkim, pmtaServers } from '../../../db/schema/index.ts';
import { expectAccess } from '../../../../test/access.ts';
import { factories } from '../../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/harness.ts';
import { closedPort, pmtaPeer } from '../../../../test/peers/pmta.ts';
import { pmtaConnections } from '../../../pmta/ssh/connection.ts';

/* The edit page's three operations against a real simulator: its SSH side on loopback, its HTTP interface. */

let t: TestApp;
let f: ReturnType<typeof factories>;
let owner: TestUser;
let peer: Awaited<ReturnType<typeof pmtaPeer>>;
let pmta: typeof peer.sim;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  owner = await t.user();
  peer = await pmtaPeer(t, f);
  pmta = peer.sim;
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

/** A server row of `owner` pointing at the simulator (or at `sshPort`). */
const simServer = (sshPort?: number) => peer.server(owner, sshPort);

const call = (method: 'GET' | 'POST', id: number, op: string) =>
  t.as(owner, { method, url: `/api/pmta_servers/${id}/${op}` });
const simFile = (p: string) => fs.readFileSync(path.join(pmta.root, p), 'utf8');

describe('PMTA server operations', () => {
  it('reports every service ready on a running simulator', async () => {
    const res = await call('GET', await simServer(), 'software_readiness');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as { service: string; ready: boolean }[];
    expect(rows.map((r) => r.service)).toEqual([
      'pmta service',
      'pmta command',
      'config file /etc/pmta/config',
      'accounting directory /var/log/pmta',
      `http interface :${pmta.httpPort}`,
    ]);
    expect(rows.every((r) => r.ready)).toBe(true);
  });

  it('reports the HTTP interface not ready when nothing answers on its port', async () => {
    const id = await simServer();
    const closed = await closedPort();
    await t.ctx.db.update(pmtaServers).set({ pmtaHttpPort: closed }).where(eq(pmtaServers.id, id));
    const rows = (await call('GET', id, 'software_readiness')).json() as { service: string; ready: boolean }[];
    expect(rows.find((r) => r.service.startsWith('http interface'))?.ready).toBe(false);
    expect(rows.find((r) => r.service === 'pmta service')?.ready).toBe(true);
  });

  it('gives the config file date, and null for what is missing', async () => {
    const res = await call('GET', await simServer(), 'config_dates');
    expect(res.statusCode, res.body).toBe(200);
    const mtime = fs.statSync(path.join(pmta.root, 'etc/pmta/config')).mtime;
    expect(res.json()).toEqual({
      configsDates: [
        { service: '/etc/pmta/config', date: new Date(Math.floor(mtime.getTime() / 1000) * 1000).toISOString() },
        { service: '/etc/pmta/dkim', date: null },
      ],
    });
  });

  it('uploads the generated config; PMTA reloads it and knows the relays’ VMTAs', async () => {
    const id = await simServer();
    const a = await f.pmtaRelay({ owner, pmtaServerId: id, ip: '10.9.0.1' });
    const b = await f.pmtaRelay({ owner, pmtaServerId: id, ip: '10.9.0.2' });
    const res = await call('POST', id, 'config_upload');
    expect(res.statusCode, res.body).toBe(204);
    expect(simFile('etc/pmta/config')).toContain(`PMTA server #${id}`);
    const vmtas = (await pmta.command(['show', 'vmtas'])).stdout;
    expect(vmtas).toContain(`vmta-${a.id}`);
    expect(vmtas).toContain(`vmta-${b.id}`);
  });

  it('rolls a config PMTA refuses back (a DKIM key that is no key) and answers its error', async () => {
    const id = await simServer();
    await call('POST', id, 'config_upload'); // a config PMTA runs with
    const good = simFile('etc/pmta/config');
    const relay = await f.pmtaRelay({ owner, pmtaServerId: id, ip: '10.9.0.3' });
    await t.ctx.db.insert(pmtaRelayDkim).values({
      relayId: relay.id,
      selector: 's1',
      domain: 'example.com',
      privateKeyEnc: seal(t.ctx.secret, 'a key'),
      publicKey: 'p',
    });
    const res = await call('POST', id, 'config_upload');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatch(/^Error: .*invalid domain key in file "\/etc\/pmta\/dkim\/vmta-\d+\.pem"/);
    expect(simFile('etc/pmta/config')).toBe(good);
    expect((await pmta.command(['show', 'vmtas'])).stdout).not.toContain(`vmta-${relay.id}`);
  });

  it('writes DKIM private keys 0600, their backup copies too, as read back over SFTP', async () => {
    const id = await simServer();
    const relay = await f.pmtaRelay({ owner, pmtaServerId: id, ip: '10.9.0.4' });
    const pem = (bits: number) =>
      crypto.generateKeyPairSync('rsa', { modulusLength: bits }).privateKey.export({ type: 'pkcs1', format: 'pem' });
    await t.ctx.db.insert(pmtaRelayDkim).values({
      relayId: relay.id,
      selector: 's1',
      domain: 'example.com',
      privateKeyEnc: seal(t.ctx.secret, pem(1024).toString()),
      publicKey: 'p',
    });
    expect((await call('POST', id, 'config_upload')).statusCode).toBe(204);
    // The second upload keeps the first key as .bak.
    expect((await call('POST', id, 'config_upload')).statusCode).toBe(204);
    const [server] = await t.ctx.db.select().from(pmtaServers).where(eq(pmtaServers.id, id));
    const file = `/etc/pmta/dkim/vmta-${relay.id}.pem`;
    for (const p of [file, `${file}.bak`]) {
      expect((await pmtaConnections(t.ctx).stat(server!, p))?.mode, p).toBe(0o600);
      expect(fs.statSync(path.join(pmta.root, p)).mode & 0o777, p).toBe(0o600);
    }
    expect(fs.existsSync(path.join(pmta.root, `${file}.tmp`))).toBe(false);
  });

  it('refuses a config its own validator refuses, with the validator’s lines, uploading nothing', async () => {
    const id = await simServer();
    const before = simFile('etc/pmta/config');
    // A value the settings form would refuse, written behind its back: the last guard is the validator.
    const [bad] = await t.ctx.db
      .insert(mailServiceSettings)
      .values({ name: 'bad', domainMacro: 'bad.example', retryAfter: 'soon' })
      .returning();
    try {
      const res = await call('POST', id, 'config_upload');
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error).toMatch(/^Error: Line \d+: .*retry-after/);
      expect(simFile('etc/pmta/config')).toBe(before);
    } finally {
      await t.ctx.db.delete(mailServiceSettings).where(eq(mailServiceSettings.id, bad!.id));
    }
  });

  it('answers an error at once for a server that is down', async () => {
    const id = await simServer(await closedPort());
    for (const op of ['software_readiness', 'config_dates'] as const) {
      const res = await call('GET', id, op);
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatch(/^Error: cannot connect to .*connection refused\.$/);
    }
    const res = await call('POST', id, 'config_upload');
    expect(res.statusCode).toBe(502);
  });

  it('lets only the owner or an administrator operate a server', async () => {
    for (const [method, op] of [
      ['GET', 'software_readiness'],
      ['GET', 'config_dates'],
      ['POST', 'config_upload'],
    ] as const)
      await expectAccess(t, {
        method,
        url: `/api/pmta_servers/:id/${op}`,
        owned: async (o) => (await f.pmtaServer({ owner: o })).id,
      });
    const admin = await t.user({ admin: true });
    const res = await t.as(admin, { method: 'GET', url: `/api/pmta_servers/${await simServer()}/config_dates` });
    expect(res.statusCode).toBe(200);
  });
});
