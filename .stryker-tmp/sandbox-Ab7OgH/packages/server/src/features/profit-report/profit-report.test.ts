// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportMessages } from '@console/shared/reports';
import {
  PROFIT_GROUP_BY,
  ProfitReportMessages,
  type ProfitGroupBy,
  type ProfitReportRow,
} from '@console/shared/profit-report';
import { CampaignType, CampaignTypeOf, type CampaignTypeValue } from '@console/shared/enums';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { buildHistory, EVENTS_WHERE, K, MOMENTS, type History } from '../../../test/profit-activity-history.ts';
import { addRecipients, postbackKeyOf, smtpTrackingId } from '../../tracking/test-helpers.ts';

let t: TestApp;
let h: History;
beforeAll(async () => {
  t = await createTestApp();
  h = await buildHistory(t);
});
afterAll(() => t.close());

const FROM = '2025-12-01';
const TO = '2026-04-30';
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.ctx.db.$client.query(text, params).then((r) => r.rows as T[]);
const call = (u: TestUser | null, payload: object) => t.as(u, { method: 'POST', url: '/api/profit-report', payload });
const report = async (u: TestUser, payload: object): Promise<ProfitReportRow[]> => {
  const res = await call(u, { fromDate: FROM, toDate: TO, ...payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().report;
};

type Type = CampaignTypeValue | undefined;
/** The expected rows, counted from `events` and grouped the report's way (in the default order). */
async function expected(
  groupBy: ProfitGroupBy,
  owner: number | null,
  type: Type,
  from = FROM,
  to = TO,
): Promise<ProfitReportRow[]> {
  const key = {
    date: `to_char((at at time zone 'UTC')::date, 'YYYY-MM-DD')`,
    campaign: 'campaign_type, campaign_id',
    country: `coalesce(country, '')`,
  }[groupBy];
  const rows = await q<{ k1: string | number; k2: number | null; count: number; sum: number }>(
    `select ${groupBy === 'campaign' ? 'campaign_type as k1, campaign_id as k2' : `${key} as k1, null::int as k2`},
            count(*)::int as count, coalesce(sum(amount_cents), 0)::int as sum
       from events where kind = ${K.conversion} and ${EVENTS_WHERE}
      group by ${key} having count(*) > 0`,
    [owner, type ?? null, from, to],
  );
  const none = { event_date: null, campaign_type: null, campaign_id: null, campaign_name: null, country: null };
  const out: ProfitReportRow[] = rows.map((r) => {
    if (groupBy === 'date') return { ...none, event_date: String(r.k1), count: r.count, sum: r.sum };
    if (groupBy === 'country') return { ...none, country: String(r.k1), count: r.count, sum: r.sum };
    const c = h.campaigns.find((x) => x.id === r.k2)!;
    return {
      ...none,
      campaign_type: CampaignTypeOf[c.type],
      campaign_id: c.id,
      campaign_name: c.name,
      count: r.count,
      sum: r.sum,
    };
  });
  return out.sort(order(groupBy === 'date' ? 'event_date' : 'sum', groupBy === 'date', groupBy));
}

const typeNo = (r: ProfitReportRow) => r.campaign_type ?? 0;
const groupKey = (g: ProfitGroupBy) => (a: ProfitReportRow, b: ProfitReportRow) =>
  g === 'date'
    ? a.event_date!.localeCompare(b.event_date!)
    : g === 'country'
      ? a.country! < b.country!
        ? -1
        : a.country! > b.country!
          ? 1
          : 0
      : typeNo(a) - typeNo(b) || a.campaign_id! - b.campaign_id!;
/** The report's order in JS: the key, then the grouping's column, both in the asked direction. */
function order(by: string, asc: boolean, g: ProfitGroupBy) {
  const dir = asc ? 1 : -1;
  return (a: ProfitReportRow, b: ProfitReportRow) => {
    const first = by === 'count' ? a.count - b.count : by === 'sum' ? a.sum - b.sum : groupKey(g)(a, b); // event_date, campaign_id, country
    return dir * (first || groupKey(g)(a, b));
  };
}

describe('POST /api/profit-report', () => {
  it('the history is what the tests think it is', async () => {
    const [row] = await q<{ n: number; countries: number }>(
      `select count(*)::int as n, count(distinct coalesce(country, '?'))::int as countries from events where kind = 9`,
    );
    expect(row!.n).toBeGreaterThan(15);
    expect(row!.countries).toBe(5); // four countries and none
  });

  for (const groupBy of PROFIT_GROUP_BY)
    it(`by ${groupBy}: every owner and campaign type equals a direct count of the conversions in events`, async () => {
      const owners = [
        [h.admin, null],
        [h.admin, h.alice.id],
        [h.admin, h.bob.id],
        [h.alice, h.alice.id],
        [h.bob, h.bob.id],
      ] as const;
      for (const [user, owner] of owners)
        for (const campaignType of [undefined, CampaignType.SMTP, CampaignType.PMTA] as const) {
          const payload = { groupBy, campaignType, ...(user === h.admin && owner ? { userId: owner } : {}) };
          const want = await expected(groupBy, owner, campaignType);
          // bob's only PMTA campaign never converts: his PMTA report is empty; every other one has rows.
          const empty = owner === h.bob.id && campaignType === CampaignType.PMTA;
          expect(want.length > 0, `${groupBy} ${owner} ${campaignType}`).toBe(!empty);
          expect(await report(user, payload), `${groupBy} ${user.username} ${owner} ${campaignType}`).toEqual(want);
        }
    });

  it('by date: a day is UTC, both ends inclusive, across month, week and year ends', async () => {
    // Hand-counted from the inputs (not SQL): 23:59:59 stays on its day, 00:00:00 starts the next.
    const byDay = (days: string[]) => {
      const m = new Map<string, { count: number; sum: number }>();
      for (const e of h.events)
        if (e.kind === 'conversion' && e.userId === h.alice.id) {
          const day = e.at!.toISOString().slice(0, 10);
          if (!days.includes(day)) continue;
          const v = m.get(day) ?? { count: 0, sum: 0 };
          m.set(day, { count: v.count + 1, sum: v.sum + e.amountCents! });
        }
      return [...m].sort(([a], [b]) => a.localeCompare(b)).map(([d, v]) => [d, v.count, v.sum]);
    };
    const got = async (fromDate: string, toDate: string) =>
      (await report(h.alice, { fromDate, toDate, groupBy: 'date' })).map((r) => [r.event_date, r.count, r.sum]);
    expect(await got('2026-04-01', '2026-04-01')).toEqual(byDay(['2026-04-01']));
    expect(byDay(['2026-04-01'])[0]).toEqual(['2026-04-01', 4, 104 + 110 + 111 + 211]);
    expect(await got('2026-03-31', '2026-03-31')).toEqual(byDay(['2026-03-31']));
    expect(await got('2026-04-06', '2026-04-12')).toEqual(byDay(['2026-04-06', '2026-04-09']));
    expect(await got('2026-03-30', '2026-04-05')).toEqual(byDay(['2026-03-31', '2026-04-01', '2026-04-05']));
    expect(await got('2026-01-01', '2026-01-01')).toEqual(byDay(['2026-01-01']));
    expect(await got('2025-12-31', '2025-12-31')).toEqual(byDay(['2025-12-31']));
    expect(await got('2026-04-02', '2026-04-04')).toEqual([]); // the quiet day has sends only
    // Every moment with a conversion of alice's is on the report of the whole range, on its own UTC day.
    const days = [...new Set(MOMENTS.map((m) => m.slice(0, 10)))];
    expect(await got(FROM, TO)).toEqual(byDay(days));
  });

  it('by campaign: type, id and name; only campaigns with conversions; the other columns null', async () => {
    const rows = await report(h.admin, { groupBy: 'campaign', orderBy: 'campaign_id', asc: true });
    expect(rows.map((r) => [r.campaign_type, r.campaign_id, r.campaign_name])).toEqual(
      h.campaigns
        .slice(0, 3)
        .sort((a, b) => CampaignTypeOf[a.type] - CampaignTypeOf[b.type] || a.id - b.id)
        .map((c) => [CampaignTypeOf[c.type], c.id, c.name]),
    );
    expect(rows.every((r) => r.event_date === null && r.country === null)).toBe(true);
  });

  it("filters by the spec's campaign type numbers: 1 PMTA, 2 SMTP (also sent as text)", async () => {
    const names = async (campaignType: unknown) =>
      (await report(h.admin, { groupBy: 'campaign', campaignType })).map((r) => r.campaign_name).sort();
    const of = (kind: string) => h.campaigns.filter((c) => c.type === kind && c.id !== h.campaigns[3]!.id);
    expect(await names(1)).toEqual(
      of('pmta')
        .map((c) => c.name)
        .sort(),
    );
    expect(await names('1')).toEqual(await names(1));
    expect(await names(2)).toEqual(
      of('smtp')
        .map((c) => c.name)
        .sort(),
    );
    expect(await names('2')).toEqual(await names(2));
    expect((await names(1)).every((n) => n?.includes('pmta'))).toBe(true);
    expect((await report(h.admin, { groupBy: 'campaign', campaignType: 1 })).every((r) => r.campaign_type === 1)).toBe(
      true,
    );
  });

  it("by country: a conversion without a country is '' (the screen's Unknown)", async () => {
    const rows = await report(h.admin, { groupBy: 'country', orderBy: 'country', asc: true });
    expect(rows.map((r) => r.country)).toEqual(['', 'DE', 'GB', 'Moldova', 'US']);
    const [none] = await q<{ n: number; s: number }>(
      `select count(*)::int as n, sum(amount_cents)::int as s from events where kind = 9 and country is null`,
    );
    expect(rows[0]).toMatchObject({ count: none!.n, sum: none!.s });
    expect(none!.n).toBeGreaterThan(0);
    expect(rows.every((r) => r.event_date === null && r.campaign_id === null && r.campaign_type === null)).toBe(true);
  });

  const sorts: [ProfitGroupBy, string][] = [
    ['date', 'event_date'],
    ['date', 'count'],
    ['date', 'sum'],
    ['campaign', 'campaign_id'],
    ['campaign', 'count'],
    ['campaign', 'sum'],
    ['country', 'country'],
    ['country', 'count'],
    ['country', 'sum'],
  ];
  it.each(sorts)('by %s sorts on %s both ways (ties by the grouping)', async (groupBy, orderBy) => {
    const want = await expected(groupBy, null, undefined);
    for (const asc of [true, false]) {
      const got = await report(h.admin, { groupBy, orderBy, asc });
      expect(got, `${orderBy} ${asc}`).toEqual([...want].sort(order(orderBy, asc, groupBy)));
    }
    const asc = await report(h.admin, { groupBy, orderBy, asc: true });
    expect(await report(h.admin, { groupBy, orderBy, asc: false })).not.toEqual(asc);
  });

  it('without orderBy: by date oldest first, by campaign and country most profit first; asc alone keeps the key', async () => {
    const dates = await report(h.admin, { groupBy: 'date' });
    expect(dates.map((r) => r.event_date)).toEqual(dates.map((r) => r.event_date).sort());
    for (const groupBy of ['campaign', 'country'] as const) {
      const sums = (await report(h.admin, { groupBy })).map((r) => r.sum);
      expect(sums).toEqual([...sums].sort((a, b) => b - a));
    }
    const ascending = (await report(h.admin, { groupBy: 'country', asc: true })).map((r) => r.sum);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  });

  it("an ordinary user gets their own figures whatever userId they send; an admin chooses anyone's", async () => {
    const own = await report(h.alice, { groupBy: 'campaign' });
    expect(await report(h.alice, { groupBy: 'campaign', userId: h.bob.id })).toEqual(own);
    expect(await report(h.alice, { groupBy: 'campaign', userId: '' })).toEqual(own);
    expect(own.map((r) => r.campaign_id).sort()).toEqual(
      h.campaigns
        .filter((c) => c.owner === h.alice)
        .map((c) => c.id)
        .sort(),
    );
    const bobs = await report(h.admin, { groupBy: 'campaign', userId: h.bob.id });
    expect(bobs.map((r) => r.campaign_id)).toEqual([h.campaigns[2]!.id]);
    const stranger = await t.user();
    expect(await report(stranger, { groupBy: 'country', userId: h.alice.id })).toEqual([]);
  });

  it('without a token: 401', async () => {
    expect((await call(null, { fromDate: FROM, toDate: TO })).statusCode).toBe(401);
  });

  const M = ReportMessages;
  const ok = { fromDate: '2026-04-01', toDate: '2026-04-07', groupBy: 'date' };
  it.each([
    [{ ...ok, fromDate: '2026-02-30' }, 'fromDate', M.fromDate],
    [{ ...ok, fromDate: '01/04/2026' }, 'fromDate', M.fromDate],
    [{ ...ok, fromDate: 20260401 }, 'fromDate', M.fromDate],
    [{ ...ok, fromDate: undefined }, 'fromDate', M.fromDate],
    [{ ...ok, toDate: '2026-13-01' }, 'toDate', M.toDate],
    [{ ...ok, toDate: '2026-04-07T00:00:00Z' }, 'toDate', M.toDate],
    [{ ...ok, fromDate: '2026-04-08' }, 'toDate', M.dateOrder],
    [{ ...ok, groupBy: 'week' }, 'groupBy', ProfitReportMessages.groupBy],
    [{ ...ok, groupBy: ['date'] }, 'groupBy', ProfitReportMessages.groupBy],
    [{ ...ok, campaignType: 'smtps' }, 'campaignType', M.campaignType],
    [{ ...ok, campaignType: 'pmta' }, 'campaignType', M.campaignType],
    [{ ...ok, campaignType: 3 }, 'campaignType', M.campaignType],
    [{ ...ok, campaignType: '0' }, 'campaignType', M.campaignType],
    [{ ...ok, orderBy: 'profit' }, 'orderBy', ProfitReportMessages.orderBy],
    [{ ...ok, orderBy: 'country' }, 'orderBy', ProfitReportMessages.orderByFor('date')],
    [{ ...ok, groupBy: 'country', orderBy: 'event_date' }, 'orderBy', ProfitReportMessages.orderByFor('country')],
    [{ ...ok, asc: 'yes' }, 'asc', M.asc],
    [{ ...ok, userId: 'abc' }, 'userId', M.userId],
    [{ ...ok, userId: '1\u0000' }, 'userId', 'Must not contain a NUL character.'],
    [{ ...ok, userId: 2 ** 31 }, 'userId', M.userId],
  ])('%j: 422 with the message', async (payload, field, message) => {
    const res = await call(h.admin, payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ error: { [field]: message } });
  });

  it('a body that is not an object is a 4xx', async () => {
    for (const payload of ['[]', '"x"', '{', 'null'])
      expect(
        (
          await t.as(h.admin, {
            method: 'POST',
            url: '/api/profit-report',
            payload,
            headers: { 'content-type': 'application/json' },
          })
        ).statusCode,
      ).toBeGreaterThanOrEqual(400);
  });
});

describe('the country path end to end', () => {
  it('a click from a GB address and then a postback show GB on the report by country', async () => {
    const f = factories(t);
    const owner = await t.user();
    const list = await f.emailList({ owner, emails: ['gb-reader@example.com'] });
    const campaign = await f.smtpCampaign({ owner, emailListId: list.id });
    const [recipient] = await addRecipients(t, campaign);
    const id = smtpTrackingId(t, campaign.id, recipient!.emailId);
    const key = await postbackKeyOf(t, campaign.id); // made before the tracker caches the campaign
    const click = await t.app.inject({ method: 'GET', url: `/t/c/${id}`, remoteAddress: '81.2.69.160' });
    expect(click.statusCode).toBeLessThan(400);
    const postback = await t.app.inject({
      method: 'GET',
      url: `/postback?cid=${id}&sum=5&key=${key}`,
    });
    expect(postback.json()).toEqual({ status: 'recorded' });
    const [event] = await q<{ day: string; cents: number }>(
      `select to_char((at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, amount_cents as cents
         from events where kind = 9 and campaign_id = $1`,
      [campaign.id],
    );
    const rows = await report(owner, { fromDate: event!.day, toDate: event!.day, groupBy: 'country' });
    expect(rows).toEqual([
      {
        event_date: null,
        campaign_type: null,
        campaign_id: null,
        campaign_name: null,
        country: 'GB',
        count: 1,
        sum: event!.cents,
      },
    ]);
    expect(event!.cents).toBeGreaterThan(0);
  });
});
