// @ts-nocheck
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSshServer } from '@console/pmta-sim/ssh';
import { eventually as simEventually, inject, tempSim } from '@console/pmta-sim/testing';
import { CampaignStatus, CampaignType } from '@console/shared/enums';
import {
  BACKOFF_QUEUE_RECIPIENTS,
  QUEUED_RECIPIENTS_MAX,
  activeTroubles,
  TROUBLE_NAMES,
  type TroubleEntry,
} from '@console/shared/pmta-trouble-report';
import { freePort } from '../../db/embedded.ts';
import { campaigns, pmtaServerTroubles, pmtaServers } from '../../db/schema/index.ts';
import { ownerSshKey } from '../../pmta/ssh/owner-keys.ts';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';
import { pmtaPeer } from '../../../test/peers/pmta.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { queueVerdict, trackerCheck, type CheckResult } from './pmta-trouble-report.remote.ts';
import { TROUBLES_REFRESH } from './pmta-trouble-report.jobs.ts';

/* The trouble report against a real simulator: its SSH side on loopback, its HTTP interface. */

let t: TestApp;
let f: ReturnType<typeof factories>;
let owner: TestUser;
let admin: TestUser;
let peer: Awaited<ReturnType<typeof pmtaPeer>>;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  owner = await t.user();
  admin = await t.user({ admin: true });
  peer = await pmtaPeer(t, f);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

type Recheck = { recheckedData: TroubleEntry; troubles: string[] };
const recheck = (id: unknown, as: TestUser = owner) =>
  t.as(as, { method: 'POST', url: '/api/pmta-trouble-report-recheck', payload: { pmtaServerId: id } });
const report = (payload: object, as: TestUser = owner) =>
  t.as(as, { method: 'POST', url: '/api/pmta-trouble-report', payload });
const rechecked = async (id: number, as: TestUser = owner) => {
  const res = await recheck(id, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Recheck;
};
const upload = async (id: number) => {
  const res = await t.as(owner, { method: 'POST', url: `/api/pmta_servers/${id}/config_upload` });
  expect(res.statusCode, res.body).toBe(204);
};
const stored = async () =>
  (await t.ctx.db.select().from(pmtaServerTroubles)).sort((a, b) => a.pmtaServerId - b.pmtaServerId);
const healthy = Object.fromEntries(TROUBLE_NAMES.map((n) => [n, false]));

describe('PMTA trouble report: the checks', () => {
  it('finds no trouble on a running server with its config uploaded', async () => {
    const id = await peer.server(owner);
    await upload(id);
    const body = await rechecked(id);
    expect(body.troubles).toEqual([]);
    expect(body.recheckedData).toMatchObject({ pmtaServerId: id, pmtaServerIp: '127.0.0.1', troubles: healthy });
    expect(body.recheckedData.details.service).toBe('systemctl is-active pmta: active');
    expect(body.recheckedData.details.config).toBe("/etc/pmta/config is the console's current config.");
    expect(body.recheckedData.details.http).toMatch(/^\/status answers \(PowerMTA/);
    expect(body.recheckedData.checkedAt).not.toBeNull();
    const [row] = await t.ctx.db.select().from(pmtaServerTroubles).where(eq(pmtaServerTroubles.pmtaServerId, id));
    expect(row!.troubles).toEqual(healthy);
  });

  it('reports a server whose SSH port is closed as not online, at once; what needs SSH is not checked', async () => {
    const id = await peer.server(owner, await freePort());
    const started = Date.now();
    const body = await rechecked(id);
    expect(Date.now() - started).toBeLessThan(10_000); // refused: no waiting for a timeout
    expect(body.troubles).toEqual(['Online via SSH']);
    const { troubles, details } = body.recheckedData;
    expect(troubles.online).toBe(true);
    expect(details.online).toMatch(/^cannot connect to .* connection refused\.$/);
    expect(troubles).not.toHaveProperty('service');
    expect(troubles).not.toHaveProperty('config');
    expect(details.service).toBe('Not checked: the server cannot be reached over SSH.');
    // The HTTP interface is another way in: still checked.
    expect(troubles.http).toBe(false);
  });

  it('reports the config trouble when the config was never uploaded, or is missing', async () => {
    const id = await peer.server(owner);
    let body = await rechecked(id);
    expect(body.troubles).toEqual(['Config upload']);
    expect(body.recheckedData.details.config).toMatch(
      /^\/etc\/pmta\/config differs from the console's config from line 1:/,
    );

    await upload(id);
    expect((await rechecked(id)).troubles).toEqual([]);
    // A relay added since the upload: the console would generate another config.
    await f.pmtaRelay({ owner, pmtaServerId: id });
    body = await rechecked(id);
    expect(body.troubles).toEqual(['Config upload']);

    const file = path.join(peer.sim.root, 'etc/pmta/config');
    const kept = fs.readFileSync(file);
    fs.rmSync(file);
    try {
      body = await rechecked(id);
      expect(body.recheckedData.details.config).toBe(
        "/etc/pmta/config is missing: upload the config from the server's edit page.",
      );
    } finally {
      fs.writeFileSync(file, kept);
    }
  });

  it('reports a stopped PMTA service; its HTTP interface and queues are then not checked', async () => {
    const id = await peer.server(owner);
    await upload(id);
    await peer.sim.service('stop');
    try {
      const body = await rechecked(id);
      expect(body.troubles).toEqual(['PMTA service']);
      const { troubles, details } = body.recheckedData;
      expect(details.service).toBe('systemctl is-active pmta: inactive');
      expect(troubles).toMatchObject({ online: false, service: true, config: false, campaigns: false });
      expect(troubles).not.toHaveProperty('http');
      expect(details.queues).toBe('Not checked: the PMTA service is not running.');
    } finally {
      await peer.sim.service('start');
    }
    expect((await rechecked(id)).troubles).toEqual([]);
  });

  it('reports the HTTP trouble when nothing answers on the HTTP port; queues are then not checked', async () => {
    const id = await peer.server(owner);
    await t.ctx.db
      .update(pmtaServers)
      .set({ pmtaHttpPort: await freePort() })
      .where(eq(pmtaServers.id, id));
    await upload(id);
    const body = await rechecked(id);
    expect(body.troubles).toEqual(['Statistics over HTTP']);
    expect(body.recheckedData.details.http).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/status\?format=xml: connection refused\.$/,
    );
    expect(body.recheckedData.troubles).not.toHaveProperty('queues');
    expect(body.recheckedData.details.queues).toBe('Not checked: the HTTP interface does not answer.');
  });

  it('reports queue occupancy: a queue in backoff holding mail', async () => {
    const sim = await tempSim({ outcomes: [{ match: 'defer.example', result: 'deferred' }] });
    const ssh = await startSshServer(sim, {
      users: [{ username: 'root', publicKeys: [(await ownerSshKey(t.ctx, owner.id)).publicKey] }],
    });
    try {
      const row = await f.pmtaServer({ owner, serverIp: '127.0.0.1' });
      await t.ctx.db
        .update(pmtaServers)
        .set({ sshPort: ssh.port, pmtaHttpPort: sim.httpPort, smtpPort: sim.smtpPort })
        .where(eq(pmtaServers.id, row.id));
      await upload(row.id);
      const to = Array.from({ length: BACKOFF_QUEUE_RECIPIENTS }, (_, i) => `r${i}@defer.example`);
      await inject(sim.smtpPort, { to });
      // Deferred (PMTA switches such a queue to backoff by its reply patterns; here by hand).
      await simEventually(() => expect([...sim.queues.queues.values()][0]?.recentErrors).not.toEqual([]));
      expect((await sim.command(['set', 'queue', '--mode=backoff', 'defer.example'])).code).toBe(0);
      const body = await rechecked(row.id);
      expect(body.troubles).toEqual(['Queue occupancy']);
      expect(body.recheckedData.details.queues).toBe(
        `In backoff mode with ${BACKOFF_QUEUE_RECIPIENTS} recipients or more: defer.example/{default} (100 recipients: set by operator).`,
      );
      await sim.command(['delete', '--queue=defer.example/*']);
      expect((await rechecked(row.id)).troubles).toEqual([]);
    } finally {
      await ssh.close();
      await sim.cleanup();
    }
  });

  it('judges occupancy by the whole server too, and leaves paused queues alone (the console switches)', () => {
    const q = (name: string, rcp: number, mode = 'normal', paused = 'false') => ({ name, rcp, mode, paused });
    expect(queueVerdict([q('a.example/v1', QUEUED_RECIPIENTS_MAX), q('b.example/v1', 1)])).toEqual([
      true,
      '10,001 recipients queued, more than 10,000.',
    ]);
    expect(queueVerdict([q('a.example/v1', QUEUED_RECIPIENTS_MAX, 'normal', 'true')])).toEqual([
      false,
      '10,000 recipients queued in 1 queue.',
    ]);
    expect(queueVerdict([q('a.example/v1', BACKOFF_QUEUE_RECIPIENTS - 1, 'backoff')])[0]).toBe(false);
    expect(queueVerdict([])).toEqual([false, '0 recipients queued in 0 queues.']);
  });

  it("checks that each relay host's link port answers as this console's tracker (issue 22)", async () => {
    // The console's own tracker over HTTP on loopback stands for the relay host's port 9999.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const trackerPort = (t.app.server.address() as AddressInfo).port;
    const ping = await fetch(`http://127.0.0.1:${trackerPort}/t/ping`);
    expect(ping.status).toBe(200);
    expect(await ping.json()).toMatchObject({ tracker: 'campaign-console tracker', key: expect.any(String) });

    const server = await f.pmtaServer({ owner });
    const check = async (port: number) => {
      const r: CheckResult = { troubles: {}, details: {} };
      await trackerCheck(t.ctx, server, r, port);
      return { trouble: r.troubles.tracker, detail: r.details.tracker };
    };
    expect(await check(trackerPort)).toEqual({
      trouble: false,
      detail: 'No active relay with a VMTA on this server: no link to check.',
    });
    await f.pmtaRelay({ owner, pmtaServerId: server.id, smtpHost: 'localhost' });
    expect(await check(trackerPort)).toEqual({
      trouble: false,
      detail: `The tracker answers on localhost:${trackerPort}.`,
    });
    // Nothing listens there: a trouble.
    const closed = await freePort();
    expect(await check(closed)).toMatchObject({
      trouble: true,
      detail: expect.stringMatching(/connection refused\.$/),
    });
    // Something else answers (a web server, another console): a trouble naming it.
    const other = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(req.url === '/t/ping' ? '{"tracker":"campaign-console tracker","key":"0000"}' : 'hello');
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    try {
      const otherPort = (other.address() as AddressInfo).port;
      expect(await check(otherPort)).toMatchObject({
        trouble: true,
        detail: expect.stringContaining('is a tracker of another console (another APP_SECRET)'),
      });
    } finally {
      await new Promise((r) => other.close(r));
    }
    // A host the console cannot resolve: not checked (the console's network, not the host's fault) ...
    const unknown = await f.pmtaServer({ owner });
    await f.pmtaRelay({ owner, pmtaServerId: unknown.id, smtpHost: 'relay-host.invalid' });
    const r: CheckResult = { troubles: {}, details: {} };
    await trackerCheck(t.ctx, unknown, r, trackerPort);
    expect(r.troubles).not.toHaveProperty('tracker');
    expect(r.details.tracker).toMatch(
      /^Not checked: the console cannot reach the relay hosts: http:\/\/relay-host\.invalid:\d+\/t\/ping: /,
    );
    // ... and beside a host that answers, it is named but does not hide the answer.
    await f.pmtaRelay({ owner, pmtaServerId: unknown.id, smtpHost: 'localhost' });
    const both: CheckResult = { troubles: {}, details: {} };
    await trackerCheck(t.ctx, unknown, both, trackerPort);
    expect(both.troubles.tracker).toBe(false);
    expect(both.details.tracker).toContain('Not checked (the console cannot reach it): http://relay-host.invalid');
  });

  it('reports the PMTA campaigns on its relays that the engine paused or that stalled', async () => {
    const id = await peer.server(owner);
    await f.pmtaRelay({ owner, pmtaServerId: id });
    await upload(id);
    const [relay] = await t.ctx.db
      .execute<{ group_id: number }>(sql`select group_id from pmta_relays where pmta_server_id = ${id}`)
      .then((r) => r.rows);
    const pmtaCampaign = async (set: Partial<typeof campaigns.$inferInsert>) => {
      const c = await f.smtpCampaign({ owner });
      await t.ctx.db
        .update(campaigns)
        .set({ type: CampaignType.PMTA, smtpRelayGroupId: null, pmtaRelayGroupId: relay!.group_id, ...set })
        .where(eq(campaigns.id, c.id));
      return c;
    };
    await pmtaCampaign({ status: CampaignStatus.Paused, pauseReason: null }); // a person paused it: fine
    expect((await rechecked(id)).troubles).toEqual([]);

    const paused = await pmtaCampaign({ status: CampaignStatus.Paused, pauseReason: 'No eligible relay left.' });
    let body = await rechecked(id);
    expect(body.troubles).toEqual(['Campaign status']);
    expect(body.recheckedData.details.campaigns).toBe(
      `#${paused.id} ${paused.name}: paused by the engine (No eligible relay left.).`,
    );
    await t.ctx.db.update(campaigns).set({ status: CampaignStatus.Finished }).where(eq(campaigns.id, paused.id));

    // Active for an hour, a recipient left, nothing sent: stalled.
    const active = await pmtaCampaign({ status: CampaignStatus.Active, startDate: new Date(Date.now() - 3_600_000) });
    await t.ctx.db.execute(
      sql.raw(
        `create table campaign_recipients_${active.id} partition of campaign_recipients for values in (${active.id})`,
      ),
    );
    await t.ctx.db.execute(sql`insert into campaign_recipients (campaign_id, email_id, email, domain, mail_provider_id)
      values (${active.id}, 1, 'a@gmail.com', 'gmail.com', 1)`);
    body = await rechecked(id);
    expect(body.recheckedData.details.campaigns).toBe(
      `#${active.id} ${active.name}: active, but nothing sent for 30 minutes.`,
    );
    // A delivery a minute ago: it moves.
    await t.ctx.db.execute(sql`insert into events (at, kind, campaign_type, campaign_id, user_id)
      values (now() - interval '1 minute', 2, ${CampaignType.PMTA}, ${active.id}, ${owner.id})`);
    expect((await rechecked(id)).troubles).toEqual([]);
  });
});

describe('PMTA trouble report: the report and access', () => {
  it("lists the user's own servers from the cache, checks never-checked ones at once, sorts by id, name, ip", async () => {
    const other = await t.user();
    const mine = [await peer.server(other), await peer.server(other)];
    await t.ctx.db
      .update(pmtaServers)
      .set({ name: 'b-server', serverIp: '127.0.0.2' })
      .where(eq(pmtaServers.id, mine[0]!));
    await t.ctx.db
      .update(pmtaServers)
      .set({ name: 'a-server', serverIp: '127.0.0.1' })
      .where(eq(pmtaServers.id, mine[1]!));
    const res = await report({}, other);
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as { report: TroubleEntry[] }).report;
    expect(rows.map((r) => r.pmtaServerId)).toEqual(mine);
    // Never checked before: checked now. Nothing listens on 127.0.0.2; the other's config is not uploaded.
    expect(rows.map((r) => r.checkedAt !== null)).toEqual([true, true]);
    expect(rows.map((r) => activeTroubles(r.troubles))).toEqual([
      ['Online via SSH', 'Statistics over HTTP'],
      ['Config upload'],
    ]);
    const ids = async (body: object) =>
      ((await report(body, other)).json() as { report: TroubleEntry[] }).report.map((r) => r.pmtaServerName);
    expect(await ids({ orderBy: 'name' })).toEqual(['a-server', 'b-server']);
    expect(await ids({ orderBy: 'name', asc: false })).toEqual(['b-server', 'a-server']);
    expect(await ids({ orderBy: 'ip', asc: true })).toEqual(['a-server', 'b-server']);
    expect(await ids({ orderBy: 'id', asc: false })).toEqual(['a-server', 'b-server']);
    // Someone else's userId is ignored for an ordinary user: still their own.
    expect(await ids({ userId: owner.id })).toEqual(['b-server', 'a-server']);
  });

  it('lets an administrator see every server or filter one user', async () => {
    const someone = await t.user();
    const theirs = await peer.server(someone);
    const all = (await report({}, admin)).json() as { report: TroubleEntry[] };
    const every = await t.ctx.db.select({ id: pmtaServers.id }).from(pmtaServers);
    expect(all.report.map((r) => r.pmtaServerId).sort((a, b) => a - b)).toEqual(
      every.map((r) => r.id).sort((a, b) => a - b),
    );
    for (const userId of [someone.id, String(someone.id)]) {
      const one = (await report({ userId }, admin)).json() as { report: TroubleEntry[] };
      expect(one.report.map((r) => r.pmtaServerId)).toEqual([theirs]);
    }
    expect(((await report({ userId: null }, admin)).json() as { report: unknown[] }).report).toHaveLength(every.length);
    // An administrator may recheck anyone's server.
    expect((await recheck(theirs, admin)).statusCode).toBe(200);
  });

  it("answers 404 for another user's server and leaves it out of their report", async () => {
    const id = await peer.server(owner);
    await expectAccess(t, {
      method: 'POST',
      url: '/api/pmta-trouble-report-recheck',
      payload: { pmtaServerId: id },
    });
    const stranger = await t.user();
    const before = await stored();
    const res = await recheck(id, stranger);
    expect(res.statusCode).toBe(404);
    expect(await stored()).toEqual(before);
    expect((await recheck(999_999)).statusCode).toBe(404);
    expect(((await report({}, stranger)).json() as { report: unknown[] }).report).toEqual([]);
    expect((await t.as(null, { method: 'POST', url: '/api/pmta-trouble-report', payload: {} })).statusCode).toBe(401);
  });

  it.each([
    ['recheck', { pmtaServerId: '0x10' }, 'pmtaServerId', 'PMTA server id is required.'],
    ['recheck', { pmtaServerId: '1e1' }, 'pmtaServerId', 'PMTA server id is required.'],
    ['recheck', { pmtaServerId: -1 }, 'pmtaServerId', 'PMTA server id is required.'],
    ['recheck', { pmtaServerId: 2 ** 31 }, 'pmtaServerId', 'PMTA server id is required.'],
    ['recheck', { pmtaServerId: '1\u0000' }, 'pmtaServerId', 'Must not contain a NUL character.'],
    ['recheck', { pmtaServerId: [1] }, 'pmtaServerId', 'PMTA server id is required.'],
    ['recheck', {}, 'pmtaServerId', 'PMTA server id is required.'],
    ['report', { userId: '0x10' }, 'userId', 'User must be a user id.'],
    ['report', { userId: 'a\u0000' }, 'userId', 'Must not contain a NUL character.'],
    ['report', { userId: { id: 1 } }, 'userId', 'User must be a user id.'],
    ['report', { orderBy: 'owner' }, 'orderBy', 'Order by must be id, name or ip.'],
    ['report', { orderBy: 'name\u0000' }, 'orderBy', 'Must not contain a NUL character.'],
    ['report', { asc: 'yes' }, 'asc', 'Asc must be true or false.'],
    ['report', { asc: 1 }, 'asc', 'Asc must be true or false.'],
  ])('%s refuses %j: 422, nothing changed', async (call, payload, field, message) => {
    const before = await stored();
    const url = call === 'recheck' ? '/api/pmta-trouble-report-recheck' : '/api/pmta-trouble-report';
    const res = await t.as(admin, { method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ error: { [field]: message } });
    expect(await stored()).toEqual(before);
  });

  it.each([['text'], [42], [null], [[]]])('refuses the body %j with a 4xx', async (payload) => {
    for (const url of ['/api/pmta-trouble-report', '/api/pmta-trouble-report-recheck']) {
      const res = await t.as(admin, {
        method: 'POST',
        url,
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('PMTA trouble report: the periodic refresh', () => {
  it('checks every server again and stores the result', async () => {
    const id = await peer.server(owner);
    await upload(id);
    await rechecked(id);
    const old = new Date('2020-01-01T00:00:00Z');
    await t.ctx.db.update(pmtaServerTroubles).set({ checkedAt: old, troubles: { online: true, renamed: true } });
    // The report answers the cache as it is (a key this version does not know is left out).
    const cached = (await report({}, owner)).json() as { report: TroubleEntry[] };
    expect(cached.report.find((r) => r.pmtaServerId === id)).toMatchObject({
      troubles: { online: true },
      checkedAt: old.toISOString(),
    });
    await t.ctx.jobs.send(TROUBLES_REFRESH, {});
    const rows = await eventually(async () => {
      const all = await stored();
      const servers = await t.ctx.db.select({ id: pmtaServers.id }).from(pmtaServers);
      return all.length === servers.length && all.every((r) => r.checkedAt > old) ? all : undefined;
    }, 60_000);
    expect(rows.find((r) => r.pmtaServerId === id)?.troubles).toEqual(healthy);
  });
});
