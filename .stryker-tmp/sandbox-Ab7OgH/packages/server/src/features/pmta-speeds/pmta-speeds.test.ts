// @ts-nocheck
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PmtaSpeedMessages as M, type PmtaSpeed, type PmtaSpeedsAnswer } from '@console/shared/pmta-speeds';
import { mailProviders, pmtaRelaySwitches, pmtaRelays, pmtaSpeeds } from '../../db/schema/index.ts';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { closedPort, pmtaPeer } from '../../../test/peers/pmta.ts';
import { pmtaSpeedsJobs } from './pmta-speeds.jobs.ts';
import { perHour } from './pmta-speeds.remote.ts';

/* PMTA speeds: the admin screen's calls, the report's easy_edit/easy_delete, sync against a real simulator. */

let t: TestApp;
let f: ReturnType<typeof factories>;
let admin: TestUser;
let owner: TestUser;
let peer: Awaited<ReturnType<typeof pmtaPeer>>;
let provider: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  admin = await t.user({ admin: true });
  owner = await t.user();
  peer = await pmtaPeer(t, f);
  const rows = await t.ctx.db.select().from(mailProviders);
  provider = Object.fromEntries(rows.map((r) => [r.name, r.id]));
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

type Call = { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown };
const call = (c: Call, as: TestUser | null = admin) =>
  t.as(as, { method: c.method, url: `/api${c.url}`, payload: c.payload as object });
const create = (payload: unknown, as = admin) => call({ method: 'POST', url: '/pmta_speed/create', payload }, as);
const one = async (id: number) => (await call({ method: 'GET', url: `/pmta_speeds/${id}` })).json() as PmtaSpeed;
const edit = (id: number, localValue: unknown) =>
  call({ method: 'PUT', url: `/pmta_speeds/${id}`, payload: { localValue } });
const sync = async (ids: number[]) => {
  const res = await call({ method: 'POST', url: '/pmta_speed/sync', payload: { pmtaSpeedsIds: ids } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PmtaSpeedsAnswer;
};
const config = () => fs.readFileSync(path.join(peer.sim.root, 'etc/pmta/config'), 'utf8');
const simRate = async (queue: string) =>
  /max-msg-rate (\S+)/.exec((await peer.sim.command(['show', 'settings', queue])).stdout)?.[1];
const rows = () => t.ctx.db.select().from(pmtaSpeeds).orderBy(pmtaSpeeds.id);

/** A server on the simulator with one relay (its own speed: 1 message per 60 s), its config uploaded. */
async function relayOnSim(o: { withoutVmta?: boolean } = {}) {
  const serverId = await peer.server(owner);
  const relay = await f.pmtaRelay({ owner, pmtaServerId: serverId });
  if (o.withoutVmta) await t.ctx.db.update(pmtaRelays).set({ withoutVmta: true }).where(eq(pmtaRelays.id, relay.id));
  const up = await call({ method: 'POST', url: `/pmta_servers/${serverId}/config_upload` });
  expect(up.statusCode, up.body).toBe(204);
  return { serverId, relay };
}

async function speedFor(relayId: number, service = 'Gmail', speed = 0) {
  const res = await create({ pmtaRelays: [relayId], mailProvider: provider[service], speed });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json()['hydra:member'] as PmtaSpeed[])[0]!;
}

describe('PMTA speeds: create, list, edit', () => {
  it('creates one speed per relay from the form, in read mode when the speed is blank', async () => {
    const [a, b] = [await f.pmtaRelay(), await f.pmtaRelay()];
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/pmta_speed/create',
      payload: `pmtaRelays=${a.id}&pmtaRelays=${b.id}&mailProvider=${provider.Yahoo}&speed=`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json()['hydra:member'] as PmtaSpeed[];
    expect(made.map((s) => [s.pmtaRelay.smtpHost, s.provider.name, s.localValue, s.remoteValue, s.remoteTime])).toEqual(
      [
        [b.smtpHost, 'Yahoo', 0, null, null],
        [a.smtpHost, 'Yahoo', 0, null, null],
      ],
    );
    expect(made.every((s) => s.localTime && !s.synced)).toBe(true);

    const list = await call({ method: 'GET', url: `/pmta_speeds?pmtaRelay.id=${a.id}` });
    expect(list.json()['hydra:member']).toEqual([made[1]]);
    expect(await one(made[0]!.id)).toEqual(made[0]);
    const bySync = await call({ method: 'GET', url: `/pmta_speeds?synced=false&provider.id=${provider.Yahoo}` });
    expect((bySync.json()['hydra:member'] as PmtaSpeed[]).map((s) => s.id)).toEqual(
      expect.arrayContaining(made.map((s) => s.id)),
    );
    const byHost = await call({ method: 'GET', url: `/pmta_speeds?pmtaRelay.smtpHost=${b.smtpHost.slice(0, 12)}` });
    expect(byHost.json()['hydra:totalItems']).toBe(1);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no relay', { mailProvider: 1 }, { pmtaRelays: M.relayRequired }],
    ['an empty relay list', { pmtaRelays: [], mailProvider: 1 }, { pmtaRelays: M.relayRequired }],
    ['a relay that is no id', { pmtaRelays: ['x'], mailProvider: 1 }, { pmtaRelays: M.relayRequired }],
    ['no mail service', { pmtaRelays: [1] }, { mailProvider: M.serviceRequired }],
    ['a blank mail service', { pmtaRelays: [1], mailProvider: '' }, { mailProvider: M.serviceRequired }],
    ['a negative speed', { pmtaRelays: [1], mailProvider: 1, speed: -5 }, { speed: M.speedInvalid }],
    ['a fractional speed', { pmtaRelays: [1], mailProvider: 1, speed: '1.5' }, { speed: M.speedInvalid }],
    ['a speed in words', { pmtaRelays: [1], mailProvider: 1, speed: 'fast' }, { speed: M.speedInvalid }],
    ['a huge speed', { pmtaRelays: [1], mailProvider: 1, speed: 2 ** 31 }, { speed: M.speedInvalid }],
  ])('refuses a create with %s (422, the spec’s words)', async (_, payload, error) => {
    const before = await rows();
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject(error);
    expect(await rows()).toEqual(before);
  });

  it('refuses relays or a mail service that do not exist, and a pair that already has a speed', async () => {
    const relay = await f.pmtaRelay();
    const before = await rows();
    const missing = await create({ pmtaRelays: [relay.id, 999_998], mailProvider: 999_999 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error).toEqual({
      pmtaRelays: 'Pmta Relay not found: 999998.',
      mailProvider: M.serviceRequired,
    });
    await speedFor(relay.id, 'Gmail');
    const other = await f.pmtaRelay();
    const taken = await create({ pmtaRelays: [other.id, relay.id], mailProvider: provider.Gmail });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({ pmtaRelays: `${M.exists} Relays: ${relay.smtpHost}.` });
    expect((await rows()).length).toBe(before.length + 1);
  });

  it('edits the local value only: the local time moves on and the speed is not synchronised', async () => {
    const relay = await f.pmtaRelay();
    const speed = await speedFor(relay.id, 'Gmail', 100);
    const res = await t.as(admin, {
      method: 'PUT',
      url: `/api/pmta_speeds/${speed.id}`,
      payload: { localValue: '250', pmtaRelay: 1, provider: provider.Yahoo, localTime: '2000-01-01T00:00:00Z' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json() as PmtaSpeed;
    expect(edited).toMatchObject({ localValue: 250, pmtaRelay: speed.pmtaRelay, provider: { name: 'Gmail' } });
    expect(Date.parse(edited.localTime!)).toBeGreaterThanOrEqual(Date.parse(speed.localTime!));
    for (const bad of [undefined, '', -1, 'x', 1.5, null, [], {}]) {
      const r = await edit(speed.id, bad);
      expect(r.statusCode, `${JSON.stringify(bad)}: ${r.body}`).toBe(422);
      expect(r.json().error).toEqual({ localValue: M.speedInvalid });
    }
    expect(await one(speed.id)).toEqual(edited);
    expect((await edit(999_999, 5)).statusCode).toBe(404);
  });
});

describe('PMTA speeds: sync against the simulator', () => {
  it('read mode: reads the rate PMTA applies and its time; a later sync only reads', async () => {
    const { relay } = await relayOnSim();
    const speed = await speedFor(relay.id);
    const queue = `gmail.com/vmta-${relay.id}`;
    expect(await simRate(queue)).toBe('1/60s'); // the relay's own speed

    expect(await sync([speed.id])).toEqual({ ids: [speed.id], failed: [] });
    const read = await one(speed.id);
    expect(read).toMatchObject({ localValue: 0, remoteValue: 60, synced: true });
    expect(Date.parse(read.remoteTime!)).toBeGreaterThanOrEqual(Date.parse(read.localTime!));

    // Read mode writes nothing: a change the server has not been given is not pushed by the sync.
    await t.ctx.db.update(pmtaRelays).set({ normalSpeed: 10 }).where(eq(pmtaRelays.id, relay.id));
    const text = config();
    expect(await sync([speed.id])).toEqual({ ids: [speed.id], failed: [] });
    expect(config()).toBe(text);
    const again = await one(speed.id);
    expect(again.remoteValue).toBe(60);
    expect(Date.parse(again.remoteTime!)).toBeGreaterThan(Date.parse(read.remoteTime!));
  });

  it('write mode: the rate goes into the relay’s VMTA for every domain of the service, then is read back', async () => {
    const { relay } = await relayOnSim();
    const speed = await speedFor(relay.id);
    await sync([speed.id]);
    expect((await edit(speed.id, 500)).json()).toMatchObject({ localValue: 500, remoteValue: 60, synced: false });

    expect(await sync([speed.id])).toEqual({ ids: [speed.id], failed: [] });
    expect(await one(speed.id)).toMatchObject({ localValue: 500, remoteValue: 500, synced: true });
    for (const domain of ['gmail.com', 'googlemail.com'])
      expect(await simRate(`${domain}/vmta-${relay.id}`)).toBe('500/h');
    expect(await simRate(`yahoo.com/vmta-${relay.id}`)).toBe('1/60s'); // the wildcard rate is the relay's own
    expect(config()).toMatch(new RegExp(`<domain gmail\\.com>\\n\\s+max-msg-rate 500/h`));

    // Back to read mode: the console's rate leaves the file, the relay's own applies again.
    await edit(speed.id, 0);
    expect(await sync([speed.id])).toEqual({ ids: [speed.id], failed: [] });
    expect(await one(speed.id)).toMatchObject({ localValue: 0, remoteValue: 60, synced: true });
    expect(config()).not.toContain('500/h');
  });

  it('write mode puts the value back when the server no longer runs it', async () => {
    const { serverId, relay } = await relayOnSim();
    const speed = await speedFor(relay.id, 'Gmail', 120);
    await sync([speed.id]);
    expect(await one(speed.id)).toMatchObject({ remoteValue: 120, synced: true });
    // The server loses the rate (a config uploaded without it); the console still believes it runs.
    await t.ctx.db.update(pmtaSpeeds).set({ localValue: 0 }).where(eq(pmtaSpeeds.id, speed.id));
    await call({ method: 'POST', url: `/pmta_servers/${serverId}/config_upload` });
    await t.ctx.db.update(pmtaSpeeds).set({ localValue: 120 }).where(eq(pmtaSpeeds.id, speed.id));
    expect(await simRate(`gmail.com/vmta-${relay.id}`)).toBe('1/60s');

    expect(await sync([speed.id])).toEqual({ ids: [speed.id], failed: [] });
    expect(await simRate(`gmail.com/vmta-${relay.id}`)).toBe('120/h');
    expect(await one(speed.id)).toMatchObject({ remoteValue: 120, synced: true });
  });

  it('reads a switched-off service as 0 and an unlimited rate as null', async () => {
    const { relay } = await relayOnSim();
    await t.ctx.db.update(pmtaRelays).set({ normalSpeed: 0 }).where(eq(pmtaRelays.id, relay.id));
    await t.ctx.db.insert(pmtaRelaySwitches).values({ relayId: relay.id, mailProviderId: provider.Yahoo!, off: true });
    const [gmail, yahoo] = [await speedFor(relay.id, 'Gmail'), await speedFor(relay.id, 'Yahoo')];
    expect(await sync([gmail.id, yahoo.id])).toEqual({ ids: [gmail.id, yahoo.id], failed: [] });
    expect(await one(gmail.id)).toMatchObject({ remoteValue: null, synced: true });
    expect((await one(gmail.id)).remoteTime).not.toBeNull();
    expect(await one(yahoo.id)).toMatchObject({ remoteValue: 0, synced: true });
  });

  it('fails the speeds of a server that is down, and only those; they stay unsynchronised', async () => {
    const { relay } = await relayOnSim();
    const good = await speedFor(relay.id);
    const down = await f.pmtaRelay({ owner, pmtaServerId: await peer.server(owner, await closedPort()) });
    const [d1, d2] = [await speedFor(down.id, 'Gmail'), await speedFor(down.id, 'Yahoo', 50)];
    const started = Date.now();
    const out = await sync([d1.id, good.id, d2.id]);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(out.ids).toEqual([good.id]);
    expect(out.failed.map((x) => x.id)).toEqual([d1.id, d2.id]);
    expect(out.failed[0]!.error).toMatch(/^Error: cannot connect to /);
    expect(await one(d2.id)).toMatchObject({ remoteTime: null, synced: false });
  });

  it('says why a speed cannot be read: no VMTA on the server, a service without domains', async () => {
    const { relay } = await relayOnSim({ withoutVmta: true });
    const [gmail, other] = [await speedFor(relay.id, 'Gmail'), await speedFor(relay.id, 'Other')];
    const out = await sync([gmail.id, other.id]);
    expect(out).toEqual({
      ids: [],
      failed: [
        { id: gmail.id, error: `Error: unknown virtual MTA "vmta-${relay.id}"` },
        { id: other.id, error: 'Error: the mail service Other has no domain to read the rate of.' },
      ],
    });
  });

  it('keeps the failure of a refused upload on the speeds of that server', async () => {
    const { relay } = await relayOnSim();
    const speed = await speedFor(relay.id, 'Gmail', 70);
    await peer.sim.service('stop');
    try {
      const out = await sync([speed.id]);
      expect(out.failed).toEqual([
        { id: speed.id, error: 'Error: cannot connect to PowerMTA (is the service running?)' },
      ]);
    } finally {
      expect(await peer.sim.service('start')).toMatchObject({ code: 0 });
    }
    expect(await one(speed.id)).toMatchObject({ remoteTime: null, synced: false });
  });

  it('the automatic sync (every 30 minutes) syncs every speed', async () => {
    const [job] = pmtaSpeedsJobs(t.ctx);
    expect(job!.cron).toBe('*/30 * * * *');
    // Only this test's speed: the other tests' servers all point at the one simulator.
    await t.ctx.db.delete(pmtaSpeeds);
    const { relay } = await relayOnSim();
    const speed = await speedFor(relay.id, 'Gmail', 900);
    await job!.handler({}, {} as never);
    expect(await one(speed.id)).toMatchObject({ remoteValue: 900, synced: true });
  });

  it('refuses ids that do not exist (404 naming them, nothing synced)', async () => {
    const { relay } = await relayOnSim();
    const speed = await speedFor(relay.id);
    const res = await call({
      method: 'POST',
      url: '/pmta_speed/sync',
      payload: { pmtaSpeedsIds: `${speed.id},999999` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ pmtaSpeedsIds: 'Not found: 999999.' });
    expect((await one(speed.id)).remoteTime).toBeNull();
  });
});

describe('PMTA speeds: delete', () => {
  it('deletes read-mode speeds at once and write-mode ones once the server dropped their rate', async () => {
    const { relay } = await relayOnSim();
    const [read, write] = [await speedFor(relay.id, 'Yahoo'), await speedFor(relay.id, 'Gmail', 400)];
    await sync([read.id, write.id]);
    expect(await simRate(`gmail.com/vmta-${relay.id}`)).toBe('400/h');
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/pmta_speed/delete',
      payload: `pmtaSpeedsIds=${read.id}&pmtaSpeedsIds=${write.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ids: [read.id, write.id], failed: [] });
    expect((await call({ method: 'GET', url: `/pmta_speeds/${write.id}` })).statusCode).toBe(404);
    expect(await simRate(`gmail.com/vmta-${relay.id}`)).toBe('1/60s');
  });

  it('keeps a write-mode speed whose server cannot drop it, and says why', async () => {
    const down = await f.pmtaRelay({ owner, pmtaServerId: await peer.server(owner, await closedPort()) });
    const [read, write] = [await speedFor(down.id, 'Yahoo'), await speedFor(down.id, 'Gmail', 10)];
    const res = await call({
      method: 'POST',
      url: '/pmta_speed/delete',
      payload: { pmtaSpeedsIds: [read.id, write.id] },
    });
    expect(res.json().ids).toEqual([]);
    expect(res.json().failed).toEqual([
      { id: read.id, error: expect.stringMatching(/^Error: cannot connect to /) },
      { id: write.id, error: expect.stringMatching(/^Error: cannot connect to /) },
    ]);
    expect((await one(write.id)).localValue).toBe(10);
    // Read-mode speeds alone never need the server.
    expect(
      (await call({ method: 'POST', url: '/pmta_speed/delete', payload: { pmtaSpeedsIds: [read.id] } })).json(),
    ).toEqual({ ids: [read.id], failed: [] });
  });

  it('refuses an empty choice and ids that do not exist', async () => {
    const relay = await f.pmtaRelay();
    const speed = await speedFor(relay.id);
    for (const url of ['/pmta_speed/delete', '/pmta_speed/sync']) {
      const empty = await call({ method: 'POST', url, payload: { pmtaSpeedsIds: [] } });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().error).toEqual({ pmtaSpeedsIds: M.chooseSpeeds });
    }
    const res = await call({
      method: 'POST',
      url: '/pmta_speed/delete',
      payload: { pmtaSpeedsIds: [speed.id, 999_999] },
    });
    expect(res.statusCode).toBe(404);
    expect((await one(speed.id)).id).toBe(speed.id);
  });
});

describe('PMTA speeds: easy_edit and easy_delete (the mail-service report)', () => {
  const easy = (
    verb: 'edit' | 'delete',
    relayId: number | string,
    providerId: number | string,
    payload?: object,
    as = owner,
  ) => t.as(as, { method: 'POST', url: `/api/pmta_speed/easy_${verb}/${relayId}/${providerId}`, payload });

  it('sets the speed on the server and answers it with isGoodSpeed; the owner of the relay may do it', async () => {
    const { relay } = await relayOnSim();
    const res = await easy('edit', relay.id, provider.Gmail!, { localValue: '300' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, msg: 'Speed has been set.', speed: 300, isGoodSpeed: true });
    expect(await simRate(`gmail.com/vmta-${relay.id}`)).toBe('300/h');

    // Read mode: the console's rate leaves the server; a read speed is good once read.
    expect((await easy('edit', relay.id, provider.Gmail!, { localValue: 0 })).json()).toEqual({
      success: true,
      msg: 'Speed has been set.',
      speed: 0,
      isGoodSpeed: true,
    });
    expect(await simRate(`gmail.com/vmta-${relay.id}`)).toBe('1/60s');

    await easy('edit', relay.id, provider.Gmail!, { localValue: 40 });
    expect((await easy('delete', relay.id, provider.Gmail!)).json()).toEqual({
      success: true,
      msg: M.deleted,
      speed: null,
      isGoodSpeed: false,
    });
    expect(await simRate(`gmail.com/vmta-${relay.id}`)).toBe('1/60s');
    expect((await easy('delete', relay.id, provider.Gmail!)).json()).toMatchObject({ success: true, speed: null });
  });

  it('a switched-off service runs nothing: the speed is set but not good', async () => {
    const { relay } = await relayOnSim();
    await t.ctx.db.insert(pmtaRelaySwitches).values({ relayId: relay.id, mailProviderId: provider.Gmail!, off: true });
    expect((await easy('edit', relay.id, provider.Gmail!, { localValue: 30 })).json()).toEqual({
      success: true,
      msg: 'Speed has been set.',
      speed: 30,
      isGoodSpeed: false,
    });
  });

  it('answers success false with the server’s words when it cannot be reached; nothing is saved', async () => {
    const down = await f.pmtaRelay({ owner, pmtaServerId: await peer.server(owner, await closedPort()) });
    const res = await easy('edit', down.id, provider.Gmail!, { localValue: 30 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, speed: null, isGoodSpeed: false });
    expect(res.json().msg).toMatch(/^Error: cannot connect to /);
    expect(await t.ctx.db.select().from(pmtaSpeeds).where(eq(pmtaSpeeds.relayId, down.id))).toEqual([]);
  });

  it('hides another user’s relay (404) and refuses bad input', async () => {
    const { relay } = await relayOnSim();
    const stranger = await t.user();
    expect((await easy('edit', relay.id, provider.Gmail!, { localValue: 5 }, stranger)).statusCode).toBe(404);
    expect((await easy('delete', relay.id, provider.Gmail!, undefined, stranger)).statusCode).toBe(404);
    expect((await easy('edit', relay.id, 999_999, { localValue: 5 })).statusCode).toBe(404);
    expect((await t.as(null, { method: 'POST', url: `/api/pmta_speed/easy_edit/${relay.id}/1` })).statusCode).toBe(401);
    for (const [r, p] of [
      ['abc', 1],
      [relay.id, '0x10'],
      ['1e1', 1],
      [relay.id, '%00'],
      ['2147483648', 1],
    ] as const) {
      const res = await easy('edit', r, p, { localValue: 5 });
      expect(res.statusCode, `${r}/${p}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    for (const localValue of [-1, 'x', 1.5, { a: 1 }, 'a\u0000']) {
      const res = await easy('edit', relay.id, provider.Gmail!, { localValue });
      expect(res.statusCode, JSON.stringify(localValue)).toBe(422);
    }
    expect(await t.ctx.db.select().from(pmtaSpeeds).where(eq(pmtaSpeeds.relayId, relay.id))).toEqual([]);
  });
});

describe('PMTA speeds: access and bad input', () => {
  it('is for administrators only (the screen’s calls)', async () => {
    const speed = async () => (await speedFor((await f.pmtaRelay()).id)).id;
    const id = await speed();
    const cases: Call[] = [
      { method: 'GET', url: '/pmta_speeds' },
      { method: 'GET', url: `/pmta_speeds/${id}` },
      { method: 'PUT', url: `/pmta_speeds/${id}`, payload: { localValue: 9 } },
      { method: 'POST', url: '/pmta_speed/create', payload: { pmtaRelays: [1], mailProvider: 1 } },
      { method: 'POST', url: '/pmta_speed/delete', payload: { pmtaSpeedsIds: [id] } },
      { method: 'POST', url: '/pmta_speed/sync', payload: { pmtaSpeedsIds: [id] } },
    ];
    const before = await rows();
    for (const c of cases)
      await expectAccess(t, { method: c.method, url: `/api${c.url}`, admin: true, payload: c.payload });
    expect(await rows()).toEqual(before);
  });

  it.each(['abc', '0x10', '1e1', '0', '-1', '1.5', '2147483648', '1%00', '%20'])(
    'answers a malformed id %s with a 4xx and changes nothing',
    async (bad) => {
      const before = await rows();
      for (const c of [
        { method: 'GET', url: `/pmta_speeds/${bad}` },
        { method: 'PUT', url: `/pmta_speeds/${bad}`, payload: { localValue: 1 } },
        { method: 'POST', url: '/pmta_speed/delete', payload: { pmtaSpeedsIds: [bad] } },
        { method: 'POST', url: '/pmta_speed/sync', payload: { pmtaSpeedsIds: bad } },
      ] as Call[]) {
        const res = await call(c);
        expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
      expect(await rows()).toEqual(before);
    },
  );

  it('refuses wrong types, NUL bytes and long texts without a 5xx', async () => {
    const before = await rows();
    for (const payload of [
      { pmtaRelays: { id: 1 }, mailProvider: 1 },
      { pmtaRelays: [1], mailProvider: 'a\u0000' },
      { pmtaRelays: '9'.repeat(20_000), mailProvider: 1 },
      { pmtaRelays: [1], mailProvider: true },
      { pmtaRelays: [1], mailProvider: 1, speed: '1'.repeat(5_000) },
    ]) {
      const res = await create(payload);
      expect(res.statusCode, res.body).toBe(422);
    }
    for (const filter of ['pmtaRelay.smtpHost=' + 'x'.repeat(5_000), 'synced=maybe', 'provider.id=abc']) {
      expect((await call({ method: 'GET', url: `/pmta_speeds?${filter}` })).statusCode).toBe(422);
    }
    expect(await rows()).toEqual(before);
  });
});

describe('perHour', () => {
  it.each<[string, number | null | undefined]>([
    ['unlimited', null],
    ['0', 0],
    ['500/h', 500],
    ['1/60s', 60],
    ['1/7s', 514],
    ['10/m', 600],
    ['3/2min', 90],
    ['24/d', 1],
    ['1/2h', 1],
    ['100/hr', 100],
    ['5/sec', 18_000],
    ['999999999/s', 2_147_483_647],
    ['fast', undefined],
    ['1/fortnight', undefined],
  ])('%s is %s per hour', (rate, expected) => expect(perHour(rate)).toBe(expected));
});
