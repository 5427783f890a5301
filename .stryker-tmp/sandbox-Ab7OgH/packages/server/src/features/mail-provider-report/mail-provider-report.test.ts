// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAIL_PROVIDER_REPORT_ORDER_BY,
  MailProviderReportMessages as M,
  NO_MAIL_PROVIDER,
  type MailProviderReportRow,
} from '@console/shared/mail-provider-report';
import { ReportMessages } from '@console/shared/reports';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { buildHistory, type History } from '../message-report/report-history.fixture.ts';

/* The Mail services report against a known history: every figure against a direct count of the events. */

let t: TestApp;
let h: History;
beforeAll(async () => {
  t = await createTestApp();
  h = await buildHistory(t);
});
afterAll(() => t.close());

const WHOLE = { fromDate: '2026-01-01', toDate: '2026-03-31' };
const call = (as: TestUser | null, payload: object) =>
  t.as(as, { method: 'POST', url: '/api/mail-provider-report', payload });
const report = async (as: TestUser, payload: object) => {
  const res = await call(as, payload);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { report: MailProviderReportRow[] }).report;
};

/** The report as the events say it, per mail service (0 = none), for `owner` (null = everyone) and the range. */
async function expected(owner: number | null, range: { fromDate: string; toDate: string }) {
  const { rows } = await t.ctx.db.$client.query<
    Omit<MailProviderReportRow, 'open' | 'open_rate' | 'click_rate' | 'conv_rate'>
  >(
    `select coalesce(e.mail_provider_id, 0) as "mailProviderId", coalesce(p.name, $4) as provider_name,
            count(*) filter (where kind = 1)::int as sent, count(*) filter (where kind = 2)::int as delivered,
            count(*) filter (where kind = 5 and first)::int as views, count(*) filter (where kind = 6 and first)::int as clicks,
            count(*) filter (where kind = 9)::int as conversions,
            coalesce(sum(amount_cents) filter (where kind = 9), 0)::int as profit
     from events e left join mail_providers p on p.id = e.mail_provider_id
     where (e.at at time zone 'UTC')::date between $1::date and $2::date and ($3::int is null or e.user_id = $3)
     group by 1, 2`,
    [range.fromDate, range.toDate, owner, NO_MAIL_PROVIDER],
  );
  const pct = (a: number, b: number) => (b === 0 ? 0 : Math.round((10000 * a) / b) / 100);
  return rows.map((r) => ({
    mailProviderId: r.mailProviderId,
    provider_name: r.provider_name,
    sent: r.sent,
    delivered: r.delivered,
    open: r.views,
    views: r.views,
    clicks: r.clicks,
    conversions: r.conversions,
    open_rate: pct(r.views, r.delivered),
    click_rate: pct(r.clicks, r.delivered),
    conv_rate: pct(r.conversions, r.clicks),
    profit: r.profit,
  }));
}
const byProfit = (rows: MailProviderReportRow[]) =>
  [...rows].sort((a, b) => b.profit - a.profit || b.mailProviderId - a.mailProviderId);

describe('Mail services report: POST mail-provider-report', () => {
  it('gives an administrator every mail service with each figure equal to a count of the events, profit first', async () => {
    const all = await expected(null, WHOLE);
    expect(all.length).toBe(5); // four services and the events without one
    expect(all.find((r) => r.mailProviderId === 0)).toMatchObject({ provider_name: 'Unknown', conversions: 1 });
    const rows = await report(h.admin, WHOLE);
    expect(rows).toEqual(byProfit(all));
    expect(rows.every((r) => r.open === r.views)).toBe(true);
  });

  it('counts UTC days, both dates inclusive: an event at 23:59:59 is in its day, one at 00:00:00 in the next', async () => {
    for (const range of [
      { fromDate: '2026-01-31', toDate: '2026-02-01' }, // month boundary, ends on a Sunday
      { fromDate: '2026-02-02', toDate: '2026-02-02' }, // the Monday alone
      { fromDate: '2026-02-27', toDate: '2026-03-01' }, // February's end to March
      { fromDate: '2026-01-30', toDate: '2026-01-30' },
    ]) {
      const rows = await report(h.admin, range);
      expect(rows, JSON.stringify(range)).toEqual(byProfit(await expected(null, range)));
      expect(rows.length).toBeGreaterThan(0);
    }
    expect(await report(h.admin, { fromDate: '2026-02-03', toDate: '2026-02-26' })).toEqual([]);
  });

  it('computes the rates in percent with 2 decimals, 0 when the divisor is 0', async () => {
    const rows = await report(h.admin, WHOLE);
    const unknown = rows.find((r) => r.mailProviderId === 0)!;
    expect(unknown).toMatchObject({ delivered: 0, clicks: 0, open_rate: 0, click_rate: 0, conv_rate: 0, profit: 999 });
    const gmail = rows.find((r) => r.provider_name === 'Gmail')!;
    expect(gmail.open_rate).toBe(Math.round((10000 * gmail.views) / gmail.delivered) / 100);
    expect(gmail.click_rate).toBe(Math.round((10000 * gmail.clicks) / gmail.delivered) / 100);
    expect(gmail.conv_rate).toBe(Math.round((10000 * gmail.conversions) / gmail.clicks) / 100);
  });

  it('gives an ordinary user their own campaigns only, whatever userId they send', async () => {
    const mine = byProfit(await expected(h.b.id, WHOLE));
    expect(await report(h.b, WHOLE)).toEqual(mine);
    expect(await report(h.b, { ...WHOLE, userId: h.a.id })).toEqual(mine);
    expect(mine.find((r) => r.mailProviderId === 0)).toBeUndefined();
  });

  it("lets an administrator choose one user's figures", async () => {
    expect(await report(h.admin, { ...WHOLE, userId: h.a.id })).toEqual(byProfit(await expected(h.a.id, WHOLE)));
    expect(await report(h.admin, { ...WHOLE, userId: String(h.b.id) })).toEqual(
      byProfit(await expected(h.b.id, WHOLE)),
    );
    expect(await report(h.admin, { ...WHOLE, userId: '' })).toEqual(await report(h.admin, WHOLE));
  });

  it.each(MAIL_PROVIDER_REPORT_ORDER_BY.flatMap((k) => [[k, 'asc'] as const, [k, 'desc'] as const]))(
    'sorts by %s %s',
    async (orderBy, direction) => {
      const all = await expected(null, WHOLE);
      const sign = direction === 'asc' ? 1 : -1;
      const sorted = [...all].sort((x, y) => {
        const a = x[orderBy];
        const b = y[orderBy];
        if (a === b) return sign * (x.mailProviderId - y.mailProviderId);
        return sign * (typeof a === 'string' ? (a < (b as string) ? -1 : 1) : a - (b as number));
      });
      const rows = await report(h.admin, { ...WHOLE, orderBy, direction });
      expect(rows.map((r) => r.mailProviderId)).toEqual(sorted.map((r) => r.mailProviderId));
    },
  );

  it.each([
    [{ fromDate: '2026-02-30', toDate: '2026-03-01' }, 'fromDate', ReportMessages.fromDate],
    [{ fromDate: '2026-02-01', toDate: '01/03/2026' }, 'toDate', ReportMessages.toDate],
    [{ toDate: '2026-03-01' }, 'fromDate', ReportMessages.fromDate],
    [{ fromDate: '2026-03-02', toDate: '2026-03-01' }, 'toDate', ReportMessages.dateOrder],
    [{ ...WHOLE, userId: 'x' }, 'userId', ReportMessages.userId],
    [{ ...WHOLE, userId: -3 }, 'userId', ReportMessages.userId],
    [{ ...WHOLE, orderBy: 'name; drop table users' }, 'orderBy', M.orderBy],
    [{ ...WHOLE, direction: 'ASC' }, 'direction', ReportMessages.direction],
    [{ fromDate: '2026-01-01\u0000', toDate: '2026-03-01' }, 'fromDate', 'Must not contain a NUL character.'],
  ])('refuses %j with 422', async (payload, field, message) => {
    const res = await call(h.admin, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().error[field]).toBe(message);
  });

  it('refuses a call without a token', async () => {
    expect((await call(null, WHOLE)).statusCode).toBe(401);
  });
});
