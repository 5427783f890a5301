import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailServiceReportMessages, type MailServiceReportRow } from '@console/shared/pmta-relays-mail-service-report';
import { ReportMessages, utcDay } from '@console/shared/reports';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { DAYS, eventFigures, relayReportHistory } from '../../../test/pmta-relay-reports-history.ts';

let t: TestApp;
let admin: TestUser;
let h: Awaited<ReturnType<typeof relayReportHistory>>;
let relays: { id: number; userId: number; isVps: boolean; groupName: string; active: boolean }[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.user({ admin: true });
  h = await relayReportHistory(t, factories(t));
  const { rows } = await t.ctx.db.$client.query<(typeof relays)[number]>(
    `select r.id, r.user_id as "userId", s.is_vps as "isVps", g.name as "groupName", r.active
     from pmta_relays r join pmta_servers s on s.id = r.pmta_server_id join pmta_relay_groups g on g.id = r.group_id
     order by r.id`,
  );
  relays = rows;
  // a2 is switched off for Gmail; a1 explicitly on. Speeds for Gmail: a1 synced (good), b1 set but never read.
  await t.ctx.db.$client.query(
    `insert into pmta_relay_switches (relay_id, mail_provider_id, off) values ($1, $3, true), ($2, $3, false)`,
    [h.relays.a2.id, h.relays.a1.id, h.gmail],
  );
  await t.ctx.db.$client.query(
    `insert into pmta_speeds (relay_id, mail_provider_id, local_value, local_time, remote_value, remote_time)
     values ($1, $3, 300, now() - interval '1 hour', 300, now()), ($2, $3, 500, now(), null, null),
            ($1, $4, 0, now() - interval '1 hour', 40, now())`,
    [h.relays.a1.id, h.relays.b1.id, h.gmail, h.yahoo],
  );
});
afterAll(() => t.close());

const FROM = DAYS[1]!;
const TO = DAYS[3]!;
const call = (payload: object, as: TestUser = admin) =>
  t.as(as, { method: 'POST', url: '/api/pmta-relays-mail-provider-report', payload });
const rows = async (payload: object, as: TestUser = admin) => {
  const res = await call(payload, as);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { report: MailServiceReportRow[] }).report;
};

/** The expected figures of each relay, from `events`. */
async function figuresOf(mailProviderId: number, from = FROM, to = TO) {
  const range = await eventFigures(t, { from, to, mailProviderId });
  const lastHour = await eventFigures(t, { mailProviderId, lastHour: true });
  const zero = { delivered: 0, bounced: 0, infraBounces: 0, views: 0, clicks: 0, conversions: 0, profit: 0 };
  return (id: number) => {
    const f = range.get(String(id)) ?? zero;
    const lh = lastHour.get(String(id)) ?? zero;
    return { ...f, deliveredLH: lh.delivered, bouncedLH: lh.bounced };
  };
}

describe('POST /api/pmta-relays-mail-provider-report', () => {
  it('lists every relay for an administrator, with the range and last-hour figures events count', async () => {
    const got = await rows({ mailProvider: h.gmail, fromDate: FROM, toDate: TO, orderBy: 'id', asc: true });
    const want = await figuresOf(h.gmail);
    expect(got.map((r) => r.id)).toEqual(relays.map((r) => r.id)); // a4 never sent: listed with zeros
    for (const r of got) {
      const meta = relays.find((x) => x.id === r.id)!;
      expect(r).toMatchObject({ ...want(r.id), isVps: meta.isVps, groupName: meta.groupName });
    }
    expect(got.find((r) => r.id === h.relays.a4.id)).toMatchObject({ delivered: 0, profit: 0, deliveredLH: 0 });
    // The last hour has traffic of the current and previous clock hours only (the older burst is left out).
    const a1 = got.find((r) => r.id === h.relays.a1.id)!;
    // The last hour reaches back into yesterday between 00:00 and 01:00 UTC: compare with both days.
    const since = new Date(Date.now() - 86_400_000);
    const today = await eventFigures(t, { from: utcDay(since), to: utcDay(new Date()), mailProviderId: h.gmail });
    expect(a1.deliveredLH).toBeGreaterThan(0);
    expect(a1).toMatchObject({
      ip: '10.1.0.1',
      smtpHost: 'mta1.alpha.example',
      description: 'warm-up east',
      switchOff: false,
      speed: 300,
      speedIsGood: true,
      stopped: false,
    });
    expect(a1.deliveredLH).toBeLessThanOrEqual(today.get(String(h.relays.a1.id))!.delivered!);
  });

  it('reads the switch, the speed and the stopped state of the chosen service', async () => {
    const gmail = await rows({ mailProvider: h.gmail, fromDate: FROM, toDate: TO });
    const of = (list: MailServiceReportRow[], id: number) => list.find((r) => r.id === id)!;
    expect(of(gmail, h.relays.a2.id)).toMatchObject({
      switchOff: true,
      stopped: true,
      speed: null,
      speedIsGood: false,
    });
    expect(of(gmail, h.relays.a3.id)).toMatchObject({ switchOff: false, stopped: true }); // not active
    expect(of(gmail, h.relays.b1.id)).toMatchObject({ speed: 500, speedIsGood: false, stopped: false });
    const yahoo = await rows({ mailProvider: h.yahoo, fromDate: FROM, toDate: TO });
    expect(of(yahoo, h.relays.a2.id)).toMatchObject({ switchOff: false, stopped: false });
    expect(of(yahoo, h.relays.a1.id)).toMatchObject({ speed: 0, speedIsGood: true }); // read mode, synced
    expect(of(yahoo, h.relays.b1.id)).toMatchObject({ speed: null, speedIsGood: false });
    const want = await figuresOf(h.yahoo);
    for (const r of yahoo) expect(r).toMatchObject(want(r.id));
  });

  it('shows an ordinary user only their own relays, whatever they send', async () => {
    const alice = await rows({ mailProvider: h.outlook, fromDate: FROM, toDate: TO, userId: h.bob.id }, h.alice);
    expect(alice.map((r) => r.id).sort()).toEqual(
      relays
        .filter((r) => r.userId === h.alice.id)
        .map((r) => r.id)
        .sort(),
    );
    const bobGroup = await rows(
      { mailProvider: h.outlook, fromDate: FROM, toDate: TO, relayGroup: h.groups.b.id },
      h.alice,
    );
    expect(bobGroup).toEqual([]);
    const bob = await rows({ mailProvider: h.outlook, fromDate: FROM, toDate: TO }, h.bob);
    const want = await figuresOf(h.outlook);
    expect(bob.map((r) => r.id).sort()).toEqual([h.relays.b1.id, h.relays.b2.id].sort());
    for (const r of bob) expect(r).toMatchObject(want(r.id));
  });

  it('filters by relay group and by description (contains, any case, wildcards literal)', async () => {
    const base = { mailProvider: h.gmail, fromDate: FROM, toDate: TO, orderBy: 'id', asc: true };
    expect((await rows({ ...base, relayGroup: h.groups.a1.id })).map((r) => r.id)).toEqual([
      h.relays.a1.id,
      h.relays.a2.id,
    ]);
    expect((await rows({ ...base, description: 'EAST' })).map((r) => r.id)).toEqual([h.relays.a1.id, h.relays.b1.id]);
    expect((await rows({ ...base, description: '  west ' })).map((r) => r.id)).toEqual([h.relays.a2.id]);
    expect(await rows({ ...base, description: '%' })).toEqual([]);
    expect(await rows({ ...base, description: 'east', relayGroup: h.groups.b.id })).toHaveLength(1);
    expect(await rows({ ...base, description: '', relayGroup: '' })).toHaveLength(relays.length);
    expect(await rows({ ...base, description: null, relayGroup: null })).toHaveLength(relays.length);
  });

  it('counts a one-day range at either end only', async () => {
    for (const day of DAYS) {
      const got = await rows({ mailProvider: h.yahoo, fromDate: day, toDate: day });
      const want = await figuresOf(h.yahoo, day, day);
      for (const r of got) expect(r).toMatchObject(want(r.id));
    }
  });

  it.each([
    ['id', (r: MailServiceReportRow) => r.id],
    ['groupName', (r: MailServiceReportRow) => r.groupName],
    ['isVps', (r: MailServiceReportRow) => Number(r.isVps)],
    ['smtpHost', (r: MailServiceReportRow) => r.smtpHost],
    ['switchOff', (r: MailServiceReportRow) => Number(r.switchOff)],
    ['delivered', (r: MailServiceReportRow) => r.delivered],
    ['deliveredLH', (r: MailServiceReportRow) => r.deliveredLH],
    ['bounced', (r: MailServiceReportRow) => r.bounced],
    ['bouncedLH', (r: MailServiceReportRow) => r.bouncedLH],
    ['infraBounces', (r: MailServiceReportRow) => r.infraBounces],
    ['views', (r: MailServiceReportRow) => r.views],
    ['clicks', (r: MailServiceReportRow) => r.clicks],
    ['conversions', (r: MailServiceReportRow) => r.conversions],
    ['profit', (r: MailServiceReportRow) => r.profit],
  ] as const)('sorts by %s both ways, ties by id', async (orderBy, key) => {
    for (const asc of [true, false]) {
      const got = await rows({ mailProvider: h.gmail, fromDate: FROM, toDate: TO, orderBy, asc });
      const want = [...got].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        const c = x < y ? -1 : x > y ? 1 : a.id - b.id;
        return asc ? c : -c;
      });
      expect(got.map((r) => r.id)).toEqual(want.map((r) => r.id));
    }
  });

  it('sorts speeds and descriptions with the empty ones last; defaults to the most delivered first', async () => {
    const base = { mailProvider: h.gmail, fromDate: FROM, toDate: TO };
    expect((await rows({ ...base, orderBy: 'speed', asc: true })).map((r) => r.speed)).toEqual([
      300,
      500,
      ...Array(relays.length - 2).fill(null),
    ]);
    expect((await rows({ ...base, orderBy: 'speed', asc: false })).map((r) => r.speed).slice(0, 2)).toEqual([500, 300]);
    const described = (await rows({ ...base, orderBy: 'description', asc: true })).map((r) => r.description);
    expect(described.slice(-3)).toEqual([null, null, null]);
    const plain = (await rows(base)).map((r) => r.delivered);
    expect(plain).toEqual([...plain].sort((a, b) => b - a));
  });

  it.each([
    [{ fromDate: FROM, toDate: TO }, 'mailProvider', ReportMessages.mailProvider],
    [{ mailProvider: '', fromDate: FROM, toDate: TO }, 'mailProvider', ReportMessages.mailProvider],
    [{ mailProvider: 999_999, fromDate: FROM, toDate: TO }, 'mailProvider', ReportMessages.mailProvider],
    [{ mailProvider: 1, fromDate: '2026-13-01', toDate: TO }, 'fromDate', ReportMessages.fromDate],
    [{ mailProvider: 1, fromDate: FROM }, 'toDate', ReportMessages.toDate],
    [{ mailProvider: 1, fromDate: TO, toDate: FROM }, 'toDate', ReportMessages.dateOrder],
    [{ mailProvider: 1, fromDate: FROM, toDate: TO, orderBy: 'user_id' }, 'orderBy', MailServiceReportMessages.orderBy],
    [{ mailProvider: 1, fromDate: FROM, toDate: TO, asc: 1 }, 'asc', ReportMessages.asc],
    [{ mailProvider: 1, fromDate: FROM, toDate: TO, relayGroup: -1 }, 'relayGroup', ReportMessages.relayGroup],
    [
      { mailProvider: 1, fromDate: FROM, toDate: TO, description: 'x'.repeat(201) },
      'description',
      'Relay description must be no longer than 200 characters.',
    ],
  ])('refuses %j: %s', async (payload, field, message) => {
    const res = await call(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ [field]: message });
  });

  it('needs a token', async () => {
    await expectAccess(t, {
      method: 'POST',
      url: '/api/pmta-relays-mail-provider-report',
      payload: { mailProvider: h.gmail, fromDate: FROM, toDate: TO },
    });
  });
});
