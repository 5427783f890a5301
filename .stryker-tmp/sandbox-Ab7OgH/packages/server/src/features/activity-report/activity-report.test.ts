// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportMessages } from '@console/shared/reports';
import {
  ACTIVITY_ORDER_BY,
  ActivityReportMessages,
  type ActivityOrderBy,
  type ActivityReportRow,
} from '@console/shared/activity-report';
import { CampaignType, type CampaignTypeValue } from '@console/shared/enums';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import {
  buildHistory,
  EVENTS_WHERE,
  K,
  MOMENTS,
  QUIET_DAY,
  type History,
} from '../../../test/profit-activity-history.ts';

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
const call = (u: TestUser | null, payload: object) => t.as(u, { method: 'POST', url: '/api/activity-report', payload });
const report = async (u: TestUser, payload: object): Promise<ActivityReportRow[]> => {
  const res = await call(u, { fromDate: FROM, toDate: TO, ...payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().report;
};

/** The expected days, counted from `events` (decision 0914's meanings), oldest first. */
async function expected(owner: number | null, type: CampaignTypeValue | undefined, from = FROM, to = TO) {
  return q<ActivityReportRow>(
    `select * from (
       select to_char((at at time zone 'UTC')::date, 'YYYY-MM-DD') as event_date,
              count(*) filter (where kind = ${K.delivered})::int as delivered,
              count(*) filter (where kind = ${K.bounced})::int as bounced,
              count(*) filter (where kind = ${K.open} and first)::int as views,
              count(*) filter (where kind = ${K.click} and first)::int as clicks,
              count(*) filter (where kind = ${K.conversion})::int as conversions,
              count(*) filter (where kind = ${K.unsubscribe})::int as unsubscribers,
              coalesce(sum(amount_cents) filter (where kind = ${K.conversion}), 0)::int as profit
         from events where ${EVENTS_WHERE} group by 1) d
      where delivered + bounced + views + clicks + conversions + unsubscribers + profit > 0
      order by event_date`,
    [owner, type ?? null, from, to],
  );
}

/** The report's order in JS: the figure, then the day, both in the asked direction. */
const order = (by: ActivityOrderBy, asc: boolean) => (a: ActivityReportRow, b: ActivityReportRow) =>
  (asc ? 1 : -1) * ((by === 'event_date' ? 0 : a[by] - b[by]) || a.event_date.localeCompare(b.event_date));

describe('POST /api/activity-report', () => {
  it('every owner and campaign type equals a direct count from events', async () => {
    const owners = [
      [h.admin, null],
      [h.admin, h.alice.id],
      [h.admin, h.bob.id],
      [h.alice, h.alice.id],
      [h.bob, h.bob.id],
    ] as const;
    for (const [user, owner] of owners)
      for (const campaignType of [undefined, CampaignType.SMTP, CampaignType.PMTA] as const) {
        const want = await expected(owner, campaignType);
        expect(want.length, `${owner} ${campaignType}`).toBeGreaterThan(0);
        const payload = { campaignType, ...(user === h.admin && owner ? { userId: owner } : {}) };
        expect(await report(user, payload), `${user.username} ${owner} ${campaignType}`).toEqual(want);
      }
  });

  it('one row per UTC day with activity: 23:59:59 stays on its day, 00:00:00 starts the next; quiet days left out', async () => {
    const days = [...new Set(MOMENTS.map((m) => m.slice(0, 10)))];
    const all = await report(h.admin, {});
    expect(all.map((r) => r.event_date)).toEqual(days);
    expect(all.map((r) => r.event_date)).not.toContain(QUIET_DAY);
    // Hand-counted from the inputs (not SQL): alice's deliveries and first opens per UTC day.
    const count = (day: string, kind: string, first?: boolean) =>
      h.events.filter(
        (e) =>
          e.userId === h.alice.id &&
          e.kind === kind &&
          (first === undefined || e.first === first) &&
          e.at!.toISOString().startsWith(day),
      ).length;
    const week = await report(h.alice, { fromDate: '2026-04-06', toDate: '2026-04-12' });
    expect(week.map((r) => [r.event_date, r.delivered, r.views])).toEqual(
      ['2026-04-06', '2026-04-09'].map((d) => [d, count(d, 'delivered'), count(d, 'open', true)]),
    );
    const monthEnd = await report(h.alice, { fromDate: '2026-03-31', toDate: '2026-03-31' });
    expect(monthEnd.map((r) => [r.event_date, r.delivered, r.views])).toEqual([
      ['2026-03-31', count('2026-03-31', 'delivered'), count('2026-03-31', 'open', true)],
    ]);
    expect((await report(h.alice, { fromDate: '2026-01-01', toDate: '2026-03-31' })).map((r) => r.event_date)).toEqual([
      '2026-01-01',
      '2026-03-31',
    ]);
    expect(await report(h.alice, { fromDate: '2026-04-02', toDate: '2026-04-04' })).toEqual([]);
    expect(await expected(h.alice.id, undefined, '2026-04-06', '2026-04-12')).toEqual(week);
  });

  it.each(ACTIVITY_ORDER_BY)('sorts on %s both ways (ties by the day)', async (orderBy) => {
    const want = await expected(null, undefined);
    for (const asc of [true, false])
      expect(await report(h.admin, { orderBy, asc }), `${asc}`).toEqual([...want].sort(order(orderBy, asc)));
  });

  it('without orderBy or asc: oldest day first', async () => {
    expect(await report(h.admin, {})).toEqual(await expected(null, undefined));
  });

  it("an ordinary user gets their own figures whatever userId they send; an admin chooses anyone's", async () => {
    const own = await report(h.bob, {});
    expect(await report(h.bob, { userId: h.alice.id })).toEqual(own);
    expect(await report(h.bob, { userId: null })).toEqual(own);
    expect(await report(h.admin, { userId: h.bob.id })).toEqual(own);
    expect(own).not.toEqual(await report(h.alice, {}));
    const stranger = await t.user();
    expect(await report(stranger, { userId: h.bob.id })).toEqual([]);
  });

  it('without a token: 401', async () => {
    expect((await call(null, { fromDate: FROM, toDate: TO })).statusCode).toBe(401);
  });

  const M = ReportMessages;
  const ok = { fromDate: '2026-04-01', toDate: '2026-04-07' };
  it.each([
    [{ ...ok, fromDate: '2026-02-29' }, 'fromDate', M.fromDate],
    [{ ...ok, fromDate: '' }, 'fromDate', M.fromDate],
    [{ ...ok, fromDate: null }, 'fromDate', M.fromDate],
    [{ toDate: ok.toDate }, 'fromDate', M.fromDate],
    [{ ...ok, toDate: '2026-00-10' }, 'toDate', M.toDate],
    [{ ...ok, toDate: ['2026-04-07'] }, 'toDate', M.toDate],
    [{ ...ok, fromDate: '2026-05-01' }, 'toDate', M.dateOrder],
    [{ ...ok, campaignType: 'all' }, 'campaignType', M.campaignType],
    [{ ...ok, campaignType: 'smtp' }, 'campaignType', M.campaignType],
    [{ ...ok, campaignType: 0 }, 'campaignType', M.campaignType],
    [{ ...ok, campaignType: true }, 'campaignType', M.campaignType],
    [{ ...ok, orderBy: 'views; drop table events' }, 'orderBy', ActivityReportMessages.orderBy],
    [{ ...ok, orderBy: 'unique_opens' }, 'orderBy', ActivityReportMessages.orderBy],
    [{ ...ok, asc: 1 }, 'asc', M.asc],
    [{ ...ok, userId: -3 }, 'userId', M.userId],
    [{ ...ok, userId: '0x10' }, 'userId', M.userId],
    [{ ...ok, userId: { id: 1 } }, 'userId', M.userId],
  ])('%j: 422 with the message', async (payload, field, message) => {
    const res = await call(h.admin, payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ error: { [field]: message } });
  });
});
