// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventKind } from '@console/shared/enums';
import { PROFIT_PERIODS, type HomeProfit } from '@console/shared/home';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { recordEvents, type EventInput } from '../../tracking/events.ts';
import { homeProfit } from './home.service.ts';

/*
 * Home's profit dynamics against a known history of conversions of three users, both campaign types,
 * placed on both sides of day, ISO week, month and year boundaries (UTC). The clock is fixed through the
 * service's `now`; the route is checked on the real clock.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

async function record(events: EventInput[]) {
  const client = await t.ctx.db.$client.connect();
  try {
    await recordEvents(client, events);
  } finally {
    client.release();
  }
}

type Range = [string, string];
interface Case {
  now: string;
  this: { month: Range; week: Range; day: Range };
  last: { month: Range; week: Range; day: Range };
}
/** The periods of each clock, written out by hand. */
const CASES: Case[] = [
  {
    now: '2026-03-04T10:30:00Z', // a Wednesday
    this: {
      month: ['2026-03-01', '2026-03-04'],
      week: ['2026-03-02', '2026-03-04'],
      day: ['2026-03-04', '2026-03-04'],
    },
    last: {
      month: ['2026-02-01', '2026-02-28'],
      week: ['2026-02-23', '2026-03-01'],
      day: ['2026-03-03', '2026-03-03'],
    },
  },
  {
    now: '2026-03-02T00:30:00Z', // a Monday: the week has one day
    this: {
      month: ['2026-03-01', '2026-03-02'],
      week: ['2026-03-02', '2026-03-02'],
      day: ['2026-03-02', '2026-03-02'],
    },
    last: {
      month: ['2026-02-01', '2026-02-28'],
      week: ['2026-02-23', '2026-03-01'],
      day: ['2026-03-01', '2026-03-01'],
    },
  },
  {
    now: '2026-03-01T23:59:59Z', // a Sunday and the 1st: the week began in February
    this: {
      month: ['2026-03-01', '2026-03-01'],
      week: ['2026-02-23', '2026-03-01'],
      day: ['2026-03-01', '2026-03-01'],
    },
    last: {
      month: ['2026-02-01', '2026-02-28'],
      week: ['2026-02-16', '2026-02-22'],
      day: ['2026-02-28', '2026-02-28'],
    },
  },
  {
    now: '2026-01-01T00:00:00Z', // a Thursday, new year
    this: {
      month: ['2026-01-01', '2026-01-01'],
      week: ['2025-12-29', '2026-01-01'],
      day: ['2026-01-01', '2026-01-01'],
    },
    last: {
      month: ['2025-12-01', '2025-12-31'],
      week: ['2025-12-22', '2025-12-28'],
      day: ['2025-12-31', '2025-12-31'],
    },
  },
];

const days = ([from, to]: Range) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** Profit in cents of the conversions of `owner` (null: everyone) on the UTC days of `range`, from the events. */
async function counted(owner: number | null, [from, to]: Range): Promise<number> {
  const { rows } = await t.ctx.db.$client.query<{ cents: string }>(
    `select coalesce(sum(amount_cents), 0) as cents from events
      where kind = $1 and (at at time zone 'UTC')::date between $2::date and $3::date
        and ($4::int is null or user_id = $4)`,
    [EventKind.conversion, from, to, owner],
  );
  return Number(rows[0]!.cents);
}

async function expected(owner: number | null, c: Case): Promise<HomeProfit> {
  const data = { this: {}, last: {}, diff: {} } as HomeProfit['data'];
  const periods = { this: {}, last: {} } as HomeProfit['periods'];
  for (const k of PROFIT_PERIODS) {
    data.this[k] = await counted(owner, c.this[k]);
    data.last[k] = await counted(owner, c.last[k]);
    const perDay = data.this[k] / days(c.this[k]);
    const lastPerDay = data.last[k] / days(c.last[k]);
    data.diff[k] = data.last[k] === 0 ? null : Math.round((perDay / lastPerDay - 1) * 10_000) / 100;
    periods.this[k] = { from: c.this[k][0], to: c.this[k][1] };
    periods.last[k] = { from: c.last[k][0], to: c.last[k][1] };
  }
  return { data, periods };
}

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  admin = await t.user({ admin: true });
  alice = await t.user();
  bob = await t.user();
  carol = await t.user();
  const aSmtp = await f.smtpCampaign({ owner: alice });
  const aPmta = await f.pmtaCampaign({ owner: alice });
  const bPmta = await f.pmtaCampaign({ owner: bob });
  const cSmtp = await f.smtpCampaign({ owner: carol });
  const gmail = (await t.ctx.db.$client.query<{ id: number }>(`select id from mail_providers where name = 'Gmail'`))
    .rows[0]!.id;
  const who = {
    as: { campaignType: 'smtp' as const, campaignId: aSmtp.id, userId: alice.id },
    ap: { campaignType: 'pmta' as const, campaignId: aPmta.id, userId: alice.id },
    bp: { campaignType: 'pmta' as const, campaignId: bPmta.id, userId: bob.id },
    cs: { campaignType: 'smtp' as const, campaignId: cSmtp.id, userId: carol.id },
  };
  const conv = (w: keyof typeof who, at: string, amountCents: number): EventInput => ({
    ...who[w],
    kind: 'conversion',
    amountCents,
    at: new Date(at),
    mailProviderId: gmail,
  });
  await record([
    // Around the new year.
    conv('as', '2025-11-30T23:59:59Z', 1),
    conv('as', '2025-12-01T00:00:00Z', 2),
    conv('ap', '2025-12-21T23:59:59Z', 4),
    conv('ap', '2025-12-22T00:00:00Z', 8),
    conv('as', '2025-12-28T23:59:59Z', 16),
    conv('as', '2025-12-29T00:00:00Z', 32),
    conv('bp', '2025-12-31T23:59:59Z', 64),
    conv('as', '2026-01-01T00:00:00Z', 128),
    conv('bp', '2026-01-01T23:59:59Z', 256),
    // Around February and March.
    conv('as', '2026-01-31T23:59:59Z', 1000),
    conv('ap', '2026-02-01T00:00:00Z', 2000),
    conv('as', '2026-02-15T23:59:59Z', 3000),
    conv('as', '2026-02-16T00:00:00Z', 4000),
    conv('ap', '2026-02-22T23:59:59Z', 5000),
    conv('as', '2026-02-23T00:00:00Z', 6000),
    conv('bp', '2026-02-24T12:00:00Z', 7000),
    conv('ap', '2026-02-28T23:59:59Z', 8000),
    conv('as', '2026-03-01T00:00:00Z', 9000),
    conv('ap', '2026-03-01T23:59:59Z', 10000),
    conv('as', '2026-03-02T00:00:00Z', 11000),
    conv('bp', '2026-03-02T08:00:00Z', 12000),
    conv('as', '2026-03-03T23:59:59Z', 13000),
    conv('ap', '2026-03-04T00:00:00Z', 14000),
    conv('as', '2026-03-04T10:29:00Z', 15000),
    // Carol: profit this month only (the last periods are 0: no dynamic).
    conv('cs', '2026-03-04T09:00:00Z', 700),
    // Other events carry no profit.
    { ...who.as, kind: 'delivered', at: new Date('2026-03-04T09:00:00Z'), mailProviderId: gmail },
    { ...who.as, kind: 'click', first: true, at: new Date('2026-03-03T09:00:00Z'), mailProviderId: gmail },
  ]);
});
afterAll(() => t.close());

describe('home profit (the service, clock fixed)', () => {
  for (const c of CASES) {
    it(`at ${c.now}: every figure of every owner equals the events`, async () => {
      for (const owner of [null, alice.id, bob.id, carol.id, admin.id]) {
        expect(await homeProfit(t.ctx.db, owner, new Date(c.now)), `owner ${owner}`).toEqual(await expected(owner, c));
      }
    });
  }

  it("knows alice's figures on Wednesday 2026-03-04 (a hand check)", async () => {
    const { data } = await homeProfit(t.ctx.db, alice.id, new Date('2026-03-04T10:30:00Z'));
    expect(data.this).toEqual({ month: 9000 + 10000 + 11000 + 13000 + 14000 + 15000, week: 53000, day: 29000 });
    expect(data.last).toEqual({
      month: 2000 + 3000 + 4000 + 5000 + 6000 + 8000,
      week: 6000 + 8000 + 9000 + 10000,
      day: 13000,
    });
    // Day: 29000 against 13000. Week: 53000 / 3 days against 33000 / 7.
    expect(data.diff.day).toBe(123.08);
    expect(data.diff.week).toBe(274.75);
    // Month: 72000 / 4 against 28000 / 28.
    expect(data.diff.month).toBe(1700);
  });

  it('has no dynamic when the last period had no profit, and -100 when this one has none', async () => {
    const { data } = await homeProfit(t.ctx.db, carol.id, new Date('2026-03-04T10:30:00Z'));
    expect(data.this).toEqual({ month: 700, week: 700, day: 700 });
    expect(data.diff).toEqual({ month: null, week: null, day: null });
    const later = await homeProfit(t.ctx.db, carol.id, new Date('2026-03-05T00:00:00Z'));
    expect(later.data.this.day).toBe(0);
    expect(later.data.diff.day).toBe(-100);
  });
});

describe('POST /api/home/profit', () => {
  const call = (u: TestUser | null, payload: object) => t.as(u, { method: 'POST', url: '/api/home/profit', payload });

  it("answers on the real clock, the caller's own profit whatever userId says", async () => {
    const dave = await t.user();
    const campaign = await f.smtpCampaign({ owner: dave });
    await record([
      { kind: 'conversion', campaignType: 'smtp', campaignId: campaign.id, userId: dave.id, amountCents: 4321 },
    ]);
    const before = await homeProfit(t.ctx.db, dave.id, new Date());
    const res = await call(dave, { userId: alice.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as HomeProfit;
    const after = await homeProfit(t.ctx.db, dave.id, new Date());
    expect([before, after]).toContainEqual(body);
    // Today's, or yesterday's when midnight passed since it was recorded.
    const day = (p: HomeProfit) => p.data.this.day + p.data.last.day;
    expect(day(body)).toBe(4321);
    // The administrator's filter; an empty filter is everyone.
    expect(day((await call(admin, { userId: dave.id })).json() as HomeProfit)).toBe(4321);
    expect(day((await call(admin, { userId: '' })).json() as HomeProfit)).toBeGreaterThanOrEqual(4321);
  });

  it('needs a token', async () => {
    await expectAccess(t, { method: 'POST', url: '/api/home/profit', payload: {} });
  });

  it.each([['abc'], ['0x10'], [0], [-1], [1.5], [2 ** 31], [[1]], [{ id: 1 }], [true]])(
    'refuses userId %j: 422',
    async (userId) => {
      const res = await call(admin, { userId });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ error: { userId: 'User must be a user id.' } });
    },
  );

  it('refuses a NUL byte and a body that is not an object', async () => {
    const res = await call(admin, { userId: '1\u0000' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: { userId: 'Must not contain a NUL character.' } });
    for (const payload of ['text', 42, null, []]) {
      const r = await t.as(admin, {
        method: 'POST',
        url: '/api/home/profit',
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
      expect(r.statusCode, r.body).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
    }
  });
});
