import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignMessages as M, SENDER_MAX, cloneOf } from '@console/shared/campaigns';
import { CampaignStatus, CampaignType } from '@console/shared/enums';
import { PmtaCampaignMessages as P, type PmtaCampaign } from '@console/shared/pmta-campaigns';
import { factories } from '../../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/harness.ts';
import { campaignCalls } from '../test-helpers.ts';

/* PMTA campaigns' calls: the rules they share with SMTP campaigns (campaigns.service.ts), on the PMTA rows. */

let t: TestApp;
let f: ReturnType<typeof factories>;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let providers: { id: number; name: string }[];
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  admin = await t.user({ admin: true });
  alice = await t.user();
  bob = await t.user();
  providers = (await t.ctx.db.$client.query('select id, name from mail_providers order by id')).rows;
});
afterAll(() => t.close());

/** Everything a PMTA campaign refers to, made for `owner`. */
async function refs(owner: TestUser) {
  const [emailList, message, offer, relayGroup] = await Promise.all([
    f.emailList({ owner }),
    f.message({ owner }),
    f.offer({ owner }),
    f.pmtaRelayGroup({ owner }),
  ]);
  return { emailList, message, offer, relayGroup };
}
type Refs = Awaited<ReturnType<typeof refs>>;

let seq = 0;
const body = (r: Refs, over: Record<string, unknown> = {}) => ({
  name: `PMTA campaign ${++seq}`,
  sender: 'Team {first|second}',
  emailList: r.emailList.id,
  mailProviders: providers.slice(0, 2).map((p) => p.id),
  message: `/api/messages/${r.message.id}`,
  offer: { id: r.offer.id },
  relayStatus: { id: 2 },
  relayGroup: r.relayGroup.id,
  scheduledStart: null,
  scheduledStop: null,
  ...over,
});

const { post, put, get, count, row, created, access } = campaignCalls(() => t, 'pmta_campaigns');
const setStatus = (id: number, status: number) =>
  t.ctx.db.$client.query('update campaigns set status = $2 where id = $1', [id, status]);
const create = (u: TestUser, r: Refs, over: Record<string, unknown> = {}): Promise<PmtaCampaign> =>
  created(u, body(r, over));

let aliceRefs: Refs;
beforeAll(async () => {
  aliceRefs = await refs(alice);
});

describe('access', () => {
  it('answers 401 without a token and 404 for another user campaign', async () => {
    await access(async (owner) => (await f.pmtaCampaign({ owner })).id, body(aliceRefs));
  });
});

describe('POST /api/pmta_campaigns', () => {
  it('creates an Inactive campaign owned by the caller: the offer, no link groups, the default city', async () => {
    const r = aliceRefs;
    const res = await post(
      alice,
      body(r, { name: ' Autumn ', scheduledStart: '2099-05-01 10:30', defaultCity: 'Paris' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Autumn',
      sender: 'Team {first|second}',
      emailList: { id: r.emailList.id, name: r.emailList.name },
      mailProviders: expect.arrayContaining(providers.slice(0, 2)),
      message: { id: r.message.id, name: r.message.name },
      offer: { id: r.offer.id, name: r.offer.name },
      relayStatus: 2,
      warmupOverflow: 1,
      relayGroup: { id: r.relayGroup.id, name: r.relayGroup.name },
      defaultCity: 'Paris',
      status: CampaignStatus.Inactive,
      scheduledStart: '2099-05-01T10:30:00.000Z',
      scheduledStop: null,
      startDate: null,
      endDate: null,
      completion: 0,
      pauseReason: null,
      user: { id: alice.id, username: alice.username },
    });
    const stored = await row(res.json().id);
    expect(stored).toMatchObject({
      type: CampaignType.PMTA,
      user_id: alice.id,
      pmta_relay_group_id: r.relayGroup.id,
      smtp_relay_group_id: null,
      offer_links_id: null,
    });
  });

  it.each([
    ['name', { name: '' }, M.nameRequired],
    ['name', { name: undefined }, M.nameRequired],
    ['sender', { sender: ' ' }, M.senderRequired],
    ['sender', { sender: 'x'.repeat(SENDER_MAX + 1) }, M.senderTooLong],
    ['emailList', { emailList: null }, M.emailListRequired],
    ['mailProviders', { mailProviders: [] }, M.mailProvidersRequired],
    ['message', { message: '' }, M.messageRequired],
    ['offer', { offer: undefined }, M.offerRequired],
    ['relayStatus', { relayStatus: 4 }, M.relayStatusRequired],
    ['relayGroup', { relayGroup: undefined }, M.relayGroupRequired],
    ['scheduledStart', { scheduledStart: '2026-13-01 10:00' }, M.scheduledStartRequired],
    ['scheduledStop', { scheduledStop: 'soon' }, M.scheduledStopRequired],
    ['scheduledStop', { scheduledStart: '2099-01-02 10:00', scheduledStop: '2099-01-02 09:00' }, M.startBeforeStop],
    ['defaultCity', { defaultCity: 'x'.repeat(101) }, P.defaultCityTooLong],
  ])('%s: %j answers "%s" and creates nothing', async (field, over, message) => {
    const before = await count();
    const res = await post(alice, body(aliceRefs, over));
    expect(res.statusCode).toBe(422);
    expect(res.json().error[field]).toBe(message);
    expect(await count()).toBe(before);
  });

  it('refuses items of another user, unknown ones and archived ones', async () => {
    const foreign = await refs(bob);
    const archived = await f.offer({ owner: alice, archived: true });
    for (const [over, error] of [
      [
        { emailList: foreign.emailList.id, message: foreign.message.id },
        { emailList: M.emailListRequired, message: M.messageRequired },
      ],
      [
        { offer: archived.id, relayGroup: foreign.relayGroup.id },
        { offer: M.offerRequired, relayGroup: M.relayGroupRequired },
      ],
      [
        { mailProviders: [999_999], relayGroup: 999_999 },
        { mailProviders: M.mailProvidersRequired, relayGroup: M.relayGroupRequired },
      ],
    ] as const) {
      const before = await count();
      const res = await post(alice, body(aliceRefs, over));
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual(error);
      expect(await count()).toBe(before);
    }
  });

  it('lets an administrator create for a user, with that user items only', async () => {
    const c = await create(admin, aliceRefs, { user: alice.id });
    expect(c.user.id).toBe(alice.id);
    const res = await post(admin, body(await refs(admin), { user: alice.id }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error).sort()).toEqual(['emailList', 'message', 'offer', 'relayGroup']);
  });

  it.each([
    ['a NUL byte', { name: 'a\0b' }],
    ['a NUL byte in the city', { defaultCity: 'a\0b' }],
    ['an over-long name', { name: 'x'.repeat(101) }],
    ['a number as sender', { sender: 12 }],
    ['a non-canonical id', { offer: '1e1' }],
    ['an id out of range', { relayGroup: 2 ** 31 }],
  ])('refuses %s with a 4xx and creates nothing', async (_, over) => {
    const before = await count();
    const res = await post(alice, body(aliceRefs, over));
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await count()).toBe(before);
  });
});

describe('clone', () => {
  it("starts Inactive without id, dates, owner, 'Trash Mail' and 'GI'; saved, it is a new campaign of the cloner", async () => {
    const trash = providers.find((p) => p.name === 'Trash Mail')!;
    const gi = providers.find((p) => p.name === 'GI')!;
    const original = await create(alice, aliceRefs, {
      mailProviders: [providers[0]!.id, trash.id, gi.id],
      scheduledStart: '2020-01-01 10:00',
      scheduledStop: '2099-01-01 10:00',
      defaultCity: 'Lyon',
    });
    await t.ctx.db.$client.query(
      `update campaigns set status = $2, start_date = '2020-01-01', end_date = '2020-01-02' where id = $1`,
      [original.id, CampaignStatus.Finished],
    );
    const finished = (await get(admin, `/api/pmta_campaigns/${original.id}`)).json() as PmtaCampaign;
    const clone = cloneOf(finished);
    expect(clone).not.toHaveProperty('id');
    expect(clone).not.toHaveProperty('startDate');
    expect(clone).not.toHaveProperty('endDate');
    expect(clone).not.toHaveProperty('user');
    expect(clone.status).toBe(CampaignStatus.Inactive);
    expect(clone.mailProviders).toEqual([providers[0]]);
    expect([clone.scheduledStart, clone.scheduledStop]).toEqual([null, '2099-01-01T10:00:00.000Z']);

    // The administrator saves the clone: a new Inactive campaign, theirs, with no dates of the original.
    const res = await post(admin, {
      ...clone,
      emailList: clone.emailList.id,
      mailProviders: clone.mailProviders.map((p) => p.id),
      message: clone.message.id,
      offer: clone.offer.id,
      relayGroup: clone.relayGroup.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: original.name,
      status: CampaignStatus.Inactive,
      startDate: null,
      endDate: null,
      defaultCity: 'Lyon',
      user: { id: admin.id },
      mailProviders: [providers[0]],
    });
    expect(res.json().id).not.toBe(original.id);
  });
});

describe('GET /api/pmta_campaigns and /{id}', () => {
  let carol: TestUser;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    carol = await t.user();
    const r = await refs(carol);
    for (const [name, status] of [
      ['inactive north', CampaignStatus.Inactive],
      ['active south', CampaignStatus.Active],
      ['finished north', CampaignStatus.Finished],
    ] as const) {
      ids[name] = (await create(carol, r, { name })).id;
      await setStatus(ids[name]!, status);
    }
    await f.smtpCampaign({ owner: carol, name: 'smtp north' });
  });
  const names = async (u: TestUser, q: string) => {
    const res = await get(u, `/api/pmta_campaigns?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json()['hydra:member'] as { name: string }[]).map((c) => c.name);
  };

  it('lists the caller own PMTA campaigns, newest first; SMTP ones are not there', async () => {
    expect(await names(carol, `user.id=${alice.id}`)).toEqual(['finished north', 'active south', 'inactive north']);
    expect(await names(carol, 'name=NORTH')).toEqual(['finished north', 'inactive north']);
    expect(await names(carol, 'status[]=2&status[]=1&status[]=3&status[]=4')).toEqual([
      'active south',
      'inactive north',
    ]);
    expect(await names(carol, 'status=5&itemsPerPage=40')).toEqual(['finished north']);
    expect(await names(admin, `user.id=${carol.id}&_page=2&itemsPerPage=2`)).toEqual(['inactive north']);
  });

  it('answers one campaign to its owner and administrators; another user and SMTP ids are 404', async () => {
    const id = ids['active south']!;
    const own = await get(carol, `/api/pmta_campaigns/${id}`);
    expect(own.json()).toMatchObject({ id, name: 'active south', status: CampaignStatus.Active });
    expect((await get(admin, `/api/pmta_campaigns/${id}`)).json()).toEqual(own.json());
    expect((await get(bob, `/api/pmta_campaigns/${id}`)).statusCode).toBe(404);
    const smtp = await f.smtpCampaign({ owner: carol });
    expect((await get(carol, `/api/pmta_campaigns/${smtp.id}`)).statusCode).toBe(404);
    expect((await get(carol, `/api/smtp_campaigns/${id}`)).statusCode).toBe(404);
  });

  it("previews the campaign's message (the list's Message column) for its owner only", async () => {
    const id = ids['inactive north']!;
    const preview = (u: TestUser) =>
      t.as(u, { method: 'POST', url: '/api/messages/preview', payload: { campaignId: id, campaignType: 'pmta' } });
    const res = await preview(carol);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ subject: expect.any(String), html: expect.any(String) });
    expect((await preview(bob)).statusCode).toBe(404);
  });

  it.each(['status=0', '_page=-1', 'user.id=abc'])('refuses %s with 422', async (q) => {
    expect((await get(carol, `/api/pmta_campaigns?${q}`)).statusCode).toBe(422);
  });
});

describe('PUT /api/pmta_campaigns/{id}', () => {
  it('edits an inactive campaign; a left-out relay group is kept', async () => {
    const c = await create(alice, aliceRefs);
    const { relayGroup: _, ...rest } = body(aliceRefs, { name: 'Renamed', defaultCity: null });
    const res = await put(alice, c.id, rest);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, name: 'Renamed', relayGroup: c.relayGroup, defaultCity: null });
  });

  it.each([CampaignStatus.Active, CampaignStatus.Preparing, CampaignStatus.Paused, CampaignStatus.Finished])(
    'refuses status %i with 409 and changes nothing',
    async (status) => {
      const c = await create(alice, aliceRefs);
      await setStatus(c.id, status);
      const res = await put(alice, c.id, body(aliceRefs, { name: 'Changed' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: M.notInactive });
      expect((await row(c.id)).name).toBe(c.name);
    },
  );

  it('answers 404 for another user campaign and an SMTP one; checks references; bad input is 4xx', async () => {
    const c = await create(alice, aliceRefs);
    expect((await put(bob, c.id, body(aliceRefs))).statusCode).toBe(404);
    const smtp = await f.smtpCampaign({ owner: alice });
    expect((await put(alice, smtp.id, body(aliceRefs))).statusCode).toBe(404);
    const foreign = await f.pmtaRelayGroup({ owner: bob });
    const refused = await put(alice, c.id, body(aliceRefs, { relayGroup: foreign.id }));
    expect(refused.json()).toEqual({ error: { relayGroup: M.relayGroupRequired } });
    for (const [id, over] of [
      [c.id, { name: 'a\0b' }],
      [c.id, { relayStatus: 'good' }],
      ['1e1', {}],
    ] as const) {
      const res = await put(alice, id, body(aliceRefs, over));
      expect(res.statusCode, `${id} ${JSON.stringify(over)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await row(c.id)).name).toBe(c.name);
  });
});
