// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_LIST_REPORT_ORDER_BY,
  EmailListReportMessages as M,
  type EmailListReportRow,
} from '@console/shared/email-list-report';
import { ReportMessages } from '@console/shared/reports';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { buildHistory, type History } from '../message-report/report-history.fixture.ts';

/* The E-mail list report against a known history: every figure against a direct count of the events. */

let t: TestApp;
let h: History;
beforeAll(async () => {
  t = await createTestApp();
  h = await buildHistory(t);
});
afterAll(() => t.close());

const WHOLE = { fromDate: '2026-01-01', toDate: '2026-03-31' };
const call = (as: TestUser | null, payload: object) =>
  t.as(as, { method: 'POST', url: '/api/email-list-report', payload });
const report = async (as: TestUser, payload: object) => {
  const res = await call(as, payload);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { report: EmailListReportRow[] }).report;
};

/** Per list: the campaigns with any event in the range, their profit, the profit per campaign. */
async function expected(owner: number | null, range: { fromDate: string; toDate: string }) {
  const { rows } = await t.ctx.db.$client.query<Omit<EmailListReportRow, 'profitPerCampaign'>>(
    `select l.id as "emailListId", l.name as "emailListName", count(distinct c.id)::int as "campaignCount",
            coalesce(sum(e.amount_cents) filter (where e.kind = 9), 0)::int as profit
     from events e
     join campaigns c on c.id = e.campaign_id and c.type = e.campaign_type
     join email_lists l on l.id = c.email_list_id
     where (e.at at time zone 'UTC')::date between $1::date and $2::date and ($3::int is null or e.user_id = $3)
     group by l.id`,
    [range.fromDate, range.toDate, owner],
  );
  return rows.map((r) => ({ ...r, profitPerCampaign: r.profit / r.campaignCount }));
}
const sortBy = (rows: EmailListReportRow[], key: keyof EmailListReportRow, direction: 'asc' | 'desc') => {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => {
    const a = x[key];
    const b = y[key];
    if (a === b) return sign * (x.emailListId - y.emailListId);
    return sign * (typeof a === 'string' ? (a < (b as string) ? -1 : 1) : a - (b as number));
  });
};
const rounded = (rows: EmailListReportRow[]) =>
  rows.map((r) => ({ ...r, profitPerCampaign: Math.round(r.profitPerCampaign * 1e6) / 1e6 }));

describe('E-mail list report: POST email-list-report', () => {
  it('gives an administrator every list with each figure equal to a count of the events, best per campaign first', async () => {
    const all = await expected(null, WHOLE);
    expect(all.map((r) => [r.emailListName, r.campaignCount]).sort()).toEqual([
      ['Alice extra', 1], // a5 never sent: it is not counted
      ['Alice main', 3],
      ['Bob list', 2],
    ]);
    const rows = await report(h.admin, WHOLE);
    expect(rounded(rows)).toEqual(rounded(sortBy(all, 'profitPerCampaign', 'desc')));
  });

  it('counts only the campaigns with activity in the range (UTC days, both dates inclusive)', async () => {
    for (const range of [
      { fromDate: '2026-01-30', toDate: '2026-01-30' },
      { fromDate: '2026-01-31', toDate: '2026-02-01' },
      { fromDate: '2026-02-02', toDate: '2026-02-02' },
      { fromDate: '2026-02-27', toDate: '2026-03-01' },
    ]) {
      const rows = await report(h.admin, range);
      expect(rounded(rows), JSON.stringify(range)).toEqual(
        rounded(sortBy(await expected(null, range), 'profitPerCampaign', 'desc')),
      );
    }
    // 2026-02-27 .. 03-01: only a2 and a3 (Alice) and b2 (Bob) sent.
    const late = await report(h.admin, { fromDate: '2026-02-27', toDate: '2026-03-01' });
    expect(late.map((r) => [r.emailListName, r.campaignCount]).sort()).toEqual([
      ['Alice extra', 1],
      ['Alice main', 1],
      ['Bob list', 1],
    ]);
    expect(await report(h.admin, { fromDate: '2026-02-03', toDate: '2026-02-26' })).toEqual([]);
  });

  it('gives an ordinary user their own campaigns only, whatever userId they send', async () => {
    const mine = rounded(sortBy(await expected(h.a.id, WHOLE), 'profitPerCampaign', 'desc'));
    expect(mine.map((r) => r.emailListName).sort()).toEqual(['Alice extra', 'Alice main']);
    expect(rounded(await report(h.a, WHOLE))).toEqual(mine);
    expect(rounded(await report(h.a, { ...WHOLE, userId: h.b.id }))).toEqual(mine);
  });

  it("lets an administrator choose one user's lists", async () => {
    const bob = await report(h.admin, { ...WHOLE, userId: h.b.id });
    expect(rounded(bob)).toEqual(rounded(await expected(h.b.id, WHOLE)));
    expect(bob.map((r) => r.emailListName)).toEqual(['Bob list']);
  });

  it.each(EMAIL_LIST_REPORT_ORDER_BY.flatMap((k) => [[k, 'asc'] as const, [k, 'desc'] as const]))(
    'sorts by %s %s',
    async (orderBy, direction) => {
      const rows = await report(h.admin, { ...WHOLE, orderBy, direction });
      const all = await expected(null, WHOLE);
      expect(rows.map((r) => r.emailListId)).toEqual(sortBy(all, orderBy, direction).map((r) => r.emailListId));
    },
  );

  it.each([
    [{ fromDate: '2026-13-01', toDate: '2026-03-01' }, 'fromDate', ReportMessages.fromDate],
    [{ fromDate: '2026-02-01', toDate: 20260301 }, 'toDate', ReportMessages.toDate],
    [{ fromDate: '2026-03-02', toDate: '2026-03-01' }, 'toDate', ReportMessages.dateOrder],
    [{ ...WHOLE, userId: '07' }, 'userId', ReportMessages.userId],
    [{ ...WHOLE, orderBy: 'emailListId' }, 'orderBy', M.orderBy],
    [{ ...WHOLE, direction: 1 }, 'direction', ReportMessages.direction],
  ])('refuses %j with 422', async (payload, field, message) => {
    const res = await call(h.admin, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().error[field]).toBe(message);
  });

  it('refuses a call without a token', async () => {
    expect((await call(null, WHOLE)).statusCode).toBe(401);
  });
});
