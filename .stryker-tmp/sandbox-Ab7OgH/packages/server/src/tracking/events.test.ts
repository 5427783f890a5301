// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventKind, type EventKindName } from '@console/shared/enums';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { inTransaction } from '../db/transaction.ts';
import { seededRng, pick } from '../sending/render/random.ts';
import { ensureEventPartitions, recordEvents, type EventInput } from './events.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
const KINDS = Object.keys(EventKind) as EventKindName[];
const METRICS = `count(*) filter (where kind = 1)::int as sent, count(*) filter (where kind = 2)::int as delivered,
  count(*) filter (where kind = 3)::int as bounced, count(*) filter (where kind = 4)::int as deferred,
  count(*) filter (where kind = 5)::int as opens, count(*) filter (where kind = 5 and first)::int as unique_opens,
  count(*) filter (where kind = 6)::int as clicks, count(*) filter (where kind = 6 and first)::int as unique_clicks,
  count(*) filter (where kind = 7)::int as unsubscribes, count(*) filter (where kind = 8)::int as complaints,
  count(*) filter (where kind = 9)::int as conversions, count(*) filter (where kind = 10)::int as interrupted,
  coalesce(sum(amount_cents) filter (where kind = 9), 0)::bigint as profit_cents`;
const COLS = `sent, delivered, bounced, deferred, opens, unique_opens, clicks, unique_clicks, unsubscribes, complaints,
  conversions, interrupted, profit_cents`;

/** Seeded synthetic events: two campaigns, three services, four domains, three relays, a few hours. */
function synthetic(n: number, seed: number): EventInput[] {
  const rng = seededRng(seed);
  const base = Date.parse('2026-11-23T10:00:00Z');
  return Array.from({ length: n }, () => {
    const kind = KINDS[pick(rng, KINDS.length)]!;
    const provider = pick(rng, 3) + 1;
    return {
      kind,
      campaignType: pick(rng, 2) ? 'smtp' : 'pmta',
      campaignId: pick(rng, 2) + 1,
      userId: 1,
      relayId: kind === 'open' || kind === 'click' ? null : pick(rng, 3) + 1,
      mailProviderId: provider,
      domain: `d${provider}-${pick(rng, 2)}.example`,
      emailId: pick(rng, 1000),
      first: (kind === 'open' || kind === 'click') && pick(rng, 3) === 0,
      amountCents: kind === 'conversion' ? pick(rng, 5000) : 0,
      at: new Date(base + pick(rng, 4 * 3600) * 1000),
    };
  });
}

describe('the event record', () => {
  it('keeps every counter and the hourly rollup equal to a count of the events, batch after batch', async () => {
    for (let batch = 0; batch < 5; batch++) {
      await inTransaction(t.ctx.db, (client) => recordEvents(client, synthetic(2000, batch)));
    }
    expect((await q('select count(*)::int as n from events'))[0].n).toBe(10_000);
    const same = async (counters: string, keys: string, where = 'true') => {
      const fromEvents = await q(
        `select ${keys}, ${METRICS} from events where ${where} group by ${keys} order by ${keys}`,
      );
      const kept = await q(`select ${keys}, ${COLS} from ${counters} order by ${keys}`);
      expect(kept).toEqual(fromEvents);
      return kept.length;
    };
    expect(await same('campaign_counters', 'campaign_type, campaign_id')).toBe(4);
    expect(await same('campaign_provider_counters', 'campaign_type, campaign_id, mail_provider_id')).toBe(12);
    expect(await same('campaign_domain_counters', 'campaign_type, campaign_id, domain')).toBe(24);
    const rollup = await q(`select ${COLS.replace(/(\w+)/g, 'sum($1)::bigint as $1')} from event_rollup_hourly`);
    const all = await q(`select ${METRICS.replace(/::int/g, '::bigint')} from events`);
    expect(rollup).toEqual(all);
    const hours = await q(`select count(distinct hour)::int as n from event_rollup_hourly`);
    expect(hours[0].n).toBe(4);
    // The daily rollup is the hourly one summed per UTC day, key by key.
    const keys = 'user_id, campaign_type, campaign_id, relay_id, mail_provider_id';
    const sumCols = COLS.replace(/(\w+)/g, 'sum($1)::bigint as $1');
    const daily = await q(
      `select day::text, ${keys}, ${sumCols} from event_rollup_daily group by 1, ${keys} order by 1, ${keys}`,
    );
    const byDay = await q(
      `select (hour at time zone 'UTC')::date::text as day, ${keys}, ${sumCols} from event_rollup_hourly
        group by 1, ${keys} order by 1, ${keys}`,
    );
    expect(daily).toEqual(byDay);
    expect(daily.length).toBeGreaterThan(0);
  });

  it('rolls conversions up per UTC day, campaign and country', async () => {
    const conversion = (country: string | null, cents: number, at: string): EventInput => ({
      kind: 'conversion',
      campaignType: 'pmta',
      campaignId: 77,
      userId: 3,
      amountCents: cents,
      country,
      at: new Date(at),
    });
    await inTransaction(t.ctx.db, (client) =>
      recordEvents(client, [
        conversion('DE', 100, '2026-11-20T23:59:59Z'),
        conversion('DE', 250, '2026-11-20T01:00:00Z'),
        conversion(null, 5, '2026-11-21T00:00:00Z'),
      ]),
    );
    await inTransaction(t.ctx.db, (client) => recordEvents(client, [conversion('DE', 1, '2026-11-20T12:00:00Z')]));
    expect(
      await q(`select day::text, country, conversions, profit_cents from conversion_rollup_daily
                where campaign_id = 77 order by day, country`),
    ).toEqual([
      { day: '2026-11-20', country: 'DE', conversions: 3, profit_cents: 351 },
      { day: '2026-11-21', country: '', conversions: 1, profit_cents: 5 },
    ]);
  });

  it('records a batch whole or not at all', async () => {
    const before = await q(
      'select count(*)::int as n, (select sum(sent) from campaign_counters)::int as s from events',
    );
    const batch = synthetic(10, 99);
    batch.push({ ...batch[0]!, campaignId: -5, userId: null as never });
    await expect(inTransaction(t.ctx.db, (client) => recordEvents(client, batch))).rejects.toThrow();
    expect(
      await q('select count(*)::int as n, (select sum(sent) from campaign_counters)::int as s from events'),
    ).toEqual(before);
  });

  it('keeps monthly partitions ahead; a row of a month without one still lands (default partition)', async () => {
    await ensureEventPartitions(t.ctx.db.$client, 3);
    const parts = await q(`select count(*)::int as n from pg_inherits where inhparent = 'events'::regclass`);
    expect(parts[0].n).toBeGreaterThanOrEqual(5); // default + 4 months
    await inTransaction(t.ctx.db, (client) =>
      recordEvents(client, [
        { kind: 'sent', campaignType: 'smtp', campaignId: 9, userId: 1, at: new Date('2031-01-01T00:00:00Z') },
      ]),
    );
    expect((await q(`select count(*)::int as n from events_default where campaign_id = 9`))[0].n).toBe(1);
  });
});
