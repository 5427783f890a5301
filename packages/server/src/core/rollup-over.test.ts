import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { factories } from '../../test/factories.ts';
import { inTransaction } from '../db/transaction.ts';
import { COUNTERS } from '../db/schema/index.ts';
import { recordEvents, type EventInput } from '../tracking/events.ts';
import { rollupOver } from './reports.ts';

/*
 * Decision 1500: a range's whole months read event_rollup_monthly, its edge days event_rollup_daily. Over
 * events written by recordEvents across fourteen months (first and last seconds of months and years among
 * them), every key's sums from `rollupOver` equal the daily rollup's over the same range (what the reports
 * summed before), for ranges aligned on months and not, within a month, across one boundary, a year; the same
 * for the relay grain (decision 1511) and its keys.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const f = factories(t);
  const providers = (await t.ctx.db.$client.query<{ id: number }>('select id from mail_providers order by id limit 2'))
    .rows;
  const events: EventInput[] = [];
  const kinds: EventInput['kind'][] = ['sent', 'delivered', 'bounced', 'open', 'click', 'conversion', 'unsubscribe'];
  for (const [ci, type] of (['smtp', 'pmta', 'smtp'] as const).entries()) {
    const owner = await t.user();
    const c = type === 'smtp' ? await f.smtpCampaign({ owner }) : await f.pmtaCampaign({ owner });
    const base = { campaignType: type, campaignId: c.id, userId: owner.id };
    const at = (ms: number, i: number): EventInput => ({
      ...base,
      kind: kinds[i % kinds.length]!,
      at: new Date(ms),
      relayId: 1 + (i % 3),
      mailProviderId: i % 4 === 0 ? null : providers[i % 2]!.id,
      first: i % 2 === 0,
      amountCents: 100 + i,
    });
    // Every 5th day of 2025-10-01 .. 2026-12-31, at noon, and the first and last second of every month.
    let i = ci;
    for (let d = Date.UTC(2025, 9, 1); d <= Date.UTC(2026, 11, 31); d += 5 * 86_400_000)
      events.push(at(d + 43_200_000, i++));
    for (let m = 0; m < 15; m++) {
      const start = Date.UTC(2025, 9 + m, 1);
      events.push(at(start, i++), at(start - 1000, i++));
    }
  }
  await inTransaction(t.ctx.db, (client) => recordEvents(client, events));
});
afterAll(() => t?.close());

const SUMS = [...Object.values(COUNTERS), 'profit_cents'].map((c) => `sum(${c})::int8 as ${c}`).join(', ');
const GRAIN_KEYS = {
  campaign: 'user_id, campaign_type, campaign_id, relay_id, mail_provider_id',
  relay: 'campaign_type, relay_id, mail_provider_id',
} as const;
const KEYS = GRAIN_KEYS.campaign;

async function bothWays(fromDate: string, toDate: string, grain: keyof typeof GRAIN_KEYS = 'campaign') {
  const keys = sql.raw(GRAIN_KEYS[grain]);
  const over = await t.ctx.db.execute(
    sql`select ${keys}, ${sql.raw(SUMS)} from ${rollupOver({ fromDate, toDate }, grain)} d
        group by ${keys} order by ${keys}`,
  );
  const daily = await t.ctx.db.execute(
    sql`select ${keys}, ${sql.raw(SUMS)} from event_rollup_daily d
        where day between ${fromDate}::date and ${toDate}::date group by ${keys} order by ${keys}`,
  );
  return { over: over.rows, daily: daily.rows };
}

it.each([
  ['a year, mid-month to mid-month', '2025-11-17', '2026-11-16'],
  ['a year on month edges', '2026-01-01', '2026-12-31'],
  ['everything and more', '2025-01-01', '2027-03-31'],
  ['one whole month', '2026-02-01', '2026-02-28'],
  ['inside one month', '2026-03-02', '2026-03-30'],
  ['across one boundary', '2026-04-20', '2026-05-10'],
  ['a whole month and a day either side', '2026-05-31', '2026-07-01'],
  ['from a month start to mid-month', '2026-08-01', '2026-09-15'],
  ['from mid-month to a month end', '2026-08-15', '2026-10-31'],
  ['one day, the last of a year', '2025-12-31', '2025-12-31'],
])('%s: every key sums as the daily rollup does, per campaign and per relay', async (_, from, to) => {
  for (const grain of ['campaign', 'relay'] as const) {
    const { over, daily } = await bothWays(from, to, grain);
    expect(daily.length).toBeGreaterThan(0);
    expect(over).toEqual(daily);
  }
});

it('the monthly rollup is the daily one summed per month', async () => {
  const { rows } = await t.ctx.db.$client.query(
    `select m.month, m.${KEYS.split(', ').join(', m.')}, m.delivered, m.profit_cents, d.delivered as d_delivered, d.profit_cents as d_profit
       from event_rollup_monthly m
       full join (select date_trunc('month', day)::date as month, ${KEYS}, sum(delivered)::int as delivered,
                         sum(profit_cents)::int8 as profit_cents
                    from event_rollup_daily group by 1, 2, 3, 4, 5, 6) d using (month, ${KEYS})
      where m.delivered is distinct from d.delivered or m.profit_cents is distinct from d.profit_cents`,
  );
  expect(rows).toEqual([]);
});

it('the monthly rollup per relay is the monthly one summed over owners and campaigns (decision 1511)', async () => {
  const relayKeys = GRAIN_KEYS.relay;
  const { rows } = await t.ctx.db.$client.query(
    `select * from event_rollup_relay_monthly r
       full join (select month, ${relayKeys}, ${SUMS} from event_rollup_monthly group by 1, 2, 3, 4) m
            using (month, ${relayKeys})
      where ${[...Object.values(COUNTERS), 'profit_cents'].map((c) => `r.${c} is distinct from m.${c}`).join(' or ')}`,
  );
  expect(rows).toEqual([]);
  const { rows: n } = await t.ctx.db.$client.query<{ n: number }>(
    'select count(*)::int as n from event_rollup_relay_monthly',
  );
  expect(n[0]!.n).toBeGreaterThan(15);
});
