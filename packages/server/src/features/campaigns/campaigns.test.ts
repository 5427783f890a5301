import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignMessages as M, formatSchedule } from '@console/shared/campaigns';
import { CampaignStatus, CampaignType } from '@console/shared/enums';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';
import { CAMPAIGN_SCHEDULED_START, CAMPAIGN_SCHEDULED_STOP, queueSchedules } from './campaigns.jobs.ts';

let t: TestApp;
let f: ReturnType<typeof factories>;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  admin = await t.user({ admin: true });
  alice = await t.user();
  bob = await t.user();
});
afterAll(() => t.close());

const { Active, Inactive, Preparing, Paused, Finished } = CampaignStatus;
const act = (u: TestUser | null, action: 'start' | 'pause' | 'stop', payload: object) =>
  t.as(u, { method: 'POST', url: `/api/campaign_${action}`, payload });
const row = async (id: number) =>
  (await t.ctx.db.$client.query('select * from campaigns where id = $1', [id])).rows[0] as {
    status: number;
    start_date: Date | null;
    end_date: Date | null;
    name: string;
  };
/** A campaign of alice in `status`; `prepared` ones resume to Active without the engine's prepare step. */
async function campaign(status: number, o: { owner?: TestUser; prepared?: boolean } = {}) {
  const c = await f.smtpCampaign({ owner: o.owner ?? alice, status });
  if (o.prepared) await t.ctx.db.$client.query('update campaigns set prepared_at = now() where id = $1', [c.id]);
  return c;
}

describe('access', () => {
  it.each(['start', 'pause', 'stop'] as const)('campaign_%s: 401 without a token, 404 for another user', async (a) => {
    await expectAccess(t, { method: 'POST', url: `/api/campaign_${a}`, payload: { id: 1, type: 'smtp' } });
    const c = await campaign(Paused, { prepared: true });
    const before = await row(c.id);
    const res = await act(bob, a, { id: c.id, type: 'smtp' });
    expect(res.statusCode).toBe(404);
    expect(await row(c.id)).toEqual(before);
  });

  it('lets an administrator act on any campaign', async () => {
    const c = await campaign(Active);
    const res = await act(admin, 'pause', { id: c.id, type: 'smtp' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await row(c.id)).status).toBe(Paused);
  });

  it('answers 404 for type pmta on an SMTP campaign; the same calls act on a PMTA campaign', async () => {
    const c = await campaign(Active);
    expect((await act(alice, 'pause', { id: c.id, type: 'pmta' })).statusCode).toBe(404);
    expect((await row(c.id)).status).toBe(Active);
    const group = await f.pmtaRelayGroup({ owner: alice });
    await t.ctx.db.$client.query(
      `update campaigns set type = ${CampaignType.PMTA}, pmta_relay_group_id = $2 where id = $1`,
      [c.id, group.id],
    );
    expect((await act(alice, 'pause', { id: c.id, type: 'smtp' })).statusCode).toBe(404);
    expect((await act(alice, 'pause', { id: c.id, type: 'pmta', v3: true })).statusCode).toBe(200);
    expect((await row(c.id)).status).toBe(Paused);
  });

  it.each([
    [{ id: 'abc', type: 'smtp' }, 'id', 'Campaign is required.'],
    [{ type: 'smtp' }, 'id', 'Campaign is required.'],
    [{ id: '0x10', type: 'smtp' }, 'id', 'Campaign is required.'],
    [{ id: 1, type: 'mail' }, 'type', 'Type must be smtp or pmta.'],
    [{ id: 1 }, 'type', 'Type must be smtp or pmta.'],
    [{ id: 1, type: 'smtp\0' }, 'type', undefined],
  ])('refuses %j with 422', async (payload, field, message) => {
    const res = await act(alice, 'stop', payload);
    expect(res.statusCode).toBe(422);
    if (message) expect(res.json().error[field]).toBe(message);
  });
});

describe('transitions', () => {
  it('starts an inactive campaign: Preparing (the engine prepares it), start date set', async () => {
    const c = await campaign(Inactive);
    const res = await act(alice, 'start', { id: c.id, type: 'smtp' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: M.started });
    const after = await row(c.id);
    // The engine's prepare job may already have moved it on.
    expect([Preparing, Active, Finished]).toContain(after.status);
    expect(after.start_date).toBeInstanceOf(Date);
  });

  it('resumes a paused, prepared campaign to Active', async () => {
    const c = await campaign(Paused, { prepared: true });
    const res = await act(alice, 'start', { id: c.id, type: 'smtp' });
    expect(res.json()).toEqual({ success: true, message: M.started });
    expect((await row(c.id)).status).toBe(Active);
  });

  it.each([
    ['start', Active, M.cannotStart],
    ['start', Preparing, M.cannotStart],
    ['start', Finished, M.cannotStart],
    ['pause', Inactive, M.cannotPause],
    ['pause', Paused, M.cannotPause],
    ['pause', Finished, M.cannotPause],
    ['stop', Finished, M.cannotStop],
  ] as const)('refuses %s from status %i with 409 "%s"', async (action, status, message) => {
    const c = await campaign(status);
    const res = await act(alice, action, { id: c.id, type: 'smtp' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: message });
    expect((await row(c.id)).status).toBe(status);
  });

  it.each([Active, Preparing])('pauses from status %i', async (status) => {
    const c = await campaign(status);
    const res = await act(alice, 'pause', { id: c.id, type: 'smtp' });
    expect(res.json()).toEqual({ success: true, message: M.paused });
    expect((await row(c.id)).status).toBe(Paused);
  });

  it.each([Inactive, Active, Preparing, Paused])('stops from status %i: Finished with an end date', async (status) => {
    const c = await campaign(status);
    const res = await act(alice, 'stop', { id: c.id, type: 'smtp' });
    expect(res.json()).toEqual({ success: true, message: M.stopped });
    const after = await row(c.id);
    expect(after.status).toBe(Finished);
    expect(after.end_date).toBeInstanceOf(Date);
  });
});

describe('scheduled start and stop', () => {
  /** The current minute: a schedule already due (the schedule format has no seconds). */
  const due = () => formatSchedule(new Date());
  const refsBody = async (owner: TestUser) => {
    const c = await f.smtpCampaign({ owner });
    const r = await t.ctx.db.$client.query('select * from campaigns where id = $1', [c.id]);
    const x = r.rows[0];
    return {
      name: 'Scheduled',
      sender: 'Me',
      emailList: x.email_list_id,
      mailProviders: x.mail_provider_ids,
      message: x.message_id,
      offer: x.offer_id,
      offerLinks: x.offer_links_id,
      relayStatus: 1,
      relayGroup: x.smtp_relay_group_id,
    };
  };
  const jobsOf = async (name: string, id: number) =>
    (
      await t.ctx.db.$client.query(
        `select start_after as "startAfter", state from pgboss.job where name = $1 and data->>'campaignId' = $2`,
        [name, String(id)],
      )
    ).rows as { startAfter: Date; state: string }[];

  it('queues a delayed job in the database for a future schedule (it survives a restart)', async () => {
    const res = await t.as(alice, {
      method: 'POST',
      url: '/api/smtp_campaigns',
      payload: { ...(await refsBody(alice)), scheduledStart: '2099-03-01 08:00', scheduledStop: '2099-03-02 08:00' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    expect(await jobsOf(CAMPAIGN_SCHEDULED_START.name, id)).toEqual([
      { startAfter: new Date('2099-03-01T08:00:00Z'), state: 'created' },
    ]);
    expect(await jobsOf(CAMPAIGN_SCHEDULED_STOP.name, id)).toEqual([
      { startAfter: new Date('2099-03-02T08:00:00Z'), state: 'created' },
    ]);
    // An edit to another time queues a job for it; an unchanged schedule queues nothing more.
    const edit = await t.as(alice, {
      method: 'PUT',
      url: `/api/smtp_campaigns/${id}`,
      payload: { ...(await refsBody(alice)), scheduledStart: '2099-03-01 09:00', scheduledStop: '2099-03-02 08:00' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const starts = (await jobsOf(CAMPAIGN_SCHEDULED_START.name, id)).map((j) => j.startAfter.toISOString()).sort();
    expect(starts).toEqual(['2099-03-01T08:00:00.000Z', '2099-03-01T09:00:00.000Z']);
    expect(await jobsOf(CAMPAIGN_SCHEDULED_STOP.name, id)).toHaveLength(1);
  });

  it('starts a campaign whose scheduled start is due, through the API', async () => {
    const res = await t.as(alice, {
      method: 'POST',
      url: '/api/smtp_campaigns',
      payload: { ...(await refsBody(alice)), scheduledStart: due() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = await eventually(async () => {
      const r = await row(res.json().id);
      return r.status !== Inactive && r;
    });
    expect([Preparing, Active, Finished]).toContain(after.status);
  });

  it('stops a campaign whose scheduled stop is due, on edit', async () => {
    const c = await campaign(Inactive);
    const payload = { ...(await refsBody(alice)), scheduledStop: due() };
    const res = await t.as(alice, { method: 'PUT', url: `/api/smtp_campaigns/${c.id}`, payload });
    expect(res.statusCode, res.body).toBe(200);
    await eventually(async () => (await row(c.id)).status === Finished);
  });

  it('starts at a time a second or two ahead', async () => {
    const c = await campaign(Inactive);
    const at = new Date(Date.now() + 1500);
    await t.ctx.db.$client.query('update campaigns set scheduled_start = $2 where id = $1', [c.id, at]);
    await queueSchedules(t.ctx, c.id, { scheduledStart: at, scheduledStop: null });
    expect((await row(c.id)).status).toBe(Inactive);
    await eventually(async () => (await row(c.id)).status !== Inactive);
  });

  it('a job for a cleared or changed schedule does nothing', async () => {
    const c = await campaign(Inactive);
    const at = new Date(Date.now() - 60_000);
    // Cleared: the campaign has no schedule any more.
    const cleared = await t.ctx.jobs.send(CAMPAIGN_SCHEDULED_START, { campaignId: c.id, at: at.toISOString() });
    const stop = await t.ctx.jobs.send(CAMPAIGN_SCHEDULED_STOP, { campaignId: c.id, at: at.toISOString() });
    await eventually(async () => (await t.ctx.jobs.stateOf(CAMPAIGN_SCHEDULED_START, cleared)) === 'completed');
    await eventually(async () => (await t.ctx.jobs.stateOf(CAMPAIGN_SCHEDULED_STOP, stop)) === 'completed');
    expect((await row(c.id)).status).toBe(Inactive);
    // Changed: scheduled for later now, the job of the old time fires and quits.
    await t.ctx.db.$client.query('update campaigns set scheduled_start = $2 where id = $1', [
      c.id,
      new Date('2099-01-01T00:00:00Z'),
    ]);
    const old = await t.ctx.jobs.send(CAMPAIGN_SCHEDULED_START, { campaignId: c.id, at: at.toISOString() });
    await eventually(async () => (await t.ctx.jobs.stateOf(CAMPAIGN_SCHEDULED_START, old)) === 'completed');
    expect((await row(c.id)).status).toBe(Inactive);
  });

  it('a scheduled start leaves alone a campaign started by hand meanwhile', async () => {
    const c = await campaign(Paused, { prepared: true });
    const at = new Date(Date.now() - 60_000);
    await t.ctx.db.$client.query('update campaigns set scheduled_start = $2 where id = $1', [c.id, at]);
    const job = await t.ctx.jobs.send(CAMPAIGN_SCHEDULED_START, { campaignId: c.id, at: at.toISOString() });
    await eventually(async () => (await t.ctx.jobs.stateOf(CAMPAIGN_SCHEDULED_START, job)) === 'completed');
    expect((await row(c.id)).status).toBe(Paused);
  });
});

describe('the lists find a page and its total without the joins (decision 1502)', () => {
  it('every campaign keeps its relay group of its kind (what lets the total skip the join); pages and total agree', async () => {
    const owner = await t.user();
    const a = await f.smtpCampaign({ owner });
    const b = await f.pmtaCampaign({ owner });
    for (const [id, column] of [
      [a.id, 'smtp_relay_group_id'],
      [b.id, 'pmta_relay_group_id'],
    ] as const)
      await expect(t.ctx.db.$client.query(`update campaigns set ${column} = null where id = $1`, [id])).rejects.toThrow(
        /campaigns_relay_group_check/,
      );
    const c = await f.smtpCampaign({ owner });
    for (const [query, ids] of [
      ['', [c.id, a.id]],
      ['?itemsPerPage=1', [c.id]],
      ['?itemsPerPage=1&_page=2', [a.id]],
      [`?name=${encodeURIComponent(a.name)}`, [a.id]],
    ] as const) {
      const res = await t.as(owner, { method: 'GET', url: `/api/smtp_campaigns${query}` });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { 'hydra:member': { id: number }[]; 'hydra:totalItems': number };
      expect(body['hydra:member'].map((x) => x.id)).toEqual(ids);
      expect(body['hydra:totalItems']).toBe(query.startsWith('?name') ? 1 : 2);
    }
  });
});
