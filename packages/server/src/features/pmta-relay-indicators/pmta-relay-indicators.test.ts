import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventKind, CampaignType } from '@console/shared/enums';
import type { HydraCollection } from '@console/shared/hydra';
import {
  INDICATOR_WINDOW_MAX_DAYS,
  IndicatorMessages as M,
  type RelayIndicator,
} from '@console/shared/pmta-relay-indicators';
import { inTransaction } from '../../db/transaction.ts';
import { recordEvents, type EventInput } from '../../tracking/events.ts';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';
import { computeRelayIndicators } from './pmta-relay-indicators.compute.ts';
import { INDICATORS_REFRESH } from '../../pmta/indicators-refresh.ts';

/*
 * The nightly indicators against a known history: relays of several ages (one older than a year, one
 * created today, one without traffic), three mail services and events without one, PMTA and SMTP
 * campaigns (SMTP never counts, even under a PMTA relay's id), events over 400 days, on both sides of
 * every window's first day and today (never counted). Every figure is checked against a direct count of
 * the `events` table.
 */

const DAY = 86_400_000;
const now = new Date();
const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
/** A moment `daysAgo` UTC days before today, `minute` minutes into that day. */
const dayAt = (daysAgo: number, minute: number) => new Date(todayStart - daysAgo * DAY + minute * 60_000);

let t: TestApp;
let admin: TestUser;
let user: TestUser;
let providers: number[];
const relays: Record<string, { id: number; createdAt: Date; groupId: number; smtpHost: string }> = {};
let groupA: number;
let groupB: number;

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.ctx.db.$client.query(text, params).then((r) => r.rows as T[]);
const compute = async (at = now) => {
  const client = await t.ctx.db.$client.connect();
  try {
    return await computeRelayIndicators(client, at);
  } finally {
    client.release();
  }
};
const list = async (query: string, as: TestUser = admin) => {
  const res = await t.as(as, { method: 'GET', url: `/api/pmta_relay_indicators?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HydraCollection<RelayIndicator>;
};
const all = async (query = '') => (await list(`itemsPerPage=1000&${query}`))['hydra:member'];

/** Events of one relay on given days: delivered, bounced, conversions with amounts, per service and none. */
function history(o: {
  relayId: number | null;
  campaignType: 'smtp' | 'pmta';
  campaignId: number;
  userId: number;
  days: number[];
  seed: number;
}): EventInput[] {
  const out: EventInput[] = [];
  for (const [n, daysAgo] of o.days.entries()) {
    // The first and the last minutes of the day: a window's edges fall between days, never inside one.
    for (const minute of [1, 1438]) {
      for (const [pi, provider] of [providers[0], providers[1], providers[2], null].entries()) {
        if ((n + pi + o.seed) % 4 === 3) continue; // not every service every day
        const base = { ...o, mailProviderId: provider, at: dayAt(daysAgo, minute + pi) };
        const delivered = 1 + ((daysAgo + pi + o.seed) % 4);
        const bounced = (daysAgo + o.seed + pi) % 3;
        for (let i = 0; i < delivered; i++) out.push({ ...base, kind: 'delivered' });
        for (let i = 0; i < bounced; i++) out.push({ ...base, kind: 'bounced' });
        if ((daysAgo + pi) % 2 === 0) {
          out.push({ ...base, kind: 'conversion', amountCents: 100 * ((daysAgo % 7) + 1) + 7 * pi + o.seed });
        }
      }
    }
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  const f = factories(t);
  admin = await t.user({ admin: true });
  user = await t.user();
  const owner1 = await t.user();
  const owner2 = await t.user();
  providers = (await q<{ id: number }>('select id from mail_providers order by id limit 3')).map((r) => r.id);
  const netA = await f.pmtaServer({ owner: owner1, isVps: false });
  const vps = await f.pmtaServer({ owner: owner2, isVps: true });
  groupA = (await f.pmtaRelayGroup({ owner: owner1, name: 'Group A' })).id;
  groupB = (await f.pmtaRelayGroup({ owner: owner2, name: 'Group B' })).id;
  const make = async (
    name: string,
    o: { owner: TestUser; server: number; group: number; createdAt: Date; status?: number; active?: boolean },
  ) => {
    const r = await f.pmtaRelay({
      owner: o.owner,
      pmtaServerId: o.server,
      groupId: o.group,
      smtpHost: `${name}.relays.example.com`,
      status: o.status,
      active: o.active,
    });
    await q('update pmta_relays set created_at = $1 where id = $2', [o.createdAt, r.id]);
    relays[name] = { id: r.id, createdAt: o.createdAt, groupId: o.group, smtpHost: r.smtpHost };
  };
  await make('old', { owner: owner1, server: netA.id, group: groupA, createdAt: dayAt(500, 600) });
  await make('mid', { owner: owner2, server: vps.id, group: groupB, createdAt: dayAt(45, 1000), status: 3 });
  await make('young', { owner: owner1, server: netA.id, group: groupA, createdAt: dayAt(5, 0), active: false });
  await make('idle', { owner: owner2, server: vps.id, group: groupB, createdAt: dayAt(10, 30) });
  await make('today', { owner: owner1, server: netA.id, group: groupA, createdAt: now });

  const pmta1 = await f.pmtaCampaign({ owner: owner1, relayGroupId: groupA });
  const pmta2 = await f.pmtaCampaign({ owner: owner2, relayGroupId: groupB });
  const smtp = await f.smtpCampaign({ owner: owner1 });
  const smtpRelay = await f.smtpRelay({ owner: owner1 });
  const edges = [0, 1, 2, 29, 30, 31, 59, 60, 61, 89, 90, 91, 200, 364, 365, 366, 400];
  const events = [
    ...history({
      relayId: relays.old!.id,
      campaignType: 'pmta',
      campaignId: pmta1.id,
      userId: owner1.id,
      days: edges,
      seed: 0,
    }),
    ...history({
      relayId: relays.mid!.id,
      campaignType: 'pmta',
      campaignId: pmta2.id,
      userId: owner2.id,
      days: [0, 1, 10, 30, 44, 45],
      seed: 1,
    }),
    ...history({
      relayId: relays.young!.id,
      campaignType: 'pmta',
      campaignId: pmta1.id,
      userId: owner1.id,
      days: [0, 1, 4, 5],
      seed: 2,
    }),
    ...history({
      relayId: relays.today!.id,
      campaignType: 'pmta',
      campaignId: pmta1.id,
      userId: owner1.id,
      days: [0],
      seed: 3,
    }),
    // PMTA events without a relay, and SMTP campaigns: under the SMTP relay and under a PMTA relay's number.
    ...history({
      relayId: null,
      campaignType: 'pmta',
      campaignId: pmta2.id,
      userId: owner2.id,
      days: [1, 30],
      seed: 1,
    }),
    ...history({
      relayId: smtpRelay.id,
      campaignType: 'smtp',
      campaignId: smtp.id,
      userId: owner1.id,
      days: [1, 30],
      seed: 2,
    }),
    ...history({
      relayId: relays.old!.id,
      campaignType: 'smtp',
      campaignId: smtp.id,
      userId: owner1.id,
      days: [1, 2, 60],
      seed: 3,
    }),
    ...history({
      relayId: relays.mid!.id,
      campaignType: 'smtp',
      campaignId: smtp.id,
      userId: owner1.id,
      days: [1, 44],
      seed: 0,
    }),
  ];
  await inTransaction(t.ctx.db, (client) => recordEvents(client, events));
  await compute();
}, 120_000);
afterAll(async () => {
  await t.close();
});

interface Expected {
  provider: number | null;
  age: number;
  deliveredPerDay: number;
  bouncedPerDay: number;
  conversionPerDay: number;
  profit90: number;
  profit60: number;
  profit30: number;
  conv90: number;
  conv60: number;
  conv30: number;
  profitPerDay: number;
}

/** A relay's rows computed straight from `events`: windows as whole UTC days ending yesterday. */
async function expectedRows(relay: { id: number; createdAt: Date }): Promise<Expected[]> {
  const created = relay.createdAt;
  const createdDay = Date.UTC(created.getUTCFullYear(), created.getUTCMonth(), created.getUTCDate());
  const age = Math.max(0, Math.round((todayStart - createdDay) / DAY));
  const days = Math.min(Math.max(age, 1), INDICATOR_WINDOW_MAX_DAYS);
  const from = (n: number) => new Date(todayStart - n * DAY);
  const rows = await q<Record<string, string | number | null>>(
    `select case when grouping(coalesce(mail_provider_id, 0)) = 1 then null else coalesce(mail_provider_id, 0) end as p,
       count(*) filter (where kind = ${EventKind.delivered} and at >= $2)::int as delivered,
       count(*) filter (where kind = ${EventKind.bounced} and at >= $2)::int as bounced,
       count(*) filter (where kind = ${EventKind.conversion} and at >= $2)::int as conv,
       coalesce(sum(amount_cents) filter (where kind = ${EventKind.conversion} and at >= $2), 0)::int as profit,
       coalesce(sum(amount_cents) filter (where kind = ${EventKind.conversion} and at >= $3), 0)::int as profit90,
       coalesce(sum(amount_cents) filter (where kind = ${EventKind.conversion} and at >= $4), 0)::int as profit60,
       coalesce(sum(amount_cents) filter (where kind = ${EventKind.conversion} and at >= $5), 0)::int as profit30,
       count(*) filter (where kind = ${EventKind.conversion} and at >= $3)::int as conv90,
       count(*) filter (where kind = ${EventKind.conversion} and at >= $4)::int as conv60,
       count(*) filter (where kind = ${EventKind.conversion} and at >= $5)::int as conv30
     from events
     where campaign_type = ${CampaignType.PMTA} and relay_id = $1 and at >= least($2, $3) and at < $6
     group by grouping sets ((), (coalesce(mail_provider_id, 0)))`,
    [relay.id, from(days), from(90), from(60), from(30), new Date(todayStart)],
  );
  const total = rows.find((r) => r.p === null);
  const zero = {
    delivered: 0,
    bounced: 0,
    conv: 0,
    profit: 0,
    profit90: 0,
    profit60: 0,
    profit30: 0,
    conv90: 0,
    conv60: 0,
    conv30: 0,
  };
  const shape = (p: number | null, r: Record<string, unknown>): Expected => ({
    provider: p,
    age,
    deliveredPerDay: Number(r.delivered) / days,
    bouncedPerDay: Number(r.bounced) / days,
    conversionPerDay: Number(r.conv) / days,
    profit90: Number(r.profit90),
    profit60: Number(r.profit60),
    profit30: Number(r.profit30),
    conv90: Number(r.conv90),
    conv60: Number(r.conv60),
    conv30: Number(r.conv30),
    profitPerDay: Number(r.profit) / days / 100,
  });
  return [
    shape(null, total ?? zero),
    ...rows
      .filter((r) => r.p !== null && r.p !== 0)
      .map((r) => shape(Number(r.p), r))
      .sort((a, b) => a.provider! - b.provider!),
  ];
}

const figures = (r: RelayIndicator): Expected => ({
  provider: r.mailProvider?.id ?? null,
  age: r.age,
  deliveredPerDay: r.deliveredPerDay,
  bouncedPerDay: r.bouncedPerDay,
  conversionPerDay: r.conversionPerDay,
  profit90: r.profit90,
  profit60: r.profit60,
  profit30: r.profit30,
  conv90: r.conv90,
  conv60: r.conv60,
  conv30: r.conv30,
  profitPerDay: r.profitPerDay,
});

describe('the nightly indicators', () => {
  it.each(['old', 'mid', 'young', 'idle', 'today'])(
    'equal a direct count of the events for the %s relay',
    async (name) => {
      const relay = relays[name]!;
      const expected = await expectedRows(relay);
      const rows = (await all()).filter((r) => r.pmtaRelay.id === relay.id).map(figures);
      expect(rows).toHaveLength(expected.length);
      for (const [i, e] of expected.entries()) {
        const r = rows[i]!;
        expect({ ...r, deliveredPerDay: 0, bouncedPerDay: 0, conversionPerDay: 0, profitPerDay: 0 }).toEqual({
          ...e,
          deliveredPerDay: 0,
          bouncedPerDay: 0,
          conversionPerDay: 0,
          profitPerDay: 0,
        });
        expect(r.deliveredPerDay).toBeCloseTo(e.deliveredPerDay, 10);
        expect(r.bouncedPerDay).toBeCloseTo(e.bouncedPerDay, 10);
        expect(r.conversionPerDay).toBeCloseTo(e.conversionPerDay, 10);
        expect(r.profitPerDay).toBeCloseTo(e.profitPerDay, 10);
      }
    },
  );

  it('has traffic where the test expects it (the history is not empty)', async () => {
    const [old] = await expectedRows(relays.old!);
    expect(old!.age).toBe(500);
    expect(old!.deliveredPerDay).toBeGreaterThan(0);
    expect(old!.profit30).toBeGreaterThan(0);
    expect(old!.profit90).toBeGreaterThan(old!.profit60);
    const rows = await all();
    expect(rows.find((r) => r.pmtaRelay.id === relays.today!.id && !r.mailProvider)).toMatchObject({
      age: 0,
      deliveredPerDay: 0,
      profitPerDay: 0,
    });
    // Today's traffic of the new relay is not counted, so it has no per-service rows yet.
    expect(rows.filter((r) => r.pmtaRelay.id === relays.today!.id)).toHaveLength(1);
  });

  it('gives every row the relay, its group, its server type and when the set was computed', async () => {
    const row = (await all()).find((r) => r.pmtaRelay.id === relays.mid!.id && !r.mailProvider)!;
    expect(row.pmtaRelay).toEqual({
      id: relays.mid!.id,
      smtpHost: 'mid.relays.example.com',
      ip: expect.stringMatching(/^127\.\d+\.\d+\.\d+$/),
      status: 3,
      active: true,
      group: { id: groupB, name: 'Group B' },
      pmtaServer: { id: expect.any(Number), isVps: true },
    });
    expect(row.computedAt).toBe(now.toISOString());
  });

  it('replaces the whole set: a stale row goes, nothing doubles', async () => {
    const before = await all();
    // A row of last night for a service the idle relay never sent to.
    await q(
      `insert into pmta_relay_indicators (relay_id, mail_provider_id, age, delivered_per_day, bounced_per_day,
         conversion_per_day, profit90, profit60, profit30, conv90, conv60, conv30, profit_per_day)
       values ($1, $2, 9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)`,
      [relays.idle!.id, providers[0]],
    );
    expect(await all()).toHaveLength(before.length + 1);
    const later = new Date(now.getTime() + 1000);
    await compute(later);
    const again = await all();
    expect(again).toHaveLength(before.length);
    expect(again.every((r) => r.computedAt === later.toISOString())).toBe(true);
    expect(again.map((r) => [r.pmtaRelay.id, r.mailProvider?.id ?? null])).toEqual(
      before.map((r) => [r.pmtaRelay.id, r.mailProvider?.id ?? null]),
    );
    await compute();
  });

  it('runs as the nightly job', async () => {
    await q('update pmta_relay_indicators set computed_at = $1', [new Date(todayStart - 3 * DAY)]);
    await t.ctx.jobs.send(INDICATORS_REFRESH, {});
    const rows = await eventually(async () => {
      const r = await all();
      return r.every((x) => Date.parse(x.computedAt) > todayStart - DAY) && r.length ? r : undefined;
    }, 30_000);
    expect(rows.filter((r) => !r.mailProvider)).toHaveLength(Object.keys(relays).length);
    await compute();
  });
});

describe('GET /api/pmta_relay_indicators', () => {
  it('filters the all-services rows, one service, a group, the relay type and the host', async () => {
    const rows = await all();
    const allServices = await all('mailProvider[exists]=false');
    expect(allServices.map((r) => r.pmtaRelay.id).sort()).toEqual(
      Object.values(relays)
        .map((r) => r.id)
        .sort(),
    );
    expect(allServices.every((r) => r.mailProvider === null)).toBe(true);
    const perService = await all('mailProvider[exists]=true');
    expect(perService.length + allServices.length).toBe(rows.length);
    const p1 = await all(`mailProvider.id=${providers[0]}`);
    expect(p1.length).toBeGreaterThan(0);
    expect(p1).toEqual(rows.filter((r) => r.mailProvider?.id === providers[0]));
    const a = await all(`pmtaRelay.group.id=${groupA}`);
    expect(new Set(a.map((r) => r.pmtaRelay.id))).toEqual(
      new Set([relays.old!.id, relays.young!.id, relays.today!.id]),
    );
    const iri = await all(`pmtaRelay.group.id=/api/pmta_relay_groups/${groupA}`);
    expect(iri).toEqual(a);
    const vps = await all('pmtaRelay.pmtaServer.isVps=true');
    expect(new Set(vps.map((r) => r.pmtaRelay.id))).toEqual(new Set([relays.mid!.id, relays.idle!.id]));
    const net = await all('pmtaRelay.pmtaServer.isVps=false&mailProvider[exists]=false');
    expect(net.map((r) => r.pmtaRelay.id).sort()).toEqual([relays.old!.id, relays.young!.id, relays.today!.id].sort());
    const host = await all('pmtaRelay.smtpHost=%20MID.relays%20');
    expect(host.length).toBeGreaterThan(1);
    expect(host.every((r) => r.pmtaRelay.id === relays.mid!.id)).toBe(true);
    expect(await all('pmtaRelay.smtpHost=%25')).toEqual([]);
    expect(await all('groups[]=report_read')).toEqual(rows);
  });

  it('orders by the relay (all services first) by default, and by any column asked', async () => {
    const rows = await all();
    const keys = rows.map((r) => [r.pmtaRelay.id, r.mailProvider?.id ?? 0]);
    expect(keys).toEqual([...keys].sort((x, y) => x[0]! - y[0]! || x[1]! - y[1]!));
    const desc = (await all('order[profitPerDay]=desc')).map((r) => r.profitPerDay);
    expect(desc).toEqual([...desc].sort((x, y) => y - x));
    expect(new Set(desc).size).toBeGreaterThan(3);
    const conv = (await all('order[conv90]=asc')).map((r) => r.conv90);
    expect(conv).toEqual([...conv].sort((x, y) => x - y));
    const hosts = (await all('order[pmtaRelay.smtpHost]=desc')).map((r) => r.pmtaRelay.smtpHost);
    expect(hosts).toEqual([...hosts].sort().reverse());
    const services = (await all('order[mailProvider.name]=asc&mailProvider[exists]=true')).map(
      (r) => r.mailProvider!.name,
    );
    expect(services).toEqual([...services].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    const ages = (await all('order[age]=desc')).map((r) => r.age);
    expect(ages[0]).toBe(500);
  });

  it('pages', async () => {
    const rows = await all();
    const page = await list('itemsPerPage=3&_page=2');
    expect(page['hydra:totalItems']).toBe(rows.length);
    expect(page['hydra:member']).toEqual(rows.slice(3, 6));
    const past = await list('itemsPerPage=3&_page=99');
    expect(past).toEqual({ 'hydra:member': [], 'hydra:totalItems': rows.length });
  });

  it.each([
    ['pmtaRelay.group.id=abc'],
    ['pmtaRelay.group.id=0x10'],
    ['mailProvider.id=-1'],
    ['pmtaRelay.pmtaServer.isVps=maybe'],
    ['mailProvider[exists]=2'],
    ['order[profitPerDay]=up'],
    ['itemsPerPage=0'],
    ['_page=abc'],
    [`pmtaRelay.smtpHost=${'x'.repeat(300)}`],
  ])('refuses %s with 422', async (query) => {
    const res = await t.as(admin, { method: 'GET', url: `/api/pmta_relay_indicators?${query}` });
    expect(res.statusCode, res.body).toBe(422);
  });

  it('is for administrators only', async () => {
    await expectAccess(t, { method: 'GET', url: '/api/pmta_relay_indicators', admin: true });
    expect((await t.as(user, { method: 'GET', url: '/api/pmta_relay_indicators' })).statusCode).toBe(403);
  });
});

describe('POST /api/pmta-relay-indicator-report-xlsx', () => {
  const xlsx = (payload: object, as: TestUser = admin) =>
    t.as(as, { method: 'POST', url: '/api/pmta-relay-indicator-report-xlsx', payload });
  const sheetOf = async (payload: object) => {
    const res = await xlsx(payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('pmta-relay-indicator-report.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: ExcelJS.CellValue[][] = [];
    sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    return rows;
  };

  it('streams the filtered rows in the asked order, numbers as numbers', async () => {
    const rows = await sheetOf({
      'mailProvider[exists]': false,
      'pmtaRelay.group.id': groupA,
      order: { profitPerDay: 'desc' },
    });
    const expected = await all(`mailProvider[exists]=false&pmtaRelay.group.id=${groupA}&order[profitPerDay]=desc`);
    expect(rows[0]).toEqual([
      'ID',
      'SMTP Host',
      'IP',
      'Group',
      'Type',
      'Mail Service',
      'Age',
      'Delivered / day',
      'Bounced / day',
      'Conv / day',
      'Profit 90',
      'Profit 60',
      'Profit 30',
      'Conv 90',
      'Conv 60',
      'Conv 30',
      'Profit / day',
      'Status',
      'Active',
      'Generated',
    ]);
    expect(rows.slice(1)).toHaveLength(expected.length);
    for (const [i, e] of expected.entries()) {
      const r = rows[i + 1]!;
      expect(r.slice(0, 19)).toEqual([
        e.pmtaRelay.id,
        e.pmtaRelay.smtpHost,
        e.pmtaRelay.ip,
        'Group A',
        'Net',
        'All services',
        e.age,
        e.deliveredPerDay,
        e.bouncedPerDay,
        e.conversionPerDay,
        e.profit90 / 100,
        e.profit60 / 100,
        e.profit30 / 100,
        e.conv90,
        e.conv60,
        e.conv30,
        e.profitPerDay,
        'Neutral',
        e.pmtaRelay.active ? 'Yes' : 'No',
      ]);
      expect((r[19] as Date).toISOString()).toBe(e.computedAt);
    }
  });

  it('exports one service of VPS relays', async () => {
    const rows = await sheetOf({ 'mailProvider.id': String(providers[1]), 'pmtaRelay.pmtaServer.isVps': 'true' });
    const expected = await all(`mailProvider.id=${providers[1]}&pmtaRelay.pmtaServer.isVps=true`);
    expect(rows.slice(1).map((r) => [r[0], r[4], r[10]])).toEqual(
      expected.map((e) => [e.pmtaRelay.id, 'VPS', e.profit90 / 100]),
    );
    expect(expected.length).toBeGreaterThan(0);
  });

  it('refuses the SMTP Host filter', async () => {
    const res = await xlsx({ 'pmtaRelay.smtpHost': 'mid' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: M.filterNotSupported });
    // A blank host is no filter.
    expect((await xlsx({ 'pmtaRelay.smtpHost': '  ' })).statusCode).toBe(200);
  });

  it.each([
    [{ 'pmtaRelay.group.id': 'abc' }, 'pmtaRelay.group.id', M.group],
    [{ 'mailProvider.id': 1.5 }, 'mailProvider.id', M.mailProvider],
    [{ 'pmtaRelay.pmtaServer.isVps': 'maybe' }, 'pmtaRelay.pmtaServer.isVps', M.isVps],
    [{ order: { profitPerDay: 'up' } }, 'order.profitPerDay', M.order],
  ])('refuses %j', async (payload, field, message) => {
    const res = await xlsx(payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error[field]).toBe(message);
  });

  it('is for administrators only', async () => {
    await expectAccess(t, { method: 'POST', url: '/api/pmta-relay-indicator-report-xlsx', admin: true, payload: {} });
  });
});
