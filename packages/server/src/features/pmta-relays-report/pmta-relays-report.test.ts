import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RelaysReportMessages, type RelayReport, type RelaysReportRow } from '@console/shared/pmta-relays-report';
import { ReportMessages } from '@console/shared/reports';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { DAYS, eventFigures, relayReportHistory } from '../../../test/pmta-relay-reports-history.ts';

let t: TestApp;
let admin: TestUser;
let h: Awaited<ReturnType<typeof relayReportHistory>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.user({ admin: true });
  h = await relayReportHistory(t, factories(t));
});
afterAll(() => t.close());

const FROM = DAYS[1]!; // 2026-01-31: the 30th is outside
const TO = DAYS[3]!; // 2026-02-08: the 9th is outside
const range = { fromDate: FROM, toDate: TO };
const report = (payload: object, as: TestUser = admin) =>
  t.as(as, { method: 'POST', url: '/api/pmta-relays-report', payload });
const rows = async (payload: object) => {
  const res = await report(payload);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { report: RelaysReportRow[] }).report;
};
const popup = (payload: object, as: TestUser = admin) =>
  t.as(as, { method: 'POST', url: '/api/pmta-relay-report', payload });

/** The expected rows, from `events`: PMTA campaigns' relays with events in the range. */
async function expected(filter: (r: (typeof relayList)[number]) => boolean = () => true) {
  const figures = await eventFigures(t, { from: FROM, to: TO });
  return relayList
    .filter((r) => figures.has(String(r.id)) && filter(r))
    .map((r) => ({
      id: r.id,
      username: r.owner.username,
      isVps: r.isVps,
      ip: r.ip,
      host: r.smtpHost,
      ...figures.get(String(r.id))!,
    }));
}
let relayList: { id: number; owner: TestUser; isVps: boolean; ip: string; smtpHost: string; groupId: number }[];
beforeAll(async () => {
  const servers = await t.ctx.db.$client.query<{ id: number; is_vps: boolean }>('select id, is_vps from pmta_servers');
  const vps = new Map(servers.rows.map((s) => [s.id, s.is_vps]));
  relayList = Object.values(h.relays).map((r) => ({ ...r, isVps: vps.get(r.pmtaServerId)! }));
});

describe('POST /api/pmta-relays-report', () => {
  it('sums every PMTA relay with traffic in the range, as events count them; SMTP traffic never counts', async () => {
    const got = await rows({ ...range, orderBy: 'id', asc: true });
    const want = await expected();
    expect(got).toEqual(want.sort((a, b) => a.id - b.id));
    // The relay that never sent is not listed; every relay that sent is.
    expect(got.map((r) => r.id)).not.toContain(h.relays.a4.id);
    expect(got.map((r) => r.id).sort()).toEqual(
      [h.relays.a1.id, h.relays.a2.id, h.relays.a3.id, h.relays.b1.id, h.relays.b2.id].sort(),
    );
    // With the SMTP events the figures of a1 would be higher: the PMTA report leaves them out.
    const { rows: all } = await t.ctx.db.$client.query<{ n: number }>(
      `select count(*) filter (where kind = 2)::int as n from events where relay_id = $1
         and (at at time zone 'UTC')::date between $2 and $3`,
      [h.relays.a1.id, FROM, TO],
    );
    expect(got.find((r) => r.id === h.relays.a1.id)!.delivered).toBeLessThan(all[0]!.n);
  });

  it('counts both ends of the range and nothing outside it (UTC days)', async () => {
    const one = await rows({ fromDate: DAYS[0], toDate: DAYS[0], orderBy: 'id', asc: true });
    const figures = await eventFigures(t, { from: DAYS[0], to: DAYS[0] });
    expect(one.map((r) => [r.id, r.delivered, r.profit])).toEqual(
      [...figures.entries()].map(([id, f]) => [Number(id), f.delivered, f.profit]).sort((a, b) => a[0]! - b[0]!),
    );
    expect(await rows({ fromDate: '2026-03-01', toDate: '2026-03-31' })).toEqual([]);
  });

  it('filters by relay type, relay group and relay', async () => {
    expect(await rows({ ...range, isVps: true, orderBy: 'id', asc: true })).toEqual(await expected((r) => r.isVps));
    expect(await rows({ ...range, isVps: false, orderBy: 'id', asc: true })).toEqual(await expected((r) => !r.isVps));
    expect(await rows({ ...range, isVps: null, orderBy: 'id', asc: true })).toEqual(await expected());
    const group = await rows({ ...range, relayGroup: h.groups.a1.id, orderBy: 'id', asc: true });
    expect(group).toEqual(await expected((r) => r.groupId === h.groups.a1.id));
    expect(group).toHaveLength(2);
    expect(await rows({ ...range, relayGroup: String(h.groups.b.id), isVps: true })).toEqual(
      await expected((r) => r.groupId === h.groups.b.id && r.isVps),
    );
    expect(await rows({ ...range, relayId: h.relays.b1.id })).toEqual(await expected((r) => r.id === h.relays.b1.id));
    expect(await rows({ ...range, relayGroup: '', relayId: null, isVps: null })).toHaveLength(5);
  });

  it.each([
    ['id', (r: RelaysReportRow) => r.id],
    ['username', (r: RelaysReportRow) => r.username],
    ['isVps', (r: RelaysReportRow) => Number(r.isVps)],
    ['host', (r: RelaysReportRow) => r.host],
    ['delivered', (r: RelaysReportRow) => r.delivered],
    ['bounced', (r: RelaysReportRow) => r.bounced],
    ['infraBounces', (r: RelaysReportRow) => r.infraBounces],
    ['complaints', (r: RelaysReportRow) => r.complaints],
    ['views', (r: RelaysReportRow) => r.views],
    ['clicks', (r: RelaysReportRow) => r.clicks],
    ['conversions', (r: RelaysReportRow) => r.conversions],
    ['profit', (r: RelaysReportRow) => r.profit],
  ] as const)('sorts by %s both ways, ties by id', async (orderBy, key) => {
    for (const asc of [true, false]) {
      const got = await rows({ ...range, orderBy, asc });
      const want = [...got].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        const c = x < y ? -1 : x > y ? 1 : a.id - b.id;
        return asc ? c : -c;
      });
      expect(got.map((r) => r.id)).toEqual(want.map((r) => r.id));
    }
  });

  it('sorts IPs as addresses, and defaults to the most delivered first', async () => {
    const byIp = await rows({ ...range, orderBy: 'ip', asc: true });
    expect(byIp.map((r) => r.ip)).toEqual(['10.1.0.1', '10.1.0.2', '10.1.0.3', '10.2.0.1', '10.2.0.2']);
    const plain = await rows(range);
    const delivered = plain.map((r) => r.delivered);
    expect(delivered).toEqual([...delivered].sort((a, b) => b - a));
  });

  it.each([
    [{ fromDate: '2026-02-30', toDate: TO }, 'fromDate', ReportMessages.fromDate],
    [{ fromDate: FROM }, 'toDate', ReportMessages.toDate],
    [{ fromDate: TO, toDate: FROM }, 'toDate', ReportMessages.dateOrder],
    [{ ...range, orderBy: 'password' }, 'orderBy', RelaysReportMessages.orderBy],
    [{ ...range, asc: 'yes' }, 'asc', ReportMessages.asc],
    [{ ...range, relayGroup: 'x' }, 'relayGroup', ReportMessages.relayGroup],
    [{ ...range, relayId: 0 }, 'relayId', RelaysReportMessages.relayId],
    [{ ...range, isVps: 'VPS' }, 'isVps', 'Relay Type must be true or false.'],
  ])('refuses %j: %s', async (payload, field, message) => {
    const res = await report(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ [field]: message });
  });

  it('is for administrators only', async () => {
    await expectAccess(t, { method: 'POST', url: '/api/pmta-relays-report', admin: true, payload: range });
    expect((await report(range, h.alice)).statusCode).toBe(403);
  });
});

describe('POST /api/pmta-relay-report (the popup)', () => {
  it('gives one relay per day and per mail service, and the total, as events count them', async () => {
    const a1 = h.relays.a1;
    const res = await popup({ relayId: a1.id, ...range });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as RelayReport;
    expect(body.relay).toEqual({
      id: a1.id,
      host: 'mta1.alpha.example',
      ip: '10.1.0.1',
      username: h.alice.username,
      isVps: true,
      groupName: 'Alpha relays',
    });
    const days = await eventFigures(t, { from: FROM, to: TO, relayId: a1.id }, `(at at time zone 'UTC')::date::text`);
    expect(body.days).toEqual([...days.entries()].sort().map(([day, f]) => ({ day, ...f })));
    expect(body.days.map((d) => d.day)).toEqual(['2026-01-31', '2026-02-01', '2026-02-08']);
    const services = await eventFigures(t, { from: FROM, to: TO, relayId: a1.id }, 'coalesce(mail_provider_id, 0)');
    const names: Record<number, string> = {
      0: 'Unknown',
      [h.gmail]: 'Gmail',
      [h.yahoo]: 'Yahoo',
      [h.outlook]: 'Outlook',
    };
    expect(body.mailProviders.map(({ id, name, ...f }) => [id, name, f])).toEqual(
      [...services.entries()]
        .map(([id, f]) => [Number(id), names[Number(id)], f] as const)
        .sort((a, b) => b[2].delivered! - a[2].delivered! || a[0] - b[0]),
    );
    const total = (await eventFigures(t, { from: FROM, to: TO, relayId: a1.id })).get(String(a1.id));
    expect(body.total).toEqual(total);
  });

  it('answers zeros and no rows for a range without traffic; 404 for a relay that does not exist', async () => {
    const res = await popup({ relayId: h.relays.a4.id, ...range });
    expect(res.json()).toMatchObject({
      days: [],
      mailProviders: [],
      total: {
        delivered: 0,
        bounced: 0,
        infraBounces: 0,
        complaints: 0,
        views: 0,
        clicks: 0,
        conversions: 0,
        profit: 0,
      },
    });
    const missing = await popup({ relayId: 999_999, ...range });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(RelaysReportMessages.notFound);
  });

  it.each([
    [{ ...range }, 'relayId', RelaysReportMessages.relayRequired],
    [{ ...range, relayId: '0x10' }, 'relayId', RelaysReportMessages.relayRequired],
    [{ relayId: 1, fromDate: 'yesterday', toDate: TO }, 'fromDate', ReportMessages.fromDate],
    [{ relayId: 1, fromDate: TO, toDate: FROM }, 'toDate', ReportMessages.dateOrder],
  ])('refuses %j: %s', async (payload, field, message) => {
    const res = await popup(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ [field]: message });
  });

  it('is for administrators only', async () => {
    await expectAccess(t, {
      method: 'POST',
      url: '/api/pmta-relay-report',
      admin: true,
      payload: { relayId: h.relays.a1.id, ...range },
    });
    expect((await popup({ relayId: h.relays.a1.id, ...range }, h.alice)).statusCode).toBe(403);
  });
});
