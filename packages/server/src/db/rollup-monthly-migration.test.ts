import { expect, it } from 'vitest';
import { databaseBefore } from '../../test/migrations.ts';

/*
 * Migration 0039 (decision 1500) on real PostgreSQL: a database at the migration before it with daily rollup
 * rows over three months (two owners, both campaign types, relays and services, the months' first and last
 * days), then the migrations: the monthly rollup holds exactly those rows summed per UTC month, and (0042, decision
 * 1511) the monthly rollup per relay those months summed over owners and campaigns.
 */

const db = databaseBefore('_rollup_monthly');
const { q } = db;

it('fills the monthly rollup from the daily one, summed per month and key', async () => {
  await q(`insert into event_rollup_daily (day, user_id, campaign_type, campaign_id, relay_id, mail_provider_id, sent,
             delivered, infra_bounces, unique_opens, conversions, profit_cents)
           select d::date, 1 + g % 2, 1 + g % 2, 10 + g % 3, g % 4, g % 2, g, 2 * g, g % 3, g % 5, g % 2, 1000 * g
             from generate_series('2026-01-01'::date, '2026-03-31'::date, '1 day') d, generate_series(1, 6) g`);
  await db.migrateRest();
  const monthly = await q<{ n: number }>('select count(*)::int as n from event_rollup_monthly');
  expect(monthly[0]!.n).toBeGreaterThan(0);
  const keys = 'user_id, campaign_type, campaign_id, relay_id, mail_provider_id';
  const figures = 'sent, delivered, infra_bounces, unique_opens, conversions, profit_cents';
  const expected = await q(
    `select date_trunc('month', day)::date::text as month, ${keys}, sum(sent)::int as sent,
            sum(delivered)::int as delivered, sum(infra_bounces)::int as infra_bounces,
            sum(unique_opens)::int as unique_opens, sum(conversions)::int as conversions,
            sum(profit_cents)::int8 as profit_cents
       from event_rollup_daily group by 1, ${keys} order by 1, ${keys}`,
  );
  const got = await q(`select month::text as month, ${keys}, ${figures} from event_rollup_monthly order by 1, ${keys}`);
  expect(got).toEqual(expected);
  expect(expected.map((r) => r.month)).toContain('2026-02-01');
  // Migration 0042 (decision 1511): the same months summed over owners and campaigns, per relay.
  const relayKeys = 'campaign_type, relay_id, mail_provider_id';
  const perRelay = await q(
    `select month::text as month, ${relayKeys}, ${figures.replace(/(\w+)/g, 'sum($1)::int8 as $1')}
       from event_rollup_monthly group by 1, ${relayKeys} order by 1, ${relayKeys}`,
  );
  const gotPerRelay = await q(
    `select month::text as month, ${relayKeys}, ${figures.replace(/(\w+)/g, '$1::int8 as $1')}
       from event_rollup_relay_monthly order by 1, ${relayKeys}`,
  );
  expect(gotPerRelay).toEqual(perRelay);
  expect(perRelay.length).toBeLessThan(expected.length);
});
