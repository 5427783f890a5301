import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelaysCountRow, SpeedDetailed, SpeedOverall, SpeedSeries } from '@console/shared/dashboard';
import { EventKind } from '@console/shared/enums';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { recordEvents, type EventInput } from '../../tracking/events.ts';
import { speed } from './dashboard.service.ts';

/*
 * The dashboard's speed charts and relay groups table against a known history of three users, both
 * campaign types, several mail services, events on both sides of the 24-hour window's edges and of
 * midnight. The clock is fixed (the service takes `now`); one route test runs on the real clock.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const provider: Record<string, number> = {};

/** Wednesday 2026-03-04 10:30 UTC: the window is 2026-03-03 11:00 .. 2026-03-04 10:00 (hour starts). */
const NOW = new Date('2026-03-04T10:30:00Z');
const FIRST = '2026-03-03T11:00:00Z';
const LAST = '2026-03-04T10:00:00Z';

async function record(events: EventInput[]) {
  const client = await t.ctx.db.$client.connect();
  try {
    await recordEvents(client, events);
  } finally {
    client.release();
  }
}
const n = <T>(count: number, e: T) => Array.from({ length: count }, () => e);

/** The expected overall or per-provider series, counted from the events (owner null = everyone). */
async function expectedSeries(owner: number | null, first = FIRST, last = LAST) {
  const { rows } = await t.ctx.db.$client.query<{
    label: string;
    provider: string | null;
    total: number;
    sent: number;
    bounce: number;
    infraBounce: number;
    complaint: number;
  }>(
    `select to_char(h at time zone 'UTC', 'FMHH24:MI') as label, coalesce(p.name, 'Unknown') as provider,
            count(*) filter (where e.kind = $4)::int as total, count(*) filter (where e.kind = $5)::int as sent,
            count(*) filter (where e.kind = $6)::int as bounce,
            count(*) filter (where e.kind = $6 and e.detail like 'spam-related:%')::int as "infraBounce",
            count(*) filter (where e.kind = $7)::int as complaint
       from generate_series($1::timestamptz, $2::timestamptz, interval '1 hour') h
       left join events e on date_trunc('hour', e.at at time zone 'UTC') = h at time zone 'UTC'
                          and ($3::int is null or e.user_id = $3) and e.kind in ($4, $5, $6, $7)
       left join mail_providers p on p.id = e.mail_provider_id
      group by h, e.mail_provider_id is null, p.name order by h`,
    [first, last, owner, EventKind.sent, EventKind.delivered, EventKind.bounced, EventKind.complaint],
  );
  const labels = [...new Set(rows.map((r) => r.label))];
  const zero = (): SpeedSeries => ({
    total: labels.map(() => 0),
    sent: labels.map(() => 0),
    bounce: labels.map(() => 0),
    infraBounce: labels.map(() => 0),
    complaint: labels.map(() => 0),
  });
  const overall = zero();
  const byProvider: Record<string, SpeedSeries> = {};
  for (const r of rows) {
    const i = labels.indexOf(r.label);
    if (r.total + r.sent + r.bounce + r.complaint === 0) continue;
    const s = (byProvider[r.provider ?? 'Unknown'] ??= zero());
    for (const k of ['total', 'sent', 'bounce', 'infraBounce', 'complaint'] as const) {
      s[k][i]! += r[k];
      overall[k][i]! += r[k];
    }
  }
  const names = Object.keys(byProvider).sort((a, b) => a.localeCompare(b));
  return {
    overall: { labels, ...overall },
    detailed: { labels, chartData: Object.fromEntries(names.map((k) => [k, byProvider[k]!])) },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  admin = await t.user({ admin: true });
  alice = await t.user();
  bob = await t.user();
  carol = await t.user();
  const { rows } = await t.ctx.db.$client.query<{ id: number; name: string }>('select id, name from mail_providers');
  for (const r of rows) provider[r.name] = r.id;

  const aSmtp = await f.smtpCampaign({ owner: alice });
  const aPmta = await f.pmtaCampaign({ owner: alice });
  const bPmta = await f.pmtaCampaign({ owner: bob });
  const aRelay = await f.smtpRelay({ owner: alice });
  const aVmta = await f.pmtaRelay({ owner: alice });
  const bVmta = await f.pmtaRelay({ owner: bob });
  const smtp = { campaignType: 'smtp' as const, campaignId: aSmtp.id, userId: alice.id, relayId: aRelay.id };
  const pmta = { campaignType: 'pmta' as const, campaignId: aPmta.id, userId: alice.id, relayId: aVmta.id };
  const bobs = { campaignType: 'pmta' as const, campaignId: bPmta.id, userId: bob.id, relayId: bVmta.id };
  const G = provider.Gmail!;
  const Y = provider.Yahoo!;
  const H = provider.Outlook!;
  const at = (iso: string) => new Date(iso);
  const ev = (
    base: typeof smtp | typeof pmta | typeof bobs,
    when: string,
    kind: EventInput['kind'],
    count: number,
    mailProviderId: number | null,
    extra: Partial<EventInput> = {},
  ) => n(count, { ...base, kind, at: at(when), mailProviderId, ...extra });

  await record([
    // Before the window (one second before its first hour) and long before: never counted.
    ...ev(smtp, '2026-03-03T10:59:59Z', 'sent', 7, G),
    ...ev(pmta, '2026-03-02T12:00:00Z', 'delivered', 4, Y),
    // The first hour of the window.
    ...ev(smtp, '2026-03-03T11:00:00Z', 'sent', 5, G),
    ...ev(smtp, '2026-03-03T11:00:00Z', 'delivered', 4, G),
    ...ev(smtp, '2026-03-03T11:59:59Z', 'bounced', 1, G),
    ...ev(pmta, '2026-03-03T11:30:00Z', 'sent', 3, Y),
    // Mid-window, opens/clicks/deferred/conversions that the chart ignores.
    ...ev(pmta, '2026-03-03T17:20:00Z', 'sent', 6, H),
    ...ev(pmta, '2026-03-03T17:25:00Z', 'delivered', 5, H),
    ...ev(pmta, '2026-03-03T17:25:00Z', 'deferred', 2, H),
    ...ev(pmta, '2026-03-03T17:40:00Z', 'open', 3, H, { first: true }),
    ...ev(smtp, '2026-03-03T18:10:00Z', 'click', 2, G, { first: true }),
    ...ev(smtp, '2026-03-03T18:15:00Z', 'conversion', 1, G, { amountCents: 500 }),
    // Around midnight.
    ...ev(smtp, '2026-03-03T23:59:59Z', 'sent', 2, Y),
    ...ev(pmta, '2026-03-04T00:00:00Z', 'sent', 4, G),
    ...ev(pmta, '2026-03-04T00:00:01Z', 'bounced', 2, G),
    // A block of the sending IP: a bounce, and an infrastructure one (decision 1362).
    ...ev(pmta, '2026-03-04T00:00:02Z', 'bounced', 1, G, {
      detail: 'spam-related: 554 5.7.1 blocked using zen.spamhaus.org',
    }),
    // No mail provider (shown as Unknown).
    ...ev(pmta, '2026-03-04T03:15:00Z', 'sent', 2, null),
    ...ev(pmta, '2026-03-04T03:16:00Z', 'delivered', 1, null),
    // The current hour, to the second before now, and after now (the next hour: not in the window).
    ...ev(smtp, '2026-03-04T10:00:00Z', 'sent', 3, G),
    ...ev(smtp, '2026-03-04T10:29:59Z', 'delivered', 2, G),
    ...ev(smtp, '2026-03-04T11:00:00Z', 'sent', 9, G),
    // Bob: his own traffic in the same hours.
    ...ev(bobs, '2026-03-03T11:10:00Z', 'sent', 8, G),
    ...ev(bobs, '2026-03-03T23:00:00Z', 'bounced', 3, Y),
    ...ev(bobs, '2026-03-04T10:10:00Z', 'delivered', 6, Y),
    // Complaints (decision 1390): alice's in the 0:00 hour, bob's in the current one.
    ...ev(pmta, '2026-03-04T00:30:00Z', 'complaint', 2, G),
    ...ev(bobs, '2026-03-04T10:20:00Z', 'complaint', 1, Y),
  ]);
});
afterAll(() => t.close());

describe('dashboard speed (the service, clock fixed)', () => {
  it('has 24 hourly points, H:mm in UTC, oldest first, zero hours included', async () => {
    const got = (await speed(t.ctx.db, null, 'overall', NOW)) as SpeedOverall;
    expect(got.labels).toHaveLength(24);
    expect(got.labels[0]).toBe('11:00');
    expect(got.labels.slice(12, 14)).toEqual(['23:00', '0:00']);
    expect(got.labels[23]).toBe('10:00');
    expect(got.total).toHaveLength(24);
    expect(got.total[1]).toBe(0); // 12:00, nothing
  });

  it.each([
    ['every user', () => null],
    ['alice', () => alice.id],
    ['bob', () => bob.id],
    ['carol (nothing)', () => carol.id],
  ])('overall and detailed of %s equal the events', async (_, owner) => {
    const want = await expectedSeries(owner());
    expect(await speed(t.ctx.db, owner(), 'overall', NOW)).toEqual(want.overall);
    expect(await speed(t.ctx.db, owner(), 'detailed', NOW)).toEqual(want.detailed);
  });

  it('knows the figures of the history (a hand check of the direct count)', async () => {
    const all = (await speed(t.ctx.db, null, 'overall', NOW)) as SpeedOverall;
    // 11:00: alice smtp 5 sent + pmta 3 sent + bob 8 sent; 4 delivered; 1 bounced.
    expect([all.total[0], all.sent[0], all.bounce[0]]).toEqual([16, 4, 1]);
    // 0:00: 4 sent, 3 bounced, 1 of them infra; 10:00 (current hour): 3 sent, 2 + 6 delivered; the 11:00 after now is out.
    expect([all.total[13], all.bounce[13], all.infraBounce[13]]).toEqual([4, 3, 1]);
    expect([all.complaint[13], all.complaint[23], all.complaint[0]]).toEqual([2, 1, 0]);
    expect([all.total[23], all.sent[23]]).toEqual([3, 8]);
    const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
    expect(sum(all.total)).toBe(5 + 3 + 6 + 2 + 4 + 2 + 3 + 8);
    const alices = (await speed(t.ctx.db, alice.id, 'detailed', NOW)) as SpeedDetailed;
    expect(Object.keys(alices.chartData)).toEqual(['Gmail', 'Outlook', 'Unknown', 'Yahoo']);
    expect(alices.chartData.Unknown!.total[16]).toBe(2); // 3:00
    expect(alices.chartData.Unknown!.sent[16]).toBe(1);
  });

  it('moves with the clock: an hour later the first hour drops out and 11:00 comes in', async () => {
    const later = new Date('2026-03-04T11:00:00Z');
    const got = (await speed(t.ctx.db, null, 'overall', later)) as SpeedOverall;
    const want = await expectedSeries(null, '2026-03-03T12:00:00Z', '2026-03-04T11:00:00Z');
    expect(got).toEqual(want.overall);
    expect(got.labels[23]).toBe('11:00');
    expect(got.total[23]).toBe(9);
  });
});

describe('POST /api/dashboard/speed', () => {
  const call = (u: TestUser | null, payload: object) =>
    t.as(u, { method: 'POST', url: '/api/dashboard/speed', payload });

  it('answers the last 24 hours of the real clock, scoped to the caller', async () => {
    // Traffic 12 hours ago is inside the window whichever hour the call lands in.
    const aCampaign = await f.pmtaCampaign({ owner: carol });
    const at = new Date(Date.now() - 12 * 3_600_000);
    await record(
      n(4, {
        kind: 'sent' as const,
        campaignType: 'pmta' as const,
        campaignId: aCampaign.id,
        userId: carol.id,
        mailProviderId: provider.Gmail!,
        at,
      }),
    );
    const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
    const before = await speed(t.ctx.db, carol.id, 'overall', new Date());
    const res = await call(carol, { type: 'overall', userId: alice.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SpeedOverall;
    const after = await speed(t.ctx.db, carol.id, 'overall', new Date());
    expect([before, after]).toContainEqual(body);
    expect(sum(body.total)).toBe(4);

    const detailed = (await call(carol, { type: 'detailed', userId: '' })).json() as SpeedDetailed;
    expect(Object.keys(detailed.chartData)).toEqual(['Gmail']);
    expect(sum(detailed.chartData.Gmail!.total)).toBe(4);
    // An administrator filters by user; without a filter, carol's 4 are among everyone's.
    const forCarol = (await call(admin, { type: 'overall', userId: String(carol.id) })).json() as SpeedOverall;
    expect(sum(forCarol.total)).toBe(4);
  });

  it('needs a token', async () => {
    await expectAccess(t, { method: 'POST', url: '/api/dashboard/speed', payload: { type: 'overall' } });
  });

  it.each([
    [{}, 'type', 'Type must be overall or detailed.'],
    [{ type: 'hourly' }, 'type', 'Type must be overall or detailed.'],
    [{ type: 1 }, 'type', 'Type must be overall or detailed.'],
    [{ type: 'overall\u0000' }, 'type', 'Must not contain a NUL character.'],
    [{ type: 'overall', userId: '0x10' }, 'userId', 'User must be a user id.'],
    [{ type: 'overall', userId: -3 }, 'userId', 'User must be a user id.'],
    [{ type: 'overall', userId: 2 ** 31 }, 'userId', 'User must be a user id.'],
    [{ type: 'overall', userId: { id: 1 } }, 'userId', 'User must be a user id.'],
  ])('refuses %j: 422', async (payload, field, message) => {
    const res = await call(admin, payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ error: { [field]: message } });
  });
});

describe('POST /api/dashboard/pmta-relays-count', () => {
  const call = (u: TestUser | null, payload: object) =>
    t.as(u, { method: 'POST', url: '/api/dashboard/pmta-relays-count', payload });
  type Relay = { owner: TestUser; group: number; vps: boolean; status: number };
  const made: Relay[] = [];
  const groups: { id: number; name: string; owner: TestUser; archived: boolean }[] = [];
  let dave: TestUser;
  let erin: TestUser;

  beforeAll(async () => {
    dave = await t.user();
    erin = await t.user();
    const group = async (owner: TestUser, name: string, archived = false) => {
      const g = await f.pmtaRelayGroup({ owner, name, archived });
      groups.push({ id: g.id, name, owner, archived });
      return g.id;
    };
    const net = await f.pmtaServer({ owner: dave, isVps: false });
    const vps = await f.pmtaServer({ owner: dave, isVps: true });
    const relay = async (owner: TestUser, groupId: number, isVps: boolean, status: number) => {
      await f.pmtaRelay({ owner, groupId, pmtaServerId: (isVps ? vps : net).id, status });
      made.push({ owner, group: groupId, vps: isVps, status });
    };
    const beta = await group(dave, 'Beta');
    const alpha = await group(dave, 'alpha');
    await group(dave, 'Empty');
    const gone = await group(dave, 'Archived', true);
    for (const [isVps, status, count] of [
      [false, 1, 3],
      [false, 2, 2],
      [false, 3, 1],
      [true, 1, 1],
      [true, 2, 4],
      [true, 3, 2],
    ] as const) {
      for (let i = 0; i < count; i++) await relay(dave, beta, isVps, status);
    }
    await relay(dave, alpha, true, 3);
    await relay(dave, alpha, false, 2);
    await relay(dave, gone, false, 1);
    const erinNet = await f.pmtaServer({ owner: erin, isVps: false });
    const erins = await group(erin, 'Erin group');
    await f.pmtaRelay({ owner: erin, groupId: erins, pmtaServerId: erinNet.id, status: 3 });
    made.push({ owner: erin, group: erins, vps: false, status: 3 });
  });

  /** The rows expected for the groups `of` (null: everyone's), counted from the relays made above. */
  function expected(of: TestUser | null): RelaysCountRow[] {
    const rows = groups
      .filter((g) => !g.archived && (of === null || g.owner.id === of.id))
      .map((g) => {
        const count = (vps: boolean, statuses: number[]) =>
          made.filter((r) => r.group === g.id && r.vps === vps && statuses.includes(r.status)).length;
        return {
          group: { id: g.id, name: g.name },
          totalNet: count(false, [1, 2, 3]),
          totalVps: count(true, [1, 2, 3]),
          goodNet: count(false, [1, 2]),
          goodVps: count(true, [1, 2]),
          badNet: count(false, [3]),
          badVps: count(true, [3]),
        };
      });
    const key = (r: RelaysCountRow) => r.group.name.toLowerCase();
    return rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.group.id - b.group.id));
  }

  it("counts each group's relays by rating and server kind", async () => {
    const res = await call(dave, {});
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as { data: RelaysCountRow[] }).data;
    expect(rows).toEqual(expected(dave));
    expect(rows.map((r) => r.group.name)).toEqual(['alpha', 'Beta', 'Empty']);
    expect(rows[1]).toMatchObject({ totalNet: 6, totalVps: 7, goodNet: 5, goodVps: 5, badNet: 1, badVps: 2 });
    expect(rows[2]).toMatchObject({ totalNet: 0, totalVps: 0, goodNet: 0, goodVps: 0, badNet: 0, badVps: 0 });
  });

  it('matches a direct count of the relays in the database', async () => {
    const { rows } = await t.ctx.db.$client.query<{ group_id: number; n: number }>(
      `select r.group_id, count(*)::int as n from pmta_relays r join pmta_relay_groups g on g.id = r.group_id
        where g.user_id = $1 and g.archive is null group by 1`,
      [dave.id],
    );
    const body = ((await call(dave, {})).json() as { data: RelaysCountRow[] }).data;
    for (const r of rows) {
      const row = body.find((b) => b.group.id === r.group_id)!;
      expect(row.totalNet + row.totalVps).toBe(r.n);
      expect(row.goodNet + row.goodVps + row.badNet + row.badVps).toBe(r.n);
    }
  });

  it('scopes: an ordinary user sees their own groups whatever userId says; an administrator chooses', async () => {
    expect(((await call(erin, { userId: dave.id })).json() as { data: RelaysCountRow[] }).data).toEqual(expected(erin));
    expect(((await call(admin, { userId: erin.id })).json() as { data: RelaysCountRow[] }).data).toEqual(
      expected(erin),
    );
    const all = ((await call(admin, { userId: null })).json() as { data: RelaysCountRow[] }).data;
    // Every user's groups (the other tests' factories made some too): ours are among them, exactly.
    for (const row of [...expected(dave), ...expected(erin)]) expect(all).toContainEqual(row);
    expect(all.map((r) => r.group.name)).not.toContain('Archived');
    const { rows } = await t.ctx.db.$client.query<{ n: number }>(
      'select count(*)::int as n from pmta_relay_groups where archive is null',
    );
    expect(all).toHaveLength(rows[0]!.n);
  });

  it('needs a token; refuses bad input', async () => {
    await expectAccess(t, { method: 'POST', url: '/api/dashboard/pmta-relays-count', payload: {} });
    for (const userId of ['abc', '0x10', 0, 1.5, [1]]) {
      const res = await call(admin, { userId });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ error: { userId: 'User must be a user id.' } });
    }
  });
});
