import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignMessages as M, SENDER_MAX } from '@console/shared/campaigns';
import { CampaignStatus, CampaignType } from '@console/shared/enums';
import { factories } from '../../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/harness.ts';
import { campaignCalls } from '../test-helpers.ts';

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

/** Everything a campaign refers to, made for `owner`. */
async function refs(owner: TestUser) {
  const [emailList, message, offer, offerLinks, unsubscribeLinks, pixelLinks, relayGroup] = await Promise.all([
    f.emailList({ owner }),
    f.message({ owner }),
    f.offer({ owner }),
    f.linkGroup({ owner, type: 0 }),
    f.linkGroup({ owner, type: 1 }),
    f.linkGroup({ owner, type: 2 }),
    f.smtpRelayGroup({ owner }),
  ]);
  return { emailList, message, offer, offerLinks, unsubscribeLinks, pixelLinks, relayGroup };
}
type Refs = Awaited<ReturnType<typeof refs>>;

let seq = 0;
const body = (r: Refs, over: Record<string, unknown> = {}) => ({
  name: `Campaign ${++seq}`,
  sender: 'Team {first|second}',
  emailList: `/api/email_lists/${r.emailList.id}`,
  mailProviders: providers.slice(0, 2).map((p) => p.id),
  message: r.message.id,
  offer: { id: r.offer.id },
  offerLinks: r.offerLinks.id,
  unsubscribeLinks: r.unsubscribeLinks.id,
  pixelLinks: null,
  relayStatus: { id: 2 },
  relayGroup: r.relayGroup.id,
  scheduledStart: null,
  scheduledStop: null,
  ...over,
});

const { post, put, get, count, row, created, access } = campaignCalls(() => t, 'smtp_campaigns');
const create = (u: TestUser, r: Refs, over: Record<string, unknown> = {}) => created(u, body(r, over));

let aliceRefs: Refs;
beforeAll(async () => {
  aliceRefs = await refs(alice);
});

describe('access', () => {
  it('answers 401 without a token and 404 for another user campaign', async () => {
    await access(async (owner) => (await f.smtpCampaign({ owner })).id, body(aliceRefs));
  });
});

describe('POST /api/smtp_campaigns', () => {
  it('creates an Inactive campaign owned by the caller, with every reference nested', async () => {
    const r = aliceRefs;
    const res = await post(alice, body(r, { name: ' Spring ', scheduledStop: '2099-05-01 10:30' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Spring',
      sender: 'Team {first|second}',
      emailList: { id: r.emailList.id, name: r.emailList.name },
      mailProviders: expect.arrayContaining(providers.slice(0, 2)),
      message: { id: r.message.id, name: r.message.name },
      offer: { id: r.offer.id, name: r.offer.name },
      offerLinks: { id: r.offerLinks.id, name: r.offerLinks.name },
      unsubscribeLinks: { id: r.unsubscribeLinks.id, name: r.unsubscribeLinks.name },
      pixelLinks: null,
      relayStatus: 2,
      warmupOverflow: 1,
      relayGroup: { id: r.relayGroup.id, name: r.relayGroup.name },
      status: CampaignStatus.Inactive,
      scheduledStart: null,
      scheduledStop: '2099-05-01T10:30:00.000Z',
      startDate: null,
      endDate: null,
      completion: 0,
      pauseReason: null,
      user: { id: alice.id, username: alice.username },
    });
    expect(res.json().mailProviders).toHaveLength(2);
    const stored = await row(res.json().id);
    expect(stored).toMatchObject({ type: CampaignType.SMTP, user_id: alice.id, status: CampaignStatus.Inactive });
  });

  it('accepts an e-mail list assigned to the caller', async () => {
    const list = await f.emailList({ owner: bob, users: [alice] });
    const c = await create(alice, aliceRefs, { emailList: list.id });
    expect(c.emailList.id).toBe(list.id);
  });

  it.each([
    ['name', { name: '' }, M.nameRequired],
    ['name', { name: undefined }, M.nameRequired],
    ['sender', { sender: ' ' }, M.senderRequired],
    ['sender', { sender: 'x'.repeat(SENDER_MAX + 1) }, M.senderTooLong],
    ['emailList', { emailList: null }, M.emailListRequired],
    ['mailProviders', { mailProviders: [] }, M.mailProvidersRequired],
    ['mailProviders', { mailProviders: undefined }, M.mailProvidersRequired],
    ['message', { message: '' }, M.messageRequired],
    ['offer', { offer: 'abc' }, M.offerRequired],
    ['offerLinks', { offerLinks: undefined }, M.offerLinksRequired],
    ['unsubscribeLinks', { unsubscribeLinks: 'x' }, M.unsubscribeLinksInvalid],
    ['pixelLinks', { pixelLinks: -1 }, M.pixelLinksInvalid],
    ['relayStatus', { relayStatus: 9 }, M.relayStatusRequired],
    ['relayStatus', { relayStatus: undefined }, M.relayStatusRequired],
    ['warmupOverflow', { warmupOverflow: 3 }, M.warmupOverflow],
    ['warmupOverflow', { warmupOverflow: 'move' }, M.warmupOverflow],
    ['relayGroup', { relayGroup: undefined }, M.relayGroupRequired],
    ['scheduledStart', { scheduledStart: '2026-02-30 10:00' }, M.scheduledStartRequired],
    ['scheduledStop', { scheduledStop: 'tomorrow' }, M.scheduledStopRequired],
    ['scheduledStop', { scheduledStart: '2099-01-02 10:00', scheduledStop: '2099-01-01 10:00' }, M.startBeforeStop],
  ])('%s: %j answers "%s" and creates nothing', async (field, over, message) => {
    const before = await count();
    const res = await post(alice, body(aliceRefs, over));
    expect(res.statusCode).toBe(422);
    expect(res.json().error[field]).toBe(message);
    expect(await count()).toBe(before);
  });

  describe('references must be the owner own (or assigned), existing and not archived', () => {
    let foreign: Refs;
    beforeAll(async () => {
      foreign = await refs(bob);
    });
    it.each([
      ['emailList', () => ({ emailList: foreign.emailList.id }), M.emailListRequired],
      ['emailList', () => ({ emailList: 999_999 }), M.emailListRequired],
      ['mailProviders', () => ({ mailProviders: [providers[0]!.id, 999_999] }), M.mailProvidersRequired],
      ['message', () => ({ message: foreign.message.id }), M.messageRequired],
      ['offer', () => ({ offer: foreign.offer.id }), M.offerRequired],
      ['offerLinks', () => ({ offerLinks: foreign.offerLinks.id }), M.offerLinksRequired],
      ['offerLinks', () => ({ offerLinks: aliceRefs.pixelLinks.id }), M.wrongLinkType],
      ['unsubscribeLinks', () => ({ unsubscribeLinks: foreign.unsubscribeLinks.id }), M.unsubscribeLinksInvalid],
      ['unsubscribeLinks', () => ({ unsubscribeLinks: aliceRefs.offerLinks.id }), M.wrongLinkType],
      ['pixelLinks', () => ({ pixelLinks: foreign.pixelLinks.id }), M.pixelLinksInvalid],
      ['pixelLinks', () => ({ pixelLinks: aliceRefs.unsubscribeLinks.id }), M.wrongLinkType],
      ['relayGroup', () => ({ relayGroup: foreign.relayGroup.id }), M.relayGroupRequired],
    ])('%s (case %#) is refused with its message', async (field, over, message) => {
      const before = await count();
      const res = await post(alice, body(aliceRefs, over()));
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({ [field]: message });
      expect(await count()).toBe(before);
    });

    it('refuses an archived message, offer or relay group', async () => {
      const message = await f.message({ owner: alice, archived: true });
      const offer = await f.offer({ owner: alice, archived: true });
      const relayGroup = await f.smtpRelayGroup({ owner: alice, archived: true });
      const res = await post(
        alice,
        body(aliceRefs, { message: message.id, offer: offer.id, relayGroup: relayGroup.id }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({
        message: M.messageRequired,
        offer: M.offerRequired,
        relayGroup: M.relayGroupRequired,
      });
    });
  });

  describe('administrators', () => {
    it('may use any item in their own campaign', async () => {
      const c = await create(admin, aliceRefs);
      expect(c.user).toEqual({ id: admin.id, username: admin.username });
    });

    it('create for a user with that user items; not with items the user cannot use', async () => {
      const c = await create(admin, aliceRefs, { user: `/api/users/${alice.id}` });
      expect(c.user.id).toBe(alice.id);
      const mine = await refs(admin);
      const res = await post(admin, body(mine, { user: alice.id }));
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().error).sort()).toEqual(
        ['emailList', 'message', 'offer', 'offerLinks', 'unsubscribeLinks', 'relayGroup'].sort(),
      );
    });

    it('answers 422 for an unknown owner', async () => {
      const res = await post(admin, body(aliceRefs, { user: 999_999 }));
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({ user: 'User not found.' });
    });

    it('an ordinary user cannot create for someone else: `user` is ignored', async () => {
      const c = await create(alice, aliceRefs, { user: bob.id });
      expect(c.user.id).toBe(alice.id);
    });
  });

  it.each([
    ['a NUL byte', { name: 'a\0b' }],
    ['an over-long name', { name: 'x'.repeat(101) }],
    ['a number as name', { name: 12 }],
    ['a non-canonical id', { message: '0x10' }],
    ['an id out of range', { offer: 2 ** 31 }],
    ['a list as list', { emailList: [1] }],
    ['an over-long schedule', { scheduledStart: '2099-01-01 10:00'.repeat(10) }],
  ])('refuses %s with a 4xx and creates nothing', async (_, over) => {
    const before = await count();
    const res = await post(alice, body(aliceRefs, over));
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await count()).toBe(before);
  });
});

describe('GET /api/smtp_campaigns/{id}', () => {
  it('answers the owner and administrators; another user and PMTA rows are 404', async () => {
    const c = await create(alice, aliceRefs);
    expect((await get(alice, `/api/smtp_campaigns/${c.id}`)).json()).toEqual(c);
    expect((await get(admin, `/api/smtp_campaigns/${c.id}`)).json()).toEqual(c);
    expect((await get(bob, `/api/smtp_campaigns/${c.id}`)).statusCode).toBe(404);
    const pmta = await f.smtpCampaign({ owner: alice });
    const group = await f.pmtaRelayGroup({ owner: alice });
    await t.ctx.db.$client.query(
      `update campaigns set type = ${CampaignType.PMTA}, pmta_relay_group_id = $2 where id = $1`,
      [pmta.id, group.id],
    );
    expect((await get(alice, `/api/smtp_campaigns/${pmta.id}`)).statusCode).toBe(404);
  });

  it.each(['abc', '0x10', '1e1', '2147483648', '-1'])('answers 4xx for id %s', async (id) => {
    const res = await get(alice, `/api/smtp_campaigns/${id}`);
    expect([404, 422]).toContain(res.statusCode);
  });
});

describe('GET /api/smtp_campaigns', () => {
  let carol: TestUser;
  let dave: TestUser;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    carol = await t.user();
    dave = await t.user();
    const r = await refs(carol);
    for (const [name, status] of [
      ['inactive alpha', CampaignStatus.Inactive],
      ['active beta', CampaignStatus.Active],
      ['paused alpha', CampaignStatus.Paused],
      ['finished gamma', CampaignStatus.Finished],
    ] as const) {
      const c = await create(carol, r, { name });
      await t.ctx.db.$client.query('update campaigns set status = $2 where id = $1', [c.id, status]);
      ids[name] = c.id;
    }
    await f.smtpCampaign({ owner: dave, name: 'dave alpha' });
  });
  const page = async (u: TestUser, q: string) => {
    const res = await get(u, `/api/smtp_campaigns?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { 'hydra:member': { id: number; name: string }[]; 'hydra:totalItems': number };
  };
  const names = (p: { 'hydra:member': { name: string }[] }) => p['hydra:member'].map((c) => c.name);

  it('lists the caller own campaigns, newest first, whatever user.id says', async () => {
    const p = await page(carol, `user.id=${dave.id}`);
    expect(names(p)).toEqual(['finished gamma', 'paused alpha', 'active beta', 'inactive alpha']);
    expect(p['hydra:totalItems']).toBe(4);
  });

  it('gives administrators everything, and the owner filter', async () => {
    const all = await page(admin, 'itemsPerPage=1000');
    expect(all['hydra:totalItems']).toBeGreaterThan(5);
    expect(names(await page(admin, `user.id=${dave.id}`))).toEqual(['dave alpha']);
    expect(names(await page(admin, `user.id=/api/users/${carol.id}&name=ALPHA`))).toEqual([
      'paused alpha',
      'inactive alpha',
    ]);
  });

  it('filters by one status or a list (the not-finished and finished sections)', async () => {
    expect(names(await page(carol, 'status=5'))).toEqual(['finished gamma']);
    const open = await page(carol, 'status[]=2&status[]=1&status[]=3&status[]=4');
    expect(names(open)).toEqual(['paused alpha', 'active beta', 'inactive alpha']);
    expect(names(await page(carol, 'status[]=1'))).toEqual(['active beta']);
  });

  it('pages: the last 10 of the caller, and 2 a page', async () => {
    const last = await page(carol, `itemsPerPage=10&user.id=${carol.id}`);
    expect(last['hydra:member'][0]!.id).toBe(ids['finished gamma']);
    const second = await page(carol, 'itemsPerPage=2&_page=2');
    expect(names(second)).toEqual(['active beta', 'inactive alpha']);
    expect(second['hydra:totalItems']).toBe(4);
  });

  it('gives {id, name} rows with groups[]=select', async () => {
    const p = await page(carol, 'groups[]=select&pagination=false');
    expect(p['hydra:member']).toContainEqual({ id: ids['active beta'], name: 'active beta' });
    expect(Object.keys(p['hydra:member'][0]!)).toEqual(['id', 'name']);
  });

  it('shows completion from the counters: (delivered + bounced) / total', async () => {
    const id = ids['active beta']!;
    await t.ctx.db.$client.query(
      `insert into campaign_counters (campaign_type, campaign_id, total, delivered, bounced) values (${CampaignType.SMTP}, $1, 3, 1, 1)`,
      [id],
    );
    const c = (await page(carol, 'status=1'))['hydra:member'][0] as unknown as { completion: number };
    expect(c.completion).toBe(66.7);
  });

  it.each(['status=9', 'status[]=1&status[]=x', '_page=0', 'itemsPerPage=abc', 'user.id=1e1'])(
    'refuses %s with 422',
    async (q) => {
      expect((await get(carol, `/api/smtp_campaigns?${q}`)).statusCode).toBe(422);
    },
  );
});

describe('PUT /api/smtp_campaigns/{id}', () => {
  it('edits an inactive campaign; a left-out relay group is kept', async () => {
    const c = await create(alice, aliceRefs);
    const other = await f.message({ owner: alice });
    const { relayGroup: _, ...rest } = body(aliceRefs, {
      name: 'Renamed',
      message: other.id,
      pixelLinks: aliceRefs.pixelLinks.id,
      warmupOverflow: 2,
    });
    const res = await put(alice, c.id, rest);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: c.id,
      name: 'Renamed',
      message: { id: other.id },
      pixelLinks: { id: aliceRefs.pixelLinks.id },
      relayGroup: c.relayGroup,
      status: CampaignStatus.Inactive,
      warmupOverflow: 2,
    });
    // Left out, the choice is kept.
    const { warmupOverflow: __, ...kept } = rest as typeof rest & { warmupOverflow?: number };
    expect((await put(alice, c.id, kept)).json().warmupOverflow).toBe(2);
  });

  it.each([CampaignStatus.Active, CampaignStatus.Preparing, CampaignStatus.Paused, CampaignStatus.Finished])(
    'refuses to edit a campaign in status %i (409) and changes nothing',
    async (status) => {
      const c = await create(alice, aliceRefs);
      await t.ctx.db.$client.query('update campaigns set status = $2 where id = $1', [c.id, status]);
      const res = await put(alice, c.id, body(aliceRefs, { name: 'Changed' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: M.notInactive });
      expect((await row(c.id)).name).toBe(c.name);
    },
  );

  it('checks references on edit as on create', async () => {
    const c = await create(alice, aliceRefs);
    const foreign = await f.offer({ owner: bob });
    const res = await put(alice, c.id, body(aliceRefs, { offer: foreign.id, name: 'x' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ offer: M.offerRequired });
    expect((await row(c.id)).name).toBe(c.name);
  });

  it('lets an administrator edit a user campaign; the owner stays and the items must be theirs', async () => {
    const c = await create(alice, aliceRefs);
    const res = await put(admin, c.id, body(aliceRefs, { name: 'By admin', user: admin.id }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.id).toBe(alice.id);
    const adminList = await f.emailList({ owner: admin });
    const refused = await put(admin, c.id, body(aliceRefs, { emailList: adminList.id }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual({ emailList: M.emailListRequired });
  });

  it('answers 404 for another user campaign and changes nothing; bad input is 4xx', async () => {
    const c = await create(alice, aliceRefs);
    expect((await put(bob, c.id, body(aliceRefs))).statusCode).toBe(404);
    for (const [id, over] of [
      [c.id, { name: 'a\0b' }],
      [c.id, { name: 'x'.repeat(101) }],
      [c.id, { relayStatus: 'good' }],
      ['0x10', {}],
      ['99999999999', {}],
    ] as const) {
      const res = await put(alice, id, body(aliceRefs, over));
      expect(res.statusCode, `${id} ${JSON.stringify(over)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await row(c.id)).name).toBe(c.name);
  });
});
