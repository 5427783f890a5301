import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventKind, CampaignType } from '@console/shared/enums';
import type { HydraCollection } from '@console/shared/hydra';
import type { RelayDeliverability } from '@console/shared/pmta-relay-deliverabilities';
import { inTransaction } from '../../db/transaction.ts';
import { recordEvents, type EventInput } from '../../tracking/events.ts';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';
import { computeRelayDeliverabilities } from './pmta-relay-deliverabilities.compute.ts';
import { DELIVERABILITY_REFRESH } from './pmta-relay-deliverabilities.jobs.ts';

/*
 * The hourly scores against a known history: four PMTA relays in two groups, three mail services, events
 * 400 and 30 days ago, around the 24-hour and 2-hour windows' first hours and in the last minutes, SMTP
 * traffic (under a PMTA relay's number too) and PMTA events without a relay or a service (never
 * counted). Every score is checked against a direct count of the `events` table.
 */

const HOUR = 3_600_000;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);
/** The first hour bucket overlapping (now - n hours, now]. */
const windowStart = (hours: number) => new Date(Math.floor((now.getTime() - hours * HOUR) / HOUR) * HOUR);

let t: TestApp;
let admin: TestUser;
let providers: number[];
let groupA: number;
let groupB: number;
const relays: Record<string, number> = {};

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.ctx.db.$client.query(text, params).then((r) => r.rows as T[]);
const compute = async (at = now) => {
  const client = await t.ctx.db.$client.connect();
  try {
    return await computeRelayDeliverabilities(client, at);
  } finally {
    client.release();
  }
};
const list = async (query: string) => {
  const res = await t.as(admin, { method: 'GET', url: `/api/pmta_relay_deliverabilities?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HydraCollection<RelayDeliverability>;
};
const all = async (query = '') => (await list(`itemsPerPage=1000&${query}`))['hydra:member'];

beforeAll(async () => {
  t = await createTestApp();
  const f = factories(t);
  admin = await t.user({ admin: true });
  const owner1 = await t.user();
  const owner2 = await t.user();
  providers = (await q<{ id: number }>('select id from mail_providers order by id limit 3')).map((r) => r.id);
  groupA = (await f.pmtaRelayGroup({ owner: owner1, name: 'Group A' })).id;
  groupB = (await f.pmtaRelayGroup({ owner: owner2, name: 'Group B' })).id;
  const server1 = await f.pmtaServer({ owner: owner1 });
  const server2 = await f.pmtaServer({ owner: owner2, isVps: true });
  for (const [name, owner, server, group] of [
    ['alpha', owner1, server1.id, groupA],
    ['beta', owner1, server1.id, groupA],
    ['gamma', owner2, server2.id, groupB],
    ['quiet', owner2, server2.id, groupB],
  ] as const) {
    relays[name] = (
      await f.pmtaRelay({ owner, pmtaServerId: server, groupId: group, smtpHost: `${name}.mx.example.com` })
    ).id;
  }
  const pmta1 = await f.pmtaCampaign({ owner: owner1, relayGroupId: groupA });
  const pmta2 = await f.pmtaCampaign({ owner: owner2, relayGroupId: groupB });
  const smtp = await f.smtpCampaign({ owner: owner1 });

  const events: EventInput[] = [];
  const add = (
    relay: number | null,
    provider: number | null,
    at: Date,
    delivered: number,
    bounced: number,
    o: { campaignType?: 'smtp' | 'pmta'; campaign?: { id: number; userId: number } } = {},
  ) => {
    const c = o.campaign ?? (relay === relays.gamma ? pmta2 : pmta1);
    const base = {
      campaignType: o.campaignType ?? 'pmta',
      campaignId: c.id,
      userId: c.userId,
      relayId: relay,
      mailProviderId: provider,
      at,
    };
    for (let i = 0; i < delivered; i++) events.push({ ...base, kind: 'delivered' });
    for (let i = 0; i < bounced; i++) events.push({ ...base, kind: 'bounced' });
    // Opens and sends never change a score.
    events.push({ ...base, kind: 'sent' }, { ...base, kind: 'open', first: true });
  };
  const moments = [
    ago(400 * 24 * HOUR),
    ago(30 * 24 * HOUR),
    new Date(windowStart(24).getTime() - 60_000), // just before the 24-hour window's first bucket
    // In it, although more than 24 hours ago: 1 ms in, so that it is whatever minute of the hour the test runs
    // in (a minute in failed when the test ran in an hour's first minute).
    new Date(windowStart(24).getTime() + 1),
    ago(3 * HOUR),
    new Date(windowStart(2).getTime() - 60_000),
    new Date(windowStart(2).getTime() + 60_000),
    ago(5 * 60_000),
  ];
  const [p1, p2, p3] = providers as [number, number, number];
  for (const [i, at] of moments.entries()) {
    add(relays.alpha!, p1, at, 5 + i, i % 3);
    add(relays.beta!, p1, at, 2 + (i % 4), 1 + (i % 2));
    add(relays.gamma!, p1, at, 7, i);
    if (i < 5) add(relays.alpha!, p2, at, 3, 2 - (i % 3)); // nothing in the last 2 hours
    if (i % 2) add(relays.gamma!, p2, at, i, 1);
  }
  add(relays.beta!, p3, moments[0]!, 0, 4); // only bounces, long ago: scores 0 / null
  add(relays.gamma!, p3, moments[7]!, 6, 0);
  add(relays.quiet!, p2, moments[1]!, 0, 0); // a sent and an open, no delivery: no row
  // Never counted: SMTP (under a PMTA relay's number too), PMTA events without a relay or a service.
  add(relays.alpha!, p1, moments[7]!, 0, 50, { campaignType: 'smtp', campaign: smtp });
  add(relays.beta!, p2, moments[4]!, 40, 0, { campaignType: 'smtp', campaign: smtp });
  add(null, p1, moments[7]!, 0, 30);
  add(relays.gamma!, null, moments[7]!, 0, 30);
  await inTransaction(t.ctx.db, (client) => recordEvents(client, events));
  await compute();
}, 120_000);
afterAll(async () => {
  await t.close();
});

type Counts = Map<string, { d: number; b: number }>;
/** Delivered and bounced per relay and service of the PMTA relays, straight from the events, since `from`. */
async function counts(from: Date | null): Promise<Counts> {
  const rows = await q<{ relay_id: number; mail_provider_id: number; d: number; b: number }>(
    `select relay_id, mail_provider_id,
       count(*) filter (where kind = ${EventKind.delivered})::int as d, count(*) filter (where kind = ${EventKind.bounced})::int as b
     from events
     where campaign_type = ${CampaignType.PMTA} and relay_id in (select id from pmta_relays) and mail_provider_id is not null
       and ($1::timestamptz is null or at >= $1) and at <= $2
     group by 1, 2`,
    [from, now],
  );
  return new Map(rows.map((r) => [`${r.relay_id}/${r.mail_provider_id}`, { d: r.d, b: r.b }]));
}
function score(c: Counts, relay: number, provider: number): number | null {
  const own = c.get(`${relay}/${provider}`);
  if (!own || own.d + own.b === 0) return null;
  let d = 0;
  let b = 0;
  for (const [key, v] of c) {
    if (key.endsWith(`/${provider}`)) {
      d += v.d;
      b += v.b;
    }
  }
  if (d === 0) return null;
  return (100 * (own.d / (own.d + own.b))) / (d / (d + b));
}

describe('the hourly scores', () => {
  it('equal a direct count of the events over all time, 24 hours and 2 hours', async () => {
    const [allTime, last24, last2] = [await counts(null), await counts(windowStart(24)), await counts(windowStart(2))];
    const pairs = [...allTime]
      .filter(([, v]) => v.d + v.b > 0)
      .map(([k]) => k.split('/').map(Number) as [number, number]);
    const rows = await all();
    expect(rows.map((r) => `${r.pmtaRelay.id}/${r.mailProvider.id}`).sort()).toEqual(
      pairs.map((p) => p.join('/')).sort(),
    );
    let seen = 0;
    for (const [relay, provider] of pairs) {
      const row = rows.find((r) => r.pmtaRelay.id === relay && r.mailProvider.id === provider)!;
      for (const [got, want] of [
        [row.scoreAllTime, score(allTime, relay, provider)],
        [row.score24, score(last24, relay, provider)],
        [row.score2, score(last2, relay, provider)],
      ] as const) {
        if (want === null) expect(got).toBeNull();
        else {
          expect(got).toBeCloseTo(want, 9);
          seen++;
        }
      }
    }
    expect(seen).toBeGreaterThan(12);
  });

  it('covers the cases that matter: nulls, zero, above and below 100, the window edges', async () => {
    const rows = await all();
    const row = (relay: string, p: number) =>
      rows.find((r) => r.pmtaRelay.id === relays[relay] && r.mailProvider.id === providers[p])!;
    expect(row('alpha', 1).score2).toBeNull(); // nothing to p2 in the last 2 hours
    expect(row('alpha', 1).score24).not.toBeNull();
    expect(row('beta', 2)).toMatchObject({ scoreAllTime: 0, score24: null, score2: null });
    expect(row('gamma', 2).score2).toBe(100); // the only relay delivering to p3
    const p1 = rows.filter((r) => r.mailProvider.id === providers[0]).map((r) => r.scoreAllTime!);
    expect(Math.max(...p1)).toBeGreaterThan(100);
    expect(Math.min(...p1)).toBeLessThan(100);
    expect(rows.some((r) => r.pmtaRelay.id === relays.quiet)).toBe(false);
    // The 24-hour score counts the first bucket's whole hour, not the minute before it.
    const c24 = await counts(windowStart(24));
    const within = await counts(new Date(now.getTime() - 24 * HOUR));
    expect(c24.get(`${relays.alpha}/${providers[0]}`)!.d).toBeGreaterThan(
      within.get(`${relays.alpha}/${providers[0]}`)!.d,
    );
    expect(rows.every((r) => r.computedAt === now.toISOString())).toBe(true);
  });

  it('upserts, and deletes the pairs without traffic', async () => {
    await q(
      'insert into pmta_relay_deliverabilities (relay_id, mail_provider_id, score_all_time, score24, score2) values ($1, $2, 1, 2, 3)',
      [relays.quiet, providers[0]],
    );
    const before = await all();
    await q('update pmta_relay_deliverabilities set score24 = 1 where relay_id = $1', [relays.alpha]);
    const later = new Date(now.getTime() + 1000);
    await compute(later);
    const after = await all();
    expect(after).toHaveLength(before.length - 1);
    expect(after.some((r) => r.pmtaRelay.id === relays.quiet)).toBe(false);
    expect(after.find((r) => r.pmtaRelay.id === relays.alpha && r.mailProvider.id === providers[0])!.score24).not.toBe(
      1,
    );
    await compute();
  });

  it('runs as the hourly job', async () => {
    await q("update pmta_relay_deliverabilities set computed_at = now() - interval '3 hours', score_all_time = null");
    await t.ctx.jobs.send(DELIVERABILITY_REFRESH, {});
    const rows = await eventually(async () => {
      const r = await all();
      return r.length && r.every((x) => x.scoreAllTime !== null) ? r : undefined;
    }, 30_000);
    expect(rows.every((r) => Date.parse(r.computedAt) > now.getTime() - 60_000)).toBe(true);
    await compute();
  });
});

describe('GET /api/pmta_relay_deliverabilities', () => {
  it('answers the rows: relay, service, scores', async () => {
    const row = (await all()).find((r) => r.pmtaRelay.id === relays.gamma)!;
    expect(row.pmtaRelay).toEqual({
      id: relays.gamma,
      smtpHost: 'gamma.mx.example.com',
      ip: expect.stringMatching(/^127\./),
    });
    expect(row.mailProvider).toEqual({ id: expect.any(Number), name: expect.any(String) });
  });

  it('filters by host, group and mail service', async () => {
    const rows = await all();
    expect(await all('smtpHost=GAMMA.mx')).toEqual(rows.filter((r) => r.pmtaRelay.id === relays.gamma));
    expect(await all(`group.id=${groupA}`)).toEqual(
      rows.filter((r) => [relays.alpha, relays.beta].includes(r.pmtaRelay.id)),
    );
    expect(await all(`group.id=${groupB}&mailProvider.id=${providers[1]}`)).toEqual(
      rows.filter((r) => r.pmtaRelay.id === relays.gamma && r.mailProvider.id === providers[1]),
    );
    expect(await all('smtpHost=_')).toEqual([]);
  });

  it('orders by relay and service by default, and by each column', async () => {
    const rows = await all();
    const ids = rows.map((r) => r.pmtaRelay.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    for (const key of ['scoreAllTime', 'score24', 'score2'] as const) {
      const desc = (await all(`order[${key}]=desc`)).map((r) => r[key] ?? -1);
      expect(desc).toEqual([...desc].sort((a, b) => b - a));
      const asc = (await all(`order[${key}]=asc`)).map((r) => r[key] ?? -1);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
    }
    const hosts = (await all('order[pmtaRelay.smtpHost]=desc')).map((r) => r.pmtaRelay.smtpHost);
    expect(hosts).toEqual([...hosts].sort().reverse());
    const names = (await all('order[mailProvider.name]=asc')).map((r) => r.mailProvider.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byId = (await all('order[pmtaRelay.id]=desc')).map((r) => r.pmtaRelay.id);
    expect(byId).toEqual([...byId].sort((a, b) => b - a));
    expect((await all('order[pmtaRelay.ip]=asc')).length).toBe(rows.length);
  });

  it('pages', async () => {
    const rows = await all();
    const page = await list('itemsPerPage=2&_page=2');
    expect(page).toEqual({ 'hydra:member': rows.slice(2, 4), 'hydra:totalItems': rows.length });
  });

  it.each([
    'group.id=x',
    'mailProvider.id=1e1',
    'order[score2]=sideways',
    'itemsPerPage=5000',
    `smtpHost=${'a'.repeat(300)}`,
  ])('refuses %s with 422', async (query) => {
    const res = await t.as(admin, { method: 'GET', url: `/api/pmta_relay_deliverabilities?${query}` });
    expect(res.statusCode, res.body).toBe(422);
  });

  it('is for administrators only', async () => {
    await expectAccess(t, { method: 'GET', url: '/api/pmta_relay_deliverabilities', admin: true });
  });
});
