// @ts-nocheck
import type pg from 'pg';
import { CampaignType } from '@console/shared/enums';
import { INDICATOR_WINDOW_MAX_DAYS } from '@console/shared/pmta-relay-indicators';
import { transaction } from '../../db/transaction.ts';

/*
 * The nightly PMTA Relays Indicators (decision 0919), set-based from the daily rollup of PMTA campaigns
 * (campaign_type CampaignType.PMTA, relay_id = the PMTA relay). The days counted are whole UTC days ending yesterday
 * (the run at 02:00 never counts the two hours of today):
 * - age: UTC calendar days from the relay's creation day to today (0 on its first day);
 * - window: the last `least(greatest(age, 1), 365)` days; deliveredPerDay, bouncedPerDay,
 *   conversionPerDay and profitPerDay (cents / 100) are the window's sums divided by its days;
 * - profit90/60/30 and conv90/60/30: the sums over the last 90/60/30 days (cents, counts).
 * One row per relay for all mail services (mail_provider_id null: every rollup row of the relay, those
 * without a service too) and one per service the relay has rollup rows for in those days.
 */
const COMPUTE = `
with params as (
  select $1::timestamptz as computed_at, ($1::timestamptz at time zone 'UTC')::date as today
),
relays as (
  select r.id, greatest(p.today - (r.created_at at time zone 'UTC')::date, 0) as age, p.today
  from pmta_relays r, params p
),
w as (
  select id, age, today, least(greatest(age, 1), ${INDICATOR_WINDOW_MAX_DAYS}) as days from relays
),
sums as (
  select d.relay_id,
         case when grouping(d.mail_provider_id) = 1 then null else d.mail_provider_id end as provider,
         coalesce(sum(d.delivered) filter (where d.day >= w.today - w.days), 0)::float8 as delivered,
         coalesce(sum(d.bounced) filter (where d.day >= w.today - w.days), 0)::float8 as bounced,
         coalesce(sum(d.conversions) filter (where d.day >= w.today - w.days), 0)::float8 as conversions,
         coalesce(sum(d.profit_cents) filter (where d.day >= w.today - w.days), 0)::float8 as profit,
         coalesce(sum(d.profit_cents) filter (where d.day >= w.today - 90), 0)::bigint as profit90,
         coalesce(sum(d.profit_cents) filter (where d.day >= w.today - 60), 0)::bigint as profit60,
         coalesce(sum(d.profit_cents) filter (where d.day >= w.today - 30), 0)::bigint as profit30,
         coalesce(sum(d.conversions) filter (where d.day >= w.today - 90), 0)::int as conv90,
         coalesce(sum(d.conversions) filter (where d.day >= w.today - 60), 0)::int as conv60,
         coalesce(sum(d.conversions) filter (where d.day >= w.today - 30), 0)::int as conv30
  from event_rollup_daily d
  join w on w.id = d.relay_id
  where d.campaign_type = ${CampaignType.PMTA}
    and d.day >= w.today - greatest(w.days, 90) and d.day < w.today
  group by grouping sets ((d.relay_id), (d.relay_id, d.mail_provider_id))
),
rows as (
  -- every relay's all-services row (zeros without traffic), then its rows per existing mail service
  select w.id as relay_id, null::int as provider, w.age, w.days, s.delivered, s.bounced, s.conversions, s.profit,
         s.profit90, s.profit60, s.profit30, s.conv90, s.conv60, s.conv30
  from w left join sums s on s.relay_id = w.id and s.provider is null
  union all
  select w.id, s.provider, w.age, w.days, s.delivered, s.bounced, s.conversions, s.profit,
         s.profit90, s.profit60, s.profit30, s.conv90, s.conv60, s.conv30
  from w join sums s on s.relay_id = w.id
  join mail_providers mp on mp.id = s.provider
)
insert into pmta_relay_indicators (relay_id, mail_provider_id, age, delivered_per_day, bounced_per_day,
  conversion_per_day, profit90, profit60, profit30, conv90, conv60, conv30, profit_per_day, computed_at)
select relay_id, provider, age,
       coalesce(delivered, 0) / days, coalesce(bounced, 0) / days, coalesce(conversions, 0) / days,
       coalesce(profit90, 0), coalesce(profit60, 0), coalesce(profit30, 0),
       coalesce(conv90, 0), coalesce(conv60, 0), coalesce(conv30, 0),
       coalesce(profit, 0) / days / 100, (select computed_at from params)
from rows
order by relay_id, provider nulls first`;

/**
 * Replaces the whole indicator set in one transaction (the report always shows one night's rows). `client`
 * is a connection of its own (not in a transaction); runs one at a time (an advisory lock).
 */
export async function computeRelayIndicators(client: pg.ClientBase, now = new Date()): Promise<number> {
  return transaction(client, async () => {
    await client.query(`select pg_advisory_xact_lock(hashtext('pmta_relay_indicators'))`);
    await client.query('delete from pmta_relay_indicators');
    const { rowCount } = await client.query(COMPUTE, [now.toISOString()]);
    return rowCount ?? 0;
  });
}
