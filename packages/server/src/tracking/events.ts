import type pg from 'pg';
import { EventKind, type EventKindName, CampaignTypeOf } from '@console/shared/enums';
import type { TrackingCampaignType } from '@console/shared/tracking';
import { COUNTERS, type CounterName } from '../db/schema/index.ts';

/*
 * The event record and its counters (docs/decisions/0801). Writers hand `recordEvents` a batch: one
 * statement appends the events and adds them to the per-campaign, per-campaign-and-service,
 * per-campaign-and-domain counters and to the hourly and daily rollups (and conversions to the per-country
 * daily rollup, decision 0914), in the caller's transaction, so the counters
 * are exact whenever the events are committed (a group commit of many events costs one statement).
 * Every upsert goes in key order, so two writers (a sender and a tracker) lock counter rows in the same
 * order and never deadlock each other.
 */

export interface EventInput {
  kind: EventKindName;
  campaignType: TrackingCampaignType;
  campaignId: number;
  /** The campaign's owner (the rollup is per owner). */
  userId: number;
  relayId?: number | null;
  mailProviderId?: number | null;
  domain?: string | null;
  emailId?: number | null;
  /** The recipient's first open or click of this campaign (the unique counters). */
  first?: boolean;
  /** A conversion's amount, in cents. */
  amountCents?: number;
  /** A bounce's reply, a click's URL... */
  detail?: string | null;
  /** A click's GeoIP country; a conversion's country (the Profit report by Country, decision 0914). */
  country?: string | null;
  at?: Date;
}

/** The events each counter (db/schema/counters.ts COUNTERS) counts. */
const COUNTS: Record<CounterName, string> = {
  sent: `kind = ${EventKind.sent}`,
  delivered: `kind = ${EventKind.delivered}`,
  bounced: `kind = ${EventKind.bounced}`,
  interrupted: `kind = ${EventKind.interrupted}`,
  deferred: `kind = ${EventKind.deferred}`,
  opens: `kind = ${EventKind.open}`,
  uniqueOpens: `kind = ${EventKind.open} and first`,
  clicks: `kind = ${EventKind.click}`,
  uniqueClicks: `kind = ${EventKind.click} and first`,
  unsubscribes: `kind = ${EventKind.unsubscribe}`,
  complaints: `kind = ${EventKind.complaint}`,
  conversions: `kind = ${EventKind.conversion}`,
};
const METRICS = (Object.keys(COUNTERS) as CounterName[]).map((k) => [COUNTERS[k], COUNTS[k]] as const);
const sums = [
  ...METRICS.map(([col, when]) => `count(*) filter (where ${when})::int as ${col}`),
  `coalesce(sum(amount_cents) filter (where kind = ${EventKind.conversion}), 0)::bigint as profit_cents`,
].join(', ');
const COLUMNS = [...METRICS.map(([c]) => c), 'profit_cents'];
const adds = (table: string) => COLUMNS.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ');
const cols = COLUMNS.join(', ');

/** The statement, $1 the events as `eventsJson` makes them (the tracker prepares it by name, group-commit.ts). */
export const RECORD = `
with ins as (
  insert into events (at, kind, campaign_type, campaign_id, user_id, relay_id, mail_provider_id, domain, email_id,
                      first, amount_cents, detail, country)
  select coalesce(at, now()), kind, campaign_type, campaign_id, user_id, relay_id, mail_provider_id, domain, email_id,
         coalesce(first, false), coalesce(amount_cents, 0), detail, country
  from jsonb_to_recordset($1::jsonb) as e(at timestamptz, kind int2, campaign_type int2, campaign_id int, user_id int,
       relay_id int, mail_provider_id int, domain text, email_id bigint, first boolean, amount_cents int, detail text,
       country text)
  returning *
),
per_campaign as (
  insert into campaign_counters (campaign_type, campaign_id, ${cols})
  select campaign_type, campaign_id, ${sums} from ins group by 1, 2 order by 1, 2
  on conflict (campaign_type, campaign_id) do update set ${adds('campaign_counters')}
  returning 1
),
per_provider as (
  insert into campaign_provider_counters (campaign_type, campaign_id, mail_provider_id, ${cols})
  select campaign_type, campaign_id, mail_provider_id, ${sums} from ins where mail_provider_id is not null group by 1, 2, 3 order by 1, 2, 3
  on conflict (campaign_type, campaign_id, mail_provider_id) do update set ${adds('campaign_provider_counters')}
  returning 1
),
per_domain as (
  insert into campaign_domain_counters (campaign_type, campaign_id, domain, mail_provider_id, ${cols})
  select campaign_type, campaign_id, domain, max(coalesce(mail_provider_id, 0)), ${sums}
  from ins where domain is not null group by 1, 2, 3 order by 1, 2, 3
  on conflict (campaign_type, campaign_id, domain) do update set ${adds('campaign_domain_counters')}
  returning 1
),
hourly as (
  insert into event_rollup_hourly (hour, user_id, campaign_type, campaign_id, relay_id, mail_provider_id, ${cols})
  select date_trunc('hour', at), user_id, campaign_type, campaign_id, coalesce(relay_id, 0), coalesce(mail_provider_id, 0),
         ${sums}
  from ins group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
  on conflict (hour, user_id, campaign_type, campaign_id, relay_id, mail_provider_id) do update set ${adds('event_rollup_hourly')}
  returning 1
),
daily as (
  insert into event_rollup_daily (day, user_id, campaign_type, campaign_id, relay_id, mail_provider_id, ${cols})
  select (at at time zone 'UTC')::date, user_id, campaign_type, campaign_id, coalesce(relay_id, 0),
         coalesce(mail_provider_id, 0), ${sums}
  from ins group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
  on conflict (day, user_id, campaign_type, campaign_id, relay_id, mail_provider_id) do update set ${adds('event_rollup_daily')}
  returning 1
),
by_country as (
  insert into conversion_rollup_daily (day, user_id, campaign_type, campaign_id, country, conversions, profit_cents)
  select (at at time zone 'UTC')::date, user_id, campaign_type, campaign_id, coalesce(country, ''), count(*), sum(amount_cents)
  from ins where kind = ${EventKind.conversion} group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
  on conflict (day, user_id, campaign_type, campaign_id, country) do update
    set conversions = conversion_rollup_daily.conversions + excluded.conversions,
        profit_cents = conversion_rollup_daily.profit_cents + excluded.profit_cents
  returning 1
)
select (select count(*) from ins)::int as n, (select count(*) from per_campaign) + (select count(*) from per_provider)
  + (select count(*) from per_domain) + (select count(*) from hourly) + (select count(*) from daily)
  + (select count(*) from by_country) as touched`;

/** The events as RECORD's $1 reads them. */
export function eventsJson(events: EventInput[]): string {
  return JSON.stringify(
    events.map((e) => ({
      at: e.at?.toISOString() ?? null,
      kind: EventKind[e.kind],
      campaign_type: CampaignTypeOf[e.campaignType],
      campaign_id: e.campaignId,
      user_id: e.userId,
      relay_id: e.relayId ?? null,
      mail_provider_id: e.mailProviderId ?? null,
      domain: e.domain ?? null,
      email_id: e.emailId ?? null,
      first: e.first ?? false,
      amount_cents: e.amountCents ?? 0,
      detail: e.detail ?? null,
      country: e.country ?? null,
    })),
  );
}

/** Appends the events and adds them to every counter; returns how many were recorded. */
export async function recordEvents(client: pg.ClientBase, events: EventInput[]): Promise<number> {
  if (!events.length) return 0;
  // Named: PostgreSQL parses and analyses this long statement once per connection, not once per batch.
  const { rows: out } = await client.query<{ n: number }>({
    name: 'events.record',
    text: RECORD,
    values: [eventsJson(events)],
  });
  return out[0]?.n ?? 0;
}

/**
 * Creates the monthly partitions of the events table for this month and the next `ahead` months (a month
 * whose rows already went to the default partition keeps them there).
 */
export async function ensureEventPartitions(client: pg.Pool | pg.ClientBase, ahead = 2) {
  await client.query(
    `do $$ declare m date := date_trunc('month', now())::date; begin
       for i in 0..${Number(ahead)} loop
         begin
           execute format('create table if not exists %I partition of events for values from (%L) to (%L)',
             'events_' || to_char(m + make_interval(months => i), 'YYYY_MM'), m + make_interval(months => i),
             m + make_interval(months => i + 1));
         exception when check_violation then
           -- The default partition already holds rows of that month: they stay there, and so do the next.
           raise notice 'events: month % stays in the default partition', m + make_interval(months => i);
         end;
       end loop;
     end $$`,
  );
}
