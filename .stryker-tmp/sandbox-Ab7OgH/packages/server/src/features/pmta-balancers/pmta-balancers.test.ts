// @ts-nocheck
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BalancerMessages as M, type BalancerEntry } from '@console/shared/pmta-balancers';
import { mailServiceSettings, pmtaServerBalancers } from '../../db/schema/index.ts';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { pmtaPeer } from '../../../test/peers/pmta.ts';
import { uploadComments } from './pmta-balancers.service.ts';

/* A PMTA server's balancers against a real simulator: Sync, Delete, failures, access, bad input. */

let t: TestApp;
let f: ReturnType<typeof factories>;
let owner: TestUser;
let peer: Awaited<ReturnType<typeof pmtaPeer>>;
/** Alpha of the two settings whose Domain Macros are literal domains: every server's config carries them. */
let alpha: number;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  owner = await t.user();
  peer = await pmtaPeer(t, f);
  const rows = await t.ctx.db
    .insert(mailServiceSettings)
    .values([
      { name: 'Alpha', domainMacro: 'alpha.example', maxSmtpOut: 7 },
      { name: 'Beta', domainMacro: 'beta.example, beta2.example' },
    ])
    .returning({ id: mailServiceSettings.id });
  alpha = rows[0]!.id;
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const list = (id: number, as = owner) => t.as(as, { method: 'GET', url: `/api/pmta/server/${id}/balancers` });
const entries = async (id: number) => (await list(id)).json() as BalancerEntry[];
const sync = (id: unknown, as = owner) =>
  t.as(as, { method: 'POST', url: '/api/pmta/server/balancers/upload', payload: { id } });
const remove = (entryId: number | string, as = owner) =>
  t.as(as, { method: 'DELETE', url: `/api/pmta/server/balancers/delete/${entryId}` });
const config = () => fs.readFileSync(path.join(peer.sim.root, 'etc/pmta/config'), 'utf8');
const entryOf = async (id: number, name: string) => (await entries(id)).find((e) => e.balancerName === name)!;
const rowsOf = (id: number) =>
  t.ctx.db.select().from(pmtaServerBalancers).where(eq(pmtaServerBalancers.pmtaServerId, id));

describe('PMTA server balancers', () => {
  it('lists nothing before the first Sync, then every setting uploaded with what it configured', async () => {
    const id = await peer.server(owner);
    expect((await list(id)).json()).toEqual([]);
    const res = await sync(id);
    expect(res.statusCode, res.body).toBe(204);
    const got = await entries(id);
    expect(got.map((e) => [e.balancerName, e.status])).toEqual([
      ['Alpha', 'uploaded'],
      ['Beta', 'uploaded'],
    ]);
    expect(got[0]!.comment).toMatch(/^Uploaded 1 domain\(s\): alpha\.example at \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect(got[1]!.comment).toMatch(/^Uploaded 2 domain\(s\): beta\.example, beta2\.example at /);
    const text = config();
    expect(text).toContain(`PMTA server #${id}`);
    for (const d of ['alpha.example', 'beta.example', 'beta2.example']) expect(text).toContain(`<domain ${d}>`);
    // PMTA runs it: the setting's value is in force for its domain.
    expect((await peer.sim.command(['show', 'settings', 'alpha.example'])).stdout).toMatch(/max-smtp-out\s+7/);
  });

  it('Delete takes the setting off the server; deleting it again is refused; Sync puts it back', async () => {
    const id = await peer.server(owner);
    await sync(id);
    const entry = await entryOf(id, 'Alpha');
    const res = await remove(entry.id);
    expect(res.statusCode, res.body).toBe(204);
    const removed = await entryOf(id, 'Alpha');
    expect(removed).toMatchObject({
      status: 'removed',
      comment: expect.stringMatching(/^Removed from the configuration at /),
    });
    expect((await entryOf(id, 'Beta')).status).toBe('uploaded');
    expect(config()).not.toContain('<domain alpha.example>');
    expect(config()).toContain('<domain beta.example>');

    const again = await remove(entry.id);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ error: M.alreadyRemoved });
    expect(await entryOf(id, 'Alpha')).toEqual(removed);

    expect((await sync(id)).statusCode).toBe(204);
    expect((await entries(id)).map((e) => [e.id, e.status])).toEqual([
      [entry.id, 'uploaded'],
      [(await entryOf(id, 'Beta')).id, 'uploaded'],
    ]);
    expect(config()).toContain('<domain alpha.example>');
  });

  it('answers 502 at once for a server that is down, and its entries say upload failed', async () => {
    const id = await peer.server(owner, await freePort());
    const started = Date.now();
    const res = await sync(id);
    expect(res.statusCode).toBe(502);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(res.json().error).toMatch(/^Error: cannot connect to /);
    const got = await entries(id);
    expect(got.map((e) => e.status)).toEqual(['upload failed', 'upload failed']);
    expect(got[0]!.comment).toContain(res.json().error);
  });

  it('keeps the previous config and the entries as they were when PMTA refuses the new one', async () => {
    const id = await peer.server(owner);
    await sync(id);
    const alphaEntry = await entryOf(id, 'Alpha');
    await remove(alphaEntry.id);
    const good = config();
    const before = await entries(id);
    await peer.sim.service('stop'); // the PMTA service down: `pmta reload` refuses, SSH still answers
    try {
      const del = await remove((await entryOf(id, 'Beta')).id);
      expect(del.statusCode).toBe(422);
      expect(del.json().error).toBe('Error: cannot connect to PowerMTA (is the service running?)');
      expect(await entries(id)).toEqual(before); // the Delete rolled back
      expect(config()).toBe(good);

      const res = await sync(id);
      expect(res.statusCode).toBe(422);
      const got = await entries(id);
      expect(got.map((e) => e.status)).toEqual(['upload failed', 'upload failed']);
      expect(got[0]!.comment).toMatch(/^Error: cannot connect to PowerMTA .* \(\d{4}-.* UTC\)$/);
      expect(config()).toBe(good);
    } finally {
      expect(await peer.sim.service('start')).toMatchObject({ code: 0 });
    }
  });

  it('uploads nothing when its own validator refuses the config, and says why on every entry', async () => {
    const id = await peer.server(owner);
    await sync(id);
    const good = config();
    const [bad] = await t.ctx.db
      .insert(mailServiceSettings)
      .values({ name: 'Bad', domainMacro: 'bad.example', retryAfter: 'soon' })
      .returning();
    try {
      const res = await sync(id);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatch(/^Error: Line \d+: .*retry-after/);
      expect((await entries(id)).map((e) => [e.balancerName, e.status])).toEqual([
        ['Alpha', 'upload failed'],
        ['Beta', 'upload failed'],
        ['Bad', 'upload failed'],
      ]);
      expect(config()).toBe(good);
    } finally {
      await t.ctx.db.delete(mailServiceSettings).where(eq(mailServiceSettings.id, bad!.id));
    }
    // A deleted setting's entries go with it.
    expect((await entries(id)).map((e) => e.balancerName)).toEqual(['Alpha', 'Beta']);
  });

  it('lets only the owner or an administrator see and change a server’s balancers', async () => {
    const server = async (o: TestUser) => (await f.pmtaServer({ owner: o })).id;
    await expectAccess(t, { method: 'GET', url: '/api/pmta/server/:id/balancers', owned: server });
    await expectAccess(t, {
      method: 'DELETE',
      url: '/api/pmta/server/balancers/delete/:id',
      owned: async (o) => {
        const [row] = await t.ctx.db
          .insert(pmtaServerBalancers)
          .values({ pmtaServerId: await server(o), mailServiceSettingId: alpha, status: 'uploaded' })
          .returning();
        return row!.id;
      },
    });
    const id = await peer.server(owner);
    const stranger = await t.user();
    expect(
      (await t.as(null, { method: 'POST', url: '/api/pmta/server/balancers/upload', payload: { id } })).statusCode,
    ).toBe(401);
    expect((await sync(id, stranger)).statusCode).toBe(404);
    expect(await rowsOf(id)).toEqual([]);

    const admin = await t.user({ admin: true });
    expect((await sync(id, admin)).statusCode).toBe(204);
    const entry = await entryOf(id, 'Beta');
    expect((await remove(entry.id, stranger)).statusCode).toBe(404);
    expect((await list(id, admin)).json()).toEqual(await entries(id));
    expect((await remove(entry.id, admin)).statusCode).toBe(204);
    expect((await entryOf(id, 'Beta')).status).toBe('removed');
  });

  it.each(['abc', '0x10', '1e1', '0', '-1', '1.5', '2147483648', '1%00', '%00', '%20'])(
    'answers a malformed id %s with a 4xx and changes nothing',
    async (bad) => {
      const id = await peer.server(owner);
      await sync(id);
      const before = await rowsOf(id);
      for (const res of [
        await t.as(owner, { method: 'GET', url: `/api/pmta/server/${bad}/balancers` }),
        await remove(bad),
      ]) {
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body).toBeLessThan(500);
      }
      expect(await rowsOf(id)).toEqual(before);
    },
  );

  const NUL = 'Must not contain a NUL character.';
  it.each<[string, unknown, string]>([
    ['no id', {}, M.serverId],
    ['a word', { id: 'abc' }, M.serverId],
    ['a fraction', { id: 1.5 }, M.serverId],
    ['zero', { id: 0 }, M.serverId],
    ['null', { id: null }, M.serverId],
    ['a boolean', { id: true }, M.serverId],
    ['an object', { id: { id: 'x' } }, M.serverId],
    ['a NUL byte', { id: '1\u0000' }, NUL],
    ['too large', { id: 2 ** 31 }, M.serverId],
    ['a long text', { id: '9'.repeat(20_000) }, M.serverId],
  ])('refuses a Sync body with %s (422, nothing changed)', async (_, payload, message) => {
    const before = await t.ctx.db.select().from(pmtaServerBalancers);
    const res = await t.as(owner, {
      method: 'POST',
      url: '/api/pmta/server/balancers/upload',
      payload: payload as object,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ error: { id: message } });
    expect(await t.ctx.db.select().from(pmtaServerBalancers)).toEqual(before);
  });

  it('refuses a Sync body that is not an object', async () => {
    for (const payload of ['text', '[]', '42', '{"id":']) {
      const res = await t.as(owner, {
        method: 'POST',
        url: '/api/pmta/server/balancers/upload',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, `${payload}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('answers 404 for a server or an entry that does not exist', async () => {
    expect((await list(999_999)).statusCode).toBe(404);
    expect((await sync(999_999)).statusCode).toBe(404);
    expect((await remove(999_999)).statusCode).toBe(404);
  });
});

describe('upload comments', () => {
  const setting = (id: number) => ({ id }) as Parameters<typeof uploadComments>[0][number]['setting'];
  it('names the domains each setting configured, and those an older one keeps', () => {
    const many = Array.from({ length: 7 }, (_, i) => `d${i}.example`);
    expect(
      uploadComments(
        [
          { setting: setting(5), domains: ['a.example', 'b.example'] },
          { setting: setting(3), domains: ['a.example'] },
          { setting: setting(8), domains: [] },
          { setting: setting(9), domains: many },
        ],
        'now',
      ),
    ).toEqual({
      3: 'Uploaded 1 domain(s): a.example at now',
      5: 'Uploaded 1 domain(s): b.example at now; already configured by an older setting: a.example (setting #3)',
      8: 'Uploaded no domain (its Domain Macro names none) at now',
      9: 'Uploaded 7 domain(s): d0.example, d1.example, d2.example, d3.example, d4.example and 2 more at now',
    });
  });
});

/** A port nothing listens on (just closed). */
async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
