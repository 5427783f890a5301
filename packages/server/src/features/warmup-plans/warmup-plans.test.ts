import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

/*
 * Warm-up plans' routes (issue 40 §2): CRUD of owned plans, the ready-made plans and their copy, attaching a
 * plan to relays or a relay group, a relay's warm-up page with its history; each refusal changes nothing.
 */

let t: TestApp;
let make: ReturnType<typeof factories>;
let admin: TestUser;
let gmail: number;
let yahoo: number;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  admin = await t.user({ admin: true });
  const ids = await q(`select id, name from mail_providers where name in ('Gmail', 'Yahoo')`);
  gmail = ids.find((r) => r.name === 'Gmail').id;
  yahoo = ids.find((r) => r.name === 'Yahoo').id;
});
afterAll(() => t.close());

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
const count = async (table = 'warmup_plans') => (await q(`select count(*)::int as n from ${table}`))[0].n as number;
const body = (o: Record<string, unknown> = {}) => ({
  name: 'Mine',
  services: [
    { mailProvider: gmail, perDay: [10, 20], perHour: [2, 4] },
    { mailProvider: null, perDay: [100, 200] },
  ],
  ...o,
});

describe('warm-up plans', () => {
  it('creates (201), reads, updates, lists with filters and deletes a plan', async () => {
    const owner = await t.user();
    const res = await t.as(owner, { method: 'POST', url: '/api/warmup_plans', payload: body() });
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json();
    expect(plan).toMatchObject({
      name: 'Mine',
      days: 2,
      relays: 0,
      user: { id: owner.id },
      services: [
        { mailProvider: { id: gmail, name: 'Gmail' }, perDay: [10, 20], perHour: [2, 4] },
        { mailProvider: null, perDay: [100, 200], perHour: null },
      ],
      thresholds: { complaints: { yellow: 0.1, red: 0.3 } },
    });
    const put = await t.as(owner, {
      method: 'PUT',
      url: `/api/warmup_plans/${plan.id}`,
      payload: body({
        name: 'Renamed',
        services: [{ mailProvider: `/api/mail_providers/${yahoo}`, perDay: [1, 2, 3] }],
      }),
    });
    expect([put.statusCode, put.json().name, put.json().days, put.json().services[0].mailProvider.name]).toEqual([
      200,
      'Renamed',
      3,
      'Yahoo',
    ]);
    await make.warmupPlan({ owner, name: 'Other plan' });
    const list = (query: string, u = owner) =>
      t
        .as(u, { method: 'GET', url: `/api/warmup_plans?${query}` })
        .then((r) => r.json()['hydra:member'].map((x: { name: string }) => x.name));
    expect(await list('')).toEqual(['Other plan', 'Renamed']);
    expect(await list('name=renam')).toEqual(['Renamed']);
    expect(await list('groups[]=select&pagination=false')).toEqual(['Other plan', 'Renamed']);
    expect(await list(`user.id=${owner.id}`, await t.user())).toEqual([]);
    expect(await list(`user.id=${owner.id}`, admin)).toEqual(['Other plan', 'Renamed']);
    expect((await t.as(owner, { method: 'DELETE', url: `/api/warmup_plans/${plan.id}` })).statusCode).toBe(204);
    expect(await list('')).toEqual(['Other plan']);
  });

  it('keeps names unique per owner; an administrator writes for an owner, anyone else for themselves', async () => {
    const owner = await t.user();
    await make.warmupPlan({ owner, name: 'Same' });
    const dup = await t.as(owner, { method: 'POST', url: '/api/warmup_plans', payload: body({ name: 'Same' }) });
    expect([dup.statusCode, dup.json()]).toEqual([
      409,
      { error: { name: 'You already have a warm-up plan with this name.' } },
    ]);
    const byAdmin = await t.as(admin, { method: 'POST', url: '/api/warmup_plans', payload: body({ user: owner.id }) });
    expect(byAdmin.json().user.id).toBe(owner.id);
    const ignored = await t.as(owner, {
      method: 'POST',
      url: '/api/warmup_plans',
      payload: body({ name: 'x', user: admin.id }),
    });
    expect(ignored.json().user.id).toBe(owner.id);
  });

  it('lists the ready-made plans and copies one into a plan of the caller', async () => {
    const owner = await t.user();
    const ready = (await t.as(owner, { method: 'GET', url: '/api/warmup_plans/ready' })).json();
    const conservative = ready.find((p: { key: string }) => p.key === 'conservative-30');
    expect(conservative).toMatchObject({ name: 'Conservative 30 days', days: 30 });
    expect(conservative.services[0]).toMatchObject({ mailProvider: 'Gmail' });
    expect(conservative.services[0].perDay[0]).toBe(50);
    const copy = await t.as(owner, {
      method: 'POST',
      url: '/api/warmup_plans/ready/conservative-30/copy',
      payload: {},
    });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'Conservative 30 days', days: 30, user: { id: owner.id } });
    expect(
      copy.json().services.map((s: { mailProvider: { name: string } | null }) => s.mailProvider?.name ?? null),
    ).toEqual(['Gmail', 'Outlook', 'Yahoo', 'AOL', null]);
    const named = await t.as(owner, {
      method: 'POST',
      url: '/api/warmup_plans/ready/moderate-14/copy',
      payload: { name: 'My moderate' },
    });
    expect([named.statusCode, named.json().name, named.json().days]).toEqual([201, 'My moderate', 14]);
    const before = await count();
    const missing = await t.as(owner, { method: 'POST', url: '/api/warmup_plans/ready/nope/copy', payload: {} });
    expect([missing.statusCode, missing.json()]).toEqual([404, { error: 'Ready-made plan not found.' }]);
    const again = await t.as(owner, {
      method: 'POST',
      url: '/api/warmup_plans/ready/conservative-30/copy',
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(await count()).toBe(before);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no name', { name: '' }, { name: 'Plan Name is required.' }],
    ['a long name', { name: 'x'.repeat(101) }, { name: 'Plan Name must be no longer than 100 characters.' }],
    ['no services', { services: [] }, { services: 'A plan needs at least one mail service.' }],
    ['services as text', { services: 'Gmail' }, { services: 'A plan needs at least one mail service.' }],
    [
      'an unknown mail service',
      { services: [{ mailProvider: 999999, perDay: [1] }] },
      { 'services.0.mailProvider': 'Mail service not found.' },
    ],
    [
      'a malformed mail service',
      { services: [{ mailProvider: '0x10', perDay: [1] }] },
      { 'services.0.mailProvider': 'Mail service not found.' },
    ],
    [
      'a service twice',
      {
        services: [
          { mailProvider: null, perDay: [1] },
          { mailProvider: null, perDay: [1] },
        ],
      },
      { services: 'Each mail service appears once in a plan.' },
    ],
    [
      'services of different lengths',
      {
        services: [
          { mailProvider: gmail, perDay: [1, 2] },
          { mailProvider: null, perDay: [1] },
        ],
      },
      { services: 'Every mail service of a plan has the same number of days.' },
    ],
    [
      'no days',
      { services: [{ mailProvider: null, perDay: [] }] },
      { 'services.0.perDay': 'Messages per day are required for every day.' },
    ],
    [
      'a negative day',
      { services: [{ mailProvider: null, perDay: [-1] }] },
      { 'services.0.perDay.0': 'Messages per day must be a whole number between 0 and 100000000.' },
    ],
    [
      'a fractional day',
      { services: [{ mailProvider: null, perDay: [1.5] }] },
      { 'services.0.perDay.0': 'Messages per day must be a whole number between 0 and 100000000.' },
    ],
    [
      'a day as text',
      { services: [{ mailProvider: null, perDay: ['ten'] }] },
      { 'services.0.perDay.0': 'Messages per day are required for every day.' },
    ],
    [
      'hours of another length',
      { services: [{ mailProvider: null, perDay: [10, 20], perHour: [1] }] },
      { 'services.0.perHour': 'Messages per hour need one value per day.' },
    ],
    [
      'an hour over its day',
      { services: [{ mailProvider: null, perDay: [10], perHour: [11] }] },
      { 'services.0.perHour': 'Messages per hour cannot be more than the messages of that day.' },
    ],
    [
      'a yellow line over the red',
      {
        thresholds: {
          deferrals: { yellow: 30, red: 20 },
          hardBounces: { yellow: 1, red: 2 },
          complaints: { yellow: 0.1, red: 0.3 },
          infraBounces: { yellow: 1, red: 2 },
          backoff: { yellow: 1, red: 2 },
        },
      },
      { 'thresholds.deferrals': 'The yellow line of a signal must be below its red line.' },
    ],
    ['an unknown owner', { user: 999999 }, { user: 'User not found.' }],
  ])('refuses %s (422), and adds nothing', async (_, over, error) => {
    const before = await count();
    const res = await t.as(admin, { method: 'POST', url: '/api/warmup_plans', payload: body(over) });
    expect([res.statusCode, res.json()]).toEqual([422, { error }]);
    expect(await count()).toBe(before);
  });

  it('refuses NUL bytes, over-long text, wrong types and malformed ids with a 4xx, never a 500', async () => {
    const before = await count();
    for (const payload of [
      body({ name: 'a\u0000' }),
      body({ description: 'x'.repeat(401) }),
      body({ name: 42 }),
      body({ services: [{ mailProvider: null, perDay: 'lots' }] }),
      'not json',
    ]) {
      const res = await t.as(admin, { method: 'POST', url: '/api/warmup_plans', payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await count()).toBe(before);
    for (const id of ['0x1', '1e1', '-1', '2147483648', 'abc']) {
      expect((await t.as(admin, { method: 'GET', url: `/api/warmup_plans/${id}` })).statusCode, id).toBe(422);
      expect((await t.as(admin, { method: 'GET', url: `/api/warmup_plans/relays/smtp/${id}` })).statusCode, id).toBe(
        422,
      );
    }
    expect((await t.as(admin, { method: 'GET', url: '/api/warmup_plans/relays/other/1' })).statusCode).toBe(422);
    const long = await t.as(admin, {
      method: 'POST',
      url: `/api/warmup_plans/ready/${'x'.repeat(101)}/copy`,
      payload: {},
    });
    expect([long.statusCode >= 400, long.statusCode < 500]).toEqual([true, true]);
  });

  it.each([
    ['GET', '/api/warmup_plans/:id'],
    ['PUT', '/api/warmup_plans/:id'],
    ['DELETE', '/api/warmup_plans/:id'],
    ['POST', '/api/warmup_plans/:id/attach'],
  ] as const)('%s %s: 401 without a token; another user’s plan is 404 and untouched', async (method, url) => {
    let id = 0;
    await expectAccess(t, {
      method,
      url,
      payload: method === 'POST' ? { kind: 'smtp', relays: [1] } : body({ name: 'changed' }),
      owned: async (owner) => (id = (await make.warmupPlan({ owner, name: 'kept' })).id),
    });
    expect(await q('select name from warmup_plans where id = $1', [id])).toEqual([{ name: 'kept' }]);
    expect(await q('select 1 from warmup_relays where plan_id = $1', [id])).toEqual([]);
  });

  it("GET /api/warmup_plans/relays/{kind}/:id: 401 without a token; another user's relay is 404", async () => {
    await expectAccess(t, {
      method: 'GET',
      url: '/api/warmup_plans/relays/pmta/:id',
      owned: async (owner) => (await make.pmtaRelay({ owner })).id,
    });
  });
});

describe('attaching a plan', () => {
  it('to relays and to a relay group: each on day 1, its page shows the allowance, its history says so', async () => {
    const owner = await t.user();
    const plan = await make.warmupPlan({ owner, name: 'Three days' });
    const group = await make.smtpRelayGroup({ owner });
    const [a, b] = [
      await make.smtpRelay({ owner, groupId: group.id }),
      await make.smtpRelay({ owner, groupId: group.id }),
    ];
    const single = await make.pmtaRelay({ owner });
    const attach = (payload: object, u = owner, id = plan.id) =>
      t.as(u, { method: 'POST', url: `/api/warmup_plans/${id}/attach`, payload });
    const res = await attach({ kind: 'pmta', relays: [single.id] });
    expect([res.statusCode, res.json()]).toEqual([200, { attached: 1 }]);
    expect((await attach({ kind: 'smtp', group: group.id })).json()).toEqual({ attached: 2 });
    expect((await t.as(owner, { method: 'GET', url: `/api/warmup_plans/${plan.id}` })).json().relays).toBe(3);

    // Some use today: the page shows it beside the allowance.
    await q(
      `insert into warmup_usage (relay_type, relay_id, mail_provider_id, day, used, hour, hour_used)
       values (2, $1, $2, (now() at time zone 'utc')::date, 4, date_trunc('hour', now()), 4),
              (2, $1, $3, (now() at time zone 'utc')::date, 7, date_trunc('hour', now()), 7)`,
      [a.id, gmail, yahoo],
    );
    const page = (await t.as(owner, { method: 'GET', url: `/api/warmup_plans/relays/smtp/${a.id}` })).json();
    expect(page).toMatchObject({
      plan: { id: plan.id, name: 'Three days', days: 3 },
      day: 1,
      finished: false,
      today: [
        { mailProvider: { id: gmail, name: 'Gmail' }, perDay: 5, perHour: 1, used: 4 },
        { mailProvider: null, perDay: 50, perHour: 3, used: 7 },
        { mailProvider: { id: yahoo, name: 'Yahoo' }, perDay: 50, perHour: 3, used: 7 },
      ],
      history: [
        {
          decision: 'attached',
          planName: 'Three days',
          toDay: 1,
          reason: `Attached with relay group #${group.id}; starts on day 1.`,
        },
      ],
    });
    expect((await t.as(owner, { method: 'GET', url: `/api/warmup_plans/relays/smtp/${b.id}` })).json().day).toBe(1);
    // An administrator sees it; a relay in no plan has an empty page.
    expect((await t.as(admin, { method: 'GET', url: `/api/warmup_plans/relays/smtp/${a.id}` })).json().day).toBe(1);
    const free = await make.smtpRelay({ owner });
    expect((await t.as(owner, { method: 'GET', url: `/api/warmup_plans/relays/smtp/${free.id}` })).json()).toEqual({
      plan: null,
      day: null,
      finished: false,
      today: [],
      history: [],
    });

    // A deleted relay leaves the plan (its server's cascade too); the count follows.
    await q('delete from pmta_servers where id = $1', [single.pmtaServerId]);
    expect((await t.as(owner, { method: 'GET', url: `/api/warmup_plans/${plan.id}` })).json().relays).toBe(2);
    expect(await q('select 1 from warmup_relays where relay_type = 1 and relay_id = $1', [single.id])).toEqual([]);

    // Detached by hand, then the plan deleted: the history keeps both.
    const detach = await t.as(owner, {
      method: 'POST',
      url: '/api/warmup_plans/detach',
      payload: { kind: 'smtp', relays: [b.id] },
    });
    expect(detach.json()).toEqual({ detached: 1 });
    await t.as(owner, { method: 'DELETE', url: `/api/warmup_plans/${plan.id}` });
    const after = (await t.as(owner, { method: 'GET', url: `/api/warmup_plans/relays/smtp/${a.id}` })).json();
    expect(after.plan).toBeNull();
    expect(after.history.map((h: { decision: string; reason: string }) => [h.decision, h.reason])).toEqual([
      ['detached', 'Plan "Three days" was deleted.'],
      ['attached', `Attached with relay group #${group.id}; starts on day 1.`],
    ]);
    expect(
      (await t.as(owner, { method: 'GET', url: `/api/warmup_plans/relays/smtp/${b.id}` })).json().history[0],
    ).toMatchObject({ decision: 'detached', fromDay: 1, reason: 'Detached by hand.' });
  });

  it('a relay that joins a group following a plan joins the plan on day 1; one in a plan keeps its own', async () => {
    const owner = await t.user();
    const plan = await make.warmupPlan({ owner, name: 'Group plan' });
    const other = await make.warmupPlan({ owner, name: 'Own plan' });
    const attach = (id: number, payload: object) =>
      t.as(owner, { method: 'POST', url: `/api/warmup_plans/${id}/attach`, payload });
    const smtpGroup = await make.smtpRelayGroup({ owner });
    await make.smtpRelay({ owner, groupId: smtpGroup.id });
    const pmtaGroup = await make.pmtaRelayGroup({ owner });
    await make.pmtaRelay({ owner, groupId: pmtaGroup.id });
    expect((await attach(plan.id, { kind: 'smtp', group: smtpGroup.id })).json()).toEqual({ attached: 1 });
    expect((await attach(plan.id, { kind: 'pmta', group: pmtaGroup.id })).json()).toEqual({ attached: 1 });
    const pageOf = async (kind: string, id: number) =>
      (await t.as(owner, { method: 'GET', url: `/api/warmup_plans/relays/${kind}/${id}` })).json();
    const joined = (group: number) => `Joined relay group #${group}, which follows the plan; starts on day 1.`;

    // Created in the group (either kind), or moved into it: in the plan, on day 1, the history says why.
    const created = await make.smtpRelay({ owner, groupId: smtpGroup.id });
    const pmta = await make.pmtaRelay({ owner, groupId: pmtaGroup.id });
    const moved = await make.smtpRelay({ owner });
    await q('update smtp_relays set group_id = $1 where id = $2', [smtpGroup.id, moved.id]);
    for (const [kind, id, group] of [
      ['smtp', created.id, smtpGroup.id],
      ['pmta', pmta.id, pmtaGroup.id],
      ['smtp', moved.id, smtpGroup.id],
    ] as const) {
      expect(await pageOf(kind, id)).toMatchObject({
        plan: { id: plan.id, name: 'Group plan' },
        day: 1,
        history: [{ decision: 'attached', toDay: 1, reason: joined(group) }],
      });
    }
    expect((await t.as(owner, { method: 'GET', url: `/api/warmup_plans/${plan.id}` })).json().relays).toBe(5);

    // A relay already warming up under its own plan keeps it when it moves into the group; other updates of
    // a relay in the group change nothing.
    const own = await make.smtpRelay({ owner });
    expect((await attach(other.id, { kind: 'smtp', relays: [own.id] })).json()).toEqual({ attached: 1 });
    await q('update smtp_relays set group_id = $1 where id = $2', [smtpGroup.id, own.id]);
    await q('update smtp_relays set normal_speed = normal_speed + 1 where group_id = $1', [smtpGroup.id]);
    expect((await pageOf('smtp', own.id)).plan.name).toBe('Own plan');
    expect((await pageOf('smtp', own.id)).history).toHaveLength(1);
    expect((await pageOf('smtp', created.id)).history).toHaveLength(1);
  });

  it.each<[string, (o: { other: number; otherGroup: number }) => object, Record<string, string>]>([
    ['nothing to attach', () => ({ kind: 'smtp' }), { relays: 'Choose relays or a relay group.' }],
    ['an unknown kind', () => ({ kind: 'x', relays: [1] }), { kind: 'Choose relays or a relay group.' }],
    ["another user's relay", ({ other }) => ({ kind: 'smtp', relays: [other] }), { relays: 'Relay not found.' }],
    [
      "another user's group",
      ({ otherGroup }) => ({ kind: 'smtp', group: otherGroup }),
      { group: 'Relay group not found.' },
    ],
    ['a malformed relay id', () => ({ kind: 'smtp', relays: ['1e1'] }), { 'relays.0': 'Relay not found.' }],
  ])('refuses %s (422), and attaches nothing', async (_, payload, error) => {
    const owner = await t.user();
    const plan = await make.warmupPlan({ owner });
    const other = await make.smtpRelay();
    const otherGroup = await make.smtpRelayGroup();
    const before = await count('warmup_relays');
    const res = await t.as(owner, {
      method: 'POST',
      url: `/api/warmup_plans/${plan.id}/attach`,
      payload: payload({ other: other.id, otherGroup: otherGroup.id }),
    });
    expect([res.statusCode, res.json()]).toEqual([422, { error }]);
    expect(await count('warmup_relays')).toBe(before);
  });

  it("refuses to detach another user's relay, and detaches nothing", async () => {
    const owner = await t.user();
    const plan = await make.warmupPlan({ owner });
    const relay = await make.smtpRelay({ owner });
    await t.as(owner, {
      method: 'POST',
      url: `/api/warmup_plans/${plan.id}/attach`,
      payload: { kind: 'smtp', relays: [relay.id] },
    });
    const res = await t.as(await t.user(), {
      method: 'POST',
      url: '/api/warmup_plans/detach',
      payload: { kind: 'smtp', relays: [relay.id] },
    });
    expect([res.statusCode, res.json()]).toEqual([422, { error: { relays: 'Relay not found.' } }]);
    expect(await q('select day from warmup_relays where relay_type = 2 and relay_id = $1', [relay.id])).toEqual([
      { day: 1 },
    ]);
  });
});
