import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from '@console/pmta-sim/testing';
import { CampaignMessages as M } from '@console/shared/campaigns';
import { CampaignStatus } from '@console/shared/enums';
import { expectAccess } from '../../../../test/access.ts';
import { factories } from '../../../../test/factories.ts';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../../test/harness.ts';
import { closedPort, pmtaPeer } from '../../../../test/peers/pmta.ts';
import { jobsOfXml, queuedOfJob } from '../../../pmta/campaign-servers.ts';

/*
 * What a PMTA campaign asks its servers, against the simulator: the start makes sure they know the relays'
 * VMTAs (uploading the config where one is missing) and the direct count reads their job queues.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let alice: TestUser;
let bob: TestUser;
let peer: Awaited<ReturnType<typeof pmtaPeer>>;
let down: number;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  alice = await t.user();
  bob = await t.user();
  // slow.example never answers: what is injected for it stays queued.
  peer = await pmtaPeer(t, f, { outcomes: [{ match: 'slow.example', result: 'deferred' }] });
  down = await closedPort();
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const { Inactive, Active, Preparing, Paused, Finished } = CampaignStatus;
const configFile = () => path.join(peer.sim.root, 'etc/pmta/config');
const status = async (id: number) =>
  (await t.ctx.db.$client.query('select status from campaigns where id = $1', [id])).rows[0].status as number;
const start = (u: TestUser | null, payload: object, url = '/api/pmta_campaign_start') =>
  t.as(u, { method: 'POST', url, payload });

/** A campaign of alice whose group has one relay on `sshPort`'s server (the simulator by default). */
async function campaignWithRelay(o: { sshPort?: number; status?: number; relay?: { active?: boolean } } = {}) {
  const group = await f.pmtaRelayGroup({ owner: alice });
  const serverId = await peer.server(alice, o.sshPort);
  const relay = await f.pmtaRelay({ owner: alice, pmtaServerId: serverId, groupId: group.id, ...o.relay });
  const c = await f.pmtaCampaign({ owner: alice, relayGroupId: group.id, status: o.status });
  return { id: c.id, group, relay, serverId };
}

describe('POST /api/pmta_campaign_start', () => {
  it('answers 401 without a token and 404 for another user campaign', async () => {
    await expectAccess(t, { method: 'POST', url: '/api/pmta_campaign_start', payload: { id: 1, type: 'pmta' } });
    const c = await f.pmtaCampaign({ owner: alice });
    expect((await start(bob, { id: c.id, type: 'pmta' })).statusCode).toBe(404);
    expect(await status(c.id)).toBe(Inactive);
    const smtp = await f.smtpCampaign({ owner: alice });
    expect((await start(alice, { id: smtp.id, type: 'pmta' })).statusCode).toBe(404);
  });

  it.each([
    [{ id: 1, type: 'smtp' }, 'type', 'Type must be pmta.'],
    [{ id: 1 }, 'type', 'Type must be pmta.'],
    [{ id: '1e1', type: 'pmta' }, 'id', 'Campaign is required.'],
    [{ id: 1, type: 'pmta', v3: 'yes' }, 'v3', undefined],
  ])('refuses %j with 422', async (payload, field, message) => {
    const res = await start(alice, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toHaveProperty(field);
    if (message) expect(res.json().error[field]).toBe(message);
  });

  it('uploads the config of a server that lacks a relay VMTA, then starts (PMTA, v3 on creation)', async () => {
    const c = await campaignWithRelay();
    fs.writeFileSync(configFile(), fs.readFileSync(configFile(), 'utf8').replace(/<virtual-mta vmta-\d+>/g, '#'));
    expect(fs.readFileSync(configFile(), 'utf8')).not.toContain(`<virtual-mta vmta-${c.relay.id}>`);
    const res = await start(alice, { id: c.id, type: 'PMTA', v3: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: M.started });
    expect(fs.readFileSync(configFile(), 'utf8')).toContain(`<virtual-mta vmta-${c.relay.id}>`);
    expect([Preparing, Active, Finished]).toContain(await status(c.id));
  });

  it('leaves the config alone when every VMTA is there', async () => {
    const c = await campaignWithRelay();
    expect((await start(alice, { id: c.id, type: 'pmta' })).statusCode).toBe(200);
    await t.ctx.db.$client.query('update campaigns set status = $2 where id = $1', [c.id, Paused]);
    const before = fs.statSync(configFile()).mtimeMs;
    fs.rmSync(`${configFile()}.bak`, { force: true });
    const res = await start(alice, { id: c.id, type: 'pmta' });
    expect(res.statusCode, res.body).toBe(200);
    expect(fs.statSync(configFile()).mtimeMs).toBe(before);
    expect(fs.existsSync(`${configFile()}.bak`)).toBe(false);
  });

  it('refuses to start when a server cannot be reached: 502 naming it, the campaign stays inactive', async () => {
    const c = await campaignWithRelay({ sshPort: down });
    const name = (await t.ctx.db.$client.query('select name from pmta_servers where id = $1', [c.serverId])).rows[0]
      .name as string;
    for (const url of ['/api/pmta_campaign_start', '/api/campaign_start']) {
      const res = await start(alice, { id: c.id, type: 'pmta' }, url);
      expect(res.statusCode, url).toBe(502);
      expect(res.json().error).toMatch(new RegExp(`^Error: PMTA server ${name}: cannot connect to ${name} .*refused`));
      expect(await status(c.id)).toBe(Inactive);
    }
  });

  it('asks only servers of eligible relays: inactive, other-status and VMTA-less relays are left out', async () => {
    const c = await campaignWithRelay({ sshPort: down, relay: { active: false } });
    const other = await peer.server(alice, down);
    await f.pmtaRelay({ owner: alice, pmtaServerId: other, groupId: c.group.id, status: 3 });
    const vmtaLess = await f.pmtaRelay({ owner: alice, pmtaServerId: other, groupId: c.group.id });
    await t.ctx.db.$client.query('update pmta_relays set without_vmta = true where id = $1', [vmtaLess.id]);
    const res = await start(alice, { id: c.id, type: 'pmta' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 409 for a status that cannot start, without asking the servers', async () => {
    for (const s of [Active, Preparing, Finished]) {
      const c = await campaignWithRelay({ sshPort: down, status: s });
      const res = await start(alice, { id: c.id, type: 'pmta' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: M.cannotStart });
      expect(await status(c.id)).toBe(s);
    }
  });

  it('pause and stop are the shared calls with type pmta', async () => {
    const c = await f.pmtaCampaign({ owner: alice, status: Active });
    const act = (a: string) =>
      t.as(alice, { method: 'POST', url: `/api/campaign_${a}`, payload: { id: c.id, type: 'pmta' } });
    expect((await act('pause')).json()).toEqual({ success: true, message: M.paused });
    expect((await act('stop')).json()).toEqual({ success: true, message: M.stopped });
    expect(await status(c.id)).toBe(Finished);
  });
});

describe('GET /api/pmta_campaign_statistics/{id}/direct/0', () => {
  const direct = (u: TestUser | null, id: number | string) =>
    t.as(u, { method: 'GET', url: `/api/pmta_campaign_statistics/${id}/direct/0` });

  it('counts the campaign job queued on each server; a server that cannot be asked is listed with why', async () => {
    const c = await campaignWithRelay();
    // Three of the campaign's messages wait for slow.example; another job's and a delivered one do not count.
    for (const to of ['a@slow.example', 'b@slow.example', 'c@slow.example', 'd@fast.example'])
      await inject(peer.sim.smtpPort, { to, job: `campaign-${c.id}` });
    await inject(peer.sim.smtpPort, { to: 'e@slow.example', job: 'campaign-999999' });
    // A recipient went through a relay of another group, on a server that is down now.
    const downServer = await peer.server(alice, down);
    // Down: neither SSH nor the HTTP monitor answers.
    await t.ctx.db.$client.query('update pmta_servers set pmta_http_port = $1 where id = $2', [down, downServer]);
    const elsewhere = await f.pmtaRelay({ owner: alice, pmtaServerId: downServer });
    await t.ctx.db.$client.query(
      `create table if not exists campaign_recipients_${c.id} partition of campaign_recipients for values in (${c.id})`,
    );
    await t.ctx.db.$client.query(
      `insert into campaign_recipients (campaign_id, email_id, email, domain, mail_provider_id, relay_id, status)
       values ($1, 1, 'x@slow.example', 'slow.example', 1, $2, 7)`,
      [c.id, elsewhere.id],
    );
    const names = (
      await t.ctx.db.$client.query('select id, name from pmta_servers where id = any($1) order by id', [
        [c.serverId, downServer],
      ])
    ).rows as { id: number; name: string }[];

    const answer = await eventually(async () => {
      const res = await direct(alice, c.id);
      expect(res.statusCode, res.body).toBe(200);
      const stats = res.json().directStats;
      return stats.total === 3 && stats;
    });
    expect(answer).toEqual({
      jobCounts: [{ ...names[0], queued: 3 }],
      total: 3,
      failed: [{ ...names[1], error: expect.stringMatching(/cannot connect to .*refused/) }],
      // The injected recipient awaits its outcome; it is not past bounce-after (decision 1350).
      awaitingOutcome: 1,
      noOutcome: 0,
      bounceAfter: '4d12h',
    });
  });

  it('answers 404 for another user campaign and an SMTP one; unknown kinds are 4xx', async () => {
    const c = await f.pmtaCampaign({ owner: alice });
    expect((await direct(bob, c.id)).statusCode).toBe(404);
    const smtp = await f.smtpCampaign({ owner: alice });
    expect((await direct(alice, smtp.id)).statusCode).toBe(404);
    expect((await direct(null, c.id)).statusCode).toBe(401);
    for (const url of [`${c.id}/indirect/0`, `${c.id}/direct/x`, '0x1/direct/0']) {
      const res = await t.as(alice, { method: 'GET', url: `/api/pmta_campaign_statistics/${url}` });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    // The SMTP path has no direct count.
    const smtpDirect = await t.as(alice, { method: 'GET', url: `/api/smtp_campaign_statistics/${smtp.id}/direct/0` });
    expect(smtpDirect.statusCode).toBe(422);
  });

  it("reads the counts from the HTTP monitor's XML; with the HTTP port down, from the command over SSH", async () => {
    const c = await campaignWithRelay();
    for (const to of ['a@slow.example', 'b@slow.example'])
      await inject(peer.sim.smtpPort, { to, job: `campaign-${c.id}` });
    const res = await eventually(async () => {
      const stats = (await direct(alice, c.id)).json().directStats;
      return stats.total === 2 && stats;
    });
    expect(res.failed).toEqual([]);
    const page = await fetch(`http://127.0.0.1:${peer.sim.httpPort}/jobs?format=xml`);
    expect(await page.text()).toContain(`<job><id>campaign-${c.id}</id><queued>2</queued>`);
    // The HTTP monitor does not answer: the same count through `pmta show jobs`.
    await t.ctx.db.$client.query('update pmta_servers set pmta_http_port = $1 where id = $2', [down, c.serverId]);
    expect((await direct(alice, c.id)).json().directStats).toMatchObject({ total: 2, failed: [] });
  });

  it('a campaign without servers counts nothing', async () => {
    const c = await f.pmtaCampaign({ owner: alice });
    expect((await direct(alice, c.id)).json()).toEqual({
      directStats: { jobCounts: [], total: 0, failed: [], awaitingOutcome: 0, noOutcome: 0, bounceAfter: '4d12h' },
    });
  });
});

describe('GET /api/pmta_campaign_statistics/{id}/{overall|perProviders|perDomains}/{providerId}', () => {
  it('answers the counters as for SMTP campaigns, for PMTA campaigns only', async () => {
    const c = await f.pmtaCampaign({ owner: alice });
    await t.ctx.db.$client.query('update campaigns set total = 4 where id = $1', [c.id]);
    const get = (path: string, u = alice) =>
      t.as(u, { method: 'GET', url: `/api/pmta_campaign_statistics/${c.id}/${path}` });
    expect((await get('overall/0')).json().overallStats).toMatchObject({ id: c.id, name: c.name, total: 4 });
    expect((await get('perProviders/0')).json().perProvidersStats.length).toBeGreaterThan(0);
    expect((await get('perDomains/0')).json()).toEqual({ perDomainsStats: [] });
    expect((await get('overall/0', bob)).statusCode).toBe(404);
    const smtp = await f.smtpCampaign({ owner: alice });
    expect(
      (await t.as(alice, { method: 'GET', url: `/api/pmta_campaign_statistics/${smtp.id}/overall/0` })).statusCode,
    ).toBe(404);
  });
});

describe('queuedOfJob', () => {
  const output =
    'job           queued  delivered  bounced  deferred\ncampaign-12  4       1          0        2\ncampaign-3   1       0          0        0\n';
  it('reads the queued column of the job, by the header', () => {
    expect(queuedOfJob(output, 'campaign-12')).toBe(4);
    expect(queuedOfJob(output, 'campaign-1')).toBe(0);
    expect(() => queuedOfJob('something else\n', 'campaign-12')).toThrow(/unexpected/);
  });

  it('matches the header names tolerantly: JobId, Queued, Job Id, rules, titles, thousands separators (issue 22)', () => {
    const other = [
      'PowerMTA v5.5 jobs',
      '',
      'JobId          Queued   Delivered  Bounced',
      '-------------  -------  ---------  -------',
      'campaign-12    1,234    10         0',
      'campaign-3     7        0          0',
    ].join('\r\n');
    expect(queuedOfJob(other, 'campaign-12')).toBe(1234);
    expect(queuedOfJob(other, 'campaign-3')).toBe(7);
    expect(queuedOfJob(other, 'campaign-9')).toBe(0);
    expect(queuedOfJob('Job Id  |  Rcpt  |  Status\ncampaign-5 | 3 | active\n', 'campaign-5')).toBe(3);
    expect(queuedOfJob('job-id queued\ncampaign-5 2\n', 'campaign-5')).toBe(2);
    expect(() => queuedOfJob('JobId  Queued\ncampaign-5  many\n', 'campaign-5')).toThrow(/unexpected/);
  });

  it("reads the HTTP monitor's job XML, elements or attributes; anything else is not it", () => {
    const elements =
      '<rsp><data><job><id>campaign-12</id><queued>4</queued></job><job><id>x</id><queued>1</queued></job></data></rsp>';
    expect(jobsOfXml(elements)).toEqual(
      new Map([
        ['campaign-12', 4],
        ['x', 1],
      ]),
    );
    expect(jobsOfXml('<rsp><data><Job JobId="campaign-7" Rcpt="9"/></data></rsp>')).toEqual(
      new Map([['campaign-7', 9]]),
    );
    expect(jobsOfXml('<rsp><data></data></rsp>')).toEqual(new Map());
    expect(jobsOfXml('404 not found')).toBeNull();
    expect(jobsOfXml('<rsp><data><queue><name>a/b</name></queue></data></rsp>')).toBeNull();
  });
});
