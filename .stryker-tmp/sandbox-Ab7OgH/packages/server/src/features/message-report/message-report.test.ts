// @ts-nocheck
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGE_REPORT_ORDER_BY,
  MessageReportMessages as M,
  MessageReportTitles,
  type MessageReportOrder,
  type MessageReportRow,
} from '@console/shared/message-report';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { buildHistory, type History } from './report-history.fixture.ts';

/* The Message report against a known history: every figure against a direct count of the events. */

let t: TestApp;
let h: History;
beforeAll(async () => {
  t = await createTestApp();
  h = await buildHistory(t);
});
afterAll(() => t.close());

type Page = { 'hydra:member': MessageReportRow[]; 'hydra:totalItems': number };
const list = async (as: TestUser | null, query = '') => {
  const res = await t.as(as, { method: 'GET', url: `/api/message_reports${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const ids = (p: Page) => p['hydra:member'].map((r) => r.id);

interface Expected extends MessageReportRow {
  owner: number;
  archived: boolean;
}

/** The report as the events say it: per message any campaign used, all its campaigns' events. */
async function expected(): Promise<Expected[]> {
  const { rows } = await t.ctx.db.$client.query<{
    id: number;
    name: string;
    owner: number;
    archived: boolean;
    delivered: number;
    clicked: number;
    conversions: number;
    profit: number;
  }>(`
    select m.id, m.name, m.user_id as owner, m.archive is not null as archived,
           count(e.*) filter (where e.kind = 2)::int as delivered,
           count(e.*) filter (where e.kind = 6 and e.first)::int as clicked,
           count(e.*) filter (where e.kind = 9)::int as conversions,
           coalesce(sum(e.amount_cents) filter (where e.kind = 9), 0)::int as profit
    from messages m
    join campaigns c on c.message_id = m.id
    left join events e on e.campaign_type = c.type and e.campaign_id = c.id
    group by m.id
    order by m.id desc`);
  const div = (a: number, b: number) => (b === 0 ? null : a / b);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    owner: r.owner,
    archived: r.archived,
    report: {
      delivered: r.delivered,
      clicked: r.clicked,
      deliveredToOneClick: div(r.delivered, r.clicked),
      conversions: r.conversions,
      clickedToOneConversion: div(r.clicked, r.conversions),
      profit: r.profit,
      profitToOneConversion: div(r.profit, r.conversions),
    },
  }));
}
const shape = (e: Expected[]): MessageReportRow[] => e.map(({ id, name, report }) => ({ id, name, report }));
const closeTo = (rows: MessageReportRow[]) =>
  rows.map((r) => ({
    ...r,
    report: Object.fromEntries(
      Object.entries(r.report).map(([k, v]) => [k, v === null ? null : Math.round(v * 1e9) / 1e9]),
    ),
  }));

/** A figure of a row by the order key. */
const valueOf = (r: MessageReportRow, key: MessageReportOrder): number | string | null =>
  key === 'id' ? r.id : key === 'name' ? r.name : r.report[key];

/** PostgreSQL's order: nulls last ascending, first descending; then the newest message first. */
function sortLike(rows: MessageReportRow[], key: MessageReportOrder, dir: 'asc' | 'desc') {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => {
    const a = valueOf(x, key);
    const b = valueOf(y, key);
    if (a === b) return y.id - x.id;
    if (a === null) return sign;
    if (b === null) return -sign;
    if (typeof a === 'string' && typeof b === 'string') return sign * (a < b ? -1 : 1);
    return sign * ((a as number) - (b as number));
  });
}

describe('Message report: GET message_reports', () => {
  it('gives an administrator every used message with each figure equal to a count of the events', async () => {
    const all = await expected();
    // The history: messages of both users, archived and current, one used but never sent; a draft no campaign used.
    expect(all.map((r) => r.name).sort()).toEqual(['Bob news', 'Never sent', 'Spring sale', 'Winter sale']);
    expect(all.find((r) => r.name === 'Spring sale')!.report.conversions).toBeGreaterThan(0);
    const page = await list(h.admin);
    expect(page['hydra:totalItems']).toBe(4);
    expect(closeTo(page['hydra:member'])).toEqual(closeTo(shape(all)));
    expect(ids(page)).not.toContain(h.messages.aUnused.id);
  });

  it('says null for a ratio whose divisor is 0 (the screen shows the infinity sign)', async () => {
    const page = await list(h.admin);
    const silent = page['hydra:member'].find((r) => r.id === h.messages.aSilent.id)!;
    expect(silent.report).toEqual({
      delivered: 0,
      clicked: 0,
      deliveredToOneClick: null,
      conversions: 0,
      clickedToOneConversion: null,
      profit: 0,
      profitToOneConversion: null,
    });
    for (const r of page['hydra:member']) {
      expect(r.report.deliveredToOneClick === null).toBe(r.report.clicked === 0);
      expect(r.report.profitToOneConversion === null).toBe(r.report.conversions === 0);
    }
  });

  it('sums a message over the campaigns of both kinds that sent it', async () => {
    const page = await list(h.admin);
    const spring = page['hydra:member'].find((r) => r.id === h.messages.aCurrent.id)!;
    const { rows } = await t.ctx.db.$client.query<{ type: number; n: number }>(
      `select e.campaign_type as type, count(*)::int as n from events e where e.kind = 2 and e.campaign_id = any($1)
       group by 1 order by 1`,
      [[h.campaigns.a1.id, h.campaigns.a2.id]],
    );
    expect(rows.map((r) => r.type)).toEqual([1, 2]);
    expect(spring.report.delivered).toBe(rows[0]!.n + rows[1]!.n);
  });

  it('gives an ordinary user their own messages only, whatever userId they send', async () => {
    const mine = shape((await expected()).filter((r) => r.owner === h.a.id));
    expect(closeTo((await list(h.a))['hydra:member'])).toEqual(closeTo(mine));
    expect(closeTo((await list(h.a, `?userId=${h.b.id}`))['hydra:member'])).toEqual(closeTo(mine));
    expect(ids(await list(h.b, `?userId=${h.a.id}`))).toEqual([h.messages.bCurrent.id]);
  });

  it("lets an administrator choose one user's messages", async () => {
    expect(ids(await list(h.admin, `?userId=${h.b.id}`))).toEqual([h.messages.bCurrent.id]);
    expect(ids(await list(h.admin, `?userId=${h.a.id}`))).toEqual([
      h.messages.aSilent.id,
      h.messages.aArchived.id,
      h.messages.aCurrent.id,
    ]);
    expect((await list(h.admin, '?userId='))['hydra:totalItems']).toBe(4);
  });

  it('filters by archive status: archive, current, all', async () => {
    expect(ids(await list(h.admin, '?archiveStatus=archive'))).toEqual([h.messages.aArchived.id]);
    expect(ids(await list(h.admin, '?archiveStatus=current'))).toEqual([
      h.messages.bCurrent.id,
      h.messages.aSilent.id,
      h.messages.aCurrent.id,
    ]);
    expect((await list(h.admin, '?archiveStatus=all'))['hydra:totalItems']).toBe(4);
    expect(ids(await list(h.b, '?archiveStatus=archive'))).toEqual([]);
  });

  it.each(MESSAGE_REPORT_ORDER_BY.flatMap((k) => [[k, 'asc'] as const, [k, 'desc'] as const]))(
    'sorts by %s %s',
    async (key, dir) => {
      const all = shape(await expected());
      const page = await list(h.admin, `?order[${key}]=${dir}`);
      expect(ids(page)).toEqual(sortLike(all, key, dir).map((r) => r.id));
    },
  );

  it('pages: itemsPerPage and _page, the total on every page', async () => {
    const all = ids(await list(h.admin, '?order[delivered]=desc'));
    const p1 = await list(h.admin, '?order[delivered]=desc&itemsPerPage=3&_page=1');
    const p2 = await list(h.admin, '?order[delivered]=desc&itemsPerPage=3&_page=2');
    expect([...ids(p1), ...ids(p2)]).toEqual(all);
    expect(p2['hydra:totalItems']).toBe(4);
  });

  it.each([
    ['archiveStatus=old', 'archiveStatus', M.archiveStatus],
    ['userId=abc', 'userId', M.userId],
    ['userId=0x10', 'userId', M.userId],
    ['userId=-1', 'userId', M.userId],
    ['userId=%00', 'userId', 'Must not contain a NUL character.'],
    ['_page=0', '_page', 'Invalid page.'],
    ['itemsPerPage=1e1', 'itemsPerPage', 'Invalid itemsPerPage.'],
  ])('refuses %s with 422 (%s: %s)', async (query, field, message) => {
    const res = await t.as(h.admin, { method: 'GET', url: `/api/message_reports?${query}` });
    expect(res.statusCode).toBe(422);
    expect(res.json().error[field]).toBe(message);
  });

  it('refuses a sort direction that is not asc or desc, and a call without a token', async () => {
    const res = await t.as(h.admin, { method: 'GET', url: '/api/message_reports?order[profit]=sideways' });
    expect(res.statusCode).toBe(422);
    expect((await t.as(null, { method: 'GET', url: '/api/message_reports' })).statusCode).toBe(401);
  });
});

/** Reads the export back: header titles, the rows' cells, the sheet's frozen pane. */
async function exported(as: TestUser, payload: object) {
  const res = await t.as(as, { method: 'POST', url: '/api/message-report-xlsx', payload });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(res.headers['content-disposition']).toBe('attachment; filename="message-report.xlsx"');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
  const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => values(i + 2));
  return { sheet, header: values(1), rows };
}

describe('Message report: POST message-report-xlsx', () => {
  const TITLES = MESSAGE_REPORT_ORDER_BY.map((k) => MessageReportTitles[k]);

  it("streams the list's rows as typed cells under the screen's titles, header row frozen", async () => {
    const all = await expected();
    const { sheet, header, rows } = await exported(h.admin, {});
    expect(header).toEqual(TITLES);
    expect(header).toEqual([
      'ID',
      'Name',
      'Delivered',
      'Clicked',
      'Click:Delivery',
      'Conversions',
      'Conversion:Click',
      'Profit',
      'Conversion:Profit',
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(rows.length).toBe(all.length);
    rows.forEach((cells, i) => {
      const e = all[i]!.report;
      expect(cells[0]).toBe(all[i]!.id);
      expect(cells[1]).toBe(all[i]!.name);
      expect(cells.slice(2, 4)).toEqual([e.delivered, e.clicked]);
      if (e.deliveredToOneClick === null) expect(cells[4]).toBeUndefined();
      else expect(cells[4]).toBeCloseTo(e.deliveredToOneClick, 9);
      expect(cells[5]).toBe(e.conversions);
      if (e.clickedToOneConversion === null) expect(cells[6]).toBeUndefined();
      else expect(cells[6]).toBeCloseTo(e.clickedToOneConversion, 9);
      expect(cells[7]).toBeCloseTo(e.profit / 100, 9);
      if (e.profitToOneConversion === null) expect(cells[8]).toBeUndefined();
      else expect(cells[8]).toBeCloseTo(e.profitToOneConversion / 100, 9);
      for (const c of [cells[0], cells[2], cells[3], cells[5], cells[7]]) expect(typeof c).toBe('number');
    });
    expect(sheet.getRow(2).getCell(8).numFmt).toBe('0.00');
  });

  it('takes the filter as JSON: userId, archiveStatus, orderBy and direction', async () => {
    const all = shape(await expected());
    const ofB = await exported(h.admin, { userId: h.b.id });
    expect(ofB.rows.map((r) => r[0])).toEqual([h.messages.bCurrent.id]);
    const archived = await exported(h.admin, { archiveStatus: 'archive' });
    expect(archived.rows.map((r) => r[0])).toEqual([h.messages.aArchived.id]);
    const byProfit = await exported(h.admin, { orderBy: 'profitToOneConversion', direction: 'asc' });
    expect(byProfit.rows.map((r) => r[0])).toEqual(sortLike(all, 'profitToOneConversion', 'asc').map((r) => r.id));
    const byName = await exported(h.admin, { orderBy: 'name', direction: 'desc' });
    expect(byName.rows.map((r) => r[1])).toEqual(['Winter sale', 'Spring sale', 'Never sent', 'Bob news']);
  });

  it("gives an ordinary user their own messages only, whatever userId they send; an empty file when there's nothing", async () => {
    const mine = (await expected()).filter((r) => r.owner === h.b.id).map((r) => r.id);
    expect((await exported(h.b, { userId: h.a.id })).rows.map((r) => r[0])).toEqual(mine);
    const none = await exported(h.b, { archiveStatus: 'archive' });
    expect(none.rows).toEqual([]);
    expect(none.header).toEqual(TITLES);
  });

  it.each([
    [{ archiveStatus: 'old' }, 'archiveStatus', M.archiveStatus],
    [{ userId: 'abc' }, 'userId', M.userId],
    [{ userId: 2 ** 31 }, 'userId', M.userId],
    [{ orderBy: 'password' }, 'orderBy', M.orderBy],
    [{ direction: 'up' }, 'direction', M.direction],
  ])('refuses %j with 422', async (payload, field, message) => {
    const res = await t.as(h.admin, { method: 'POST', url: '/api/message-report-xlsx', payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().error[field]).toBe(message);
  });

  it('refuses a call without a token', async () => {
    expect((await t.as(null, { method: 'POST', url: '/api/message-report-xlsx', payload: {} })).statusCode).toBe(401);
  });
});
