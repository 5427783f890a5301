import type pg from 'pg';
import { EventKind, type EventKindName, CampaignTypeOf } from '@console/shared/enums';
import type { TrackingCampaignType } from '@console/shared/tracking';
import { statementName } from '../db/pooler.ts';
import { COUNTERS, type CounterName } from '../db/schema/index.ts';
import { INFRA_CATEGORIES, PERMANENT_CATEGORIES } from '../suppression/bounce-rules.ts';

/*
 * The event record and its counters (docs/decisions/0801). Writers hand `recordEvents` a batch: one
 * statement appends the events and adds them to the per-campaign, per-campaign-and-service,
 * per-campaign-and-domain counters, to the hourly, daily and monthly rollups and the monthly one per relay
 * (decision 1511), and conversions to the per-country daily rollup (decision 0914), in the caller's
 * transaction, so the counters are exact whenever the events are committed (a group commit of many events
 * costs one statement).
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

const sqlList = (words: readonly string[]) => words.map((c) => `'${c}'`).join(', ');

/** The events each counter (db/schema/counters.ts COUNTERS) counts. */
const COUNTS: Record<CounterName, string> = {
  sent: `kind = ${EventKind.sent}`,
  delivered: `kind = ${EventKind.delivered}`,
  bounced: `kind = ${EventKind.bounced}`,
  // A bounce's detail starts with its category (`spam-related: 550 5.7.1 ...`): suppression/bounce-rules.ts.
  infraBounces: `kind = ${EventKind.bounced} and split_part(detail, ':', 1) in (${sqlList(INFRA_CATEGORIES)})`,
  hardBounces: `kind = ${EventKind.bounced} and split_part(detail, ':', 1) in (${sqlList(PERMANENT_CATEGORIES)})`,
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
const COLUMNS = [...METRICS.map(([c]) => c), 'profit_cents'];
/** The counters of the events of one group of `ins`: each event's kind tested once (decision 1503). */
const counted = [
  ...METRICS.map(([col, when]) => `count(*) filter (where ${when})::int as ${col}`),
  `coalesce(sum(amount_cents) filter (where kind = ${EventKind.conversion}), 0)::bigint as profit_cents`,
].join(', ');
/** The same counters summed over rows of `g`. */
const sums = COLUMNS.map((c) => `sum(${c})::${c === 'profit_cents' ? 'bigint' : 'int'}`).join(', ');
const adds = (table: string) => COLUMNS.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ');
const cols = COLUMNS.join(', ');

/**
 * The statement, $1..$13 the events' columns as `eventColumns` makes them (the tracker prepares it: batch-sql.ts).
 * The events are counted once, into `g` at the finest grain any counter needs (hour, day, owner, campaign,
 * relay, mail service, domain); each counter and rollup then sums the few rows of `g` instead of testing every
 * event's kind again (decision 1503).
 */
export const RECORD = `
with ins as (
  insert into events (at, kind, campaign_type, campaign_id, user_id, relay_id, mail_provider_id, domain, email_id,
                      first, amount_cents, detail, country)
  select coalesce(to_timestamp(at::float8 / 1000), now()), kind, campaign_type, campaign_id, user_id, relay_id,
         mail_provider_id, domain, email_id, coalesce(first, false), coalesce(amount_cents, 0), detail, country
  from unnest($1::int8[], $2::int2[], $3::int2[], $4::int[], $5::int[], $6::int[], $7::int[], $8::text[],
              $9::bigint[], $10::boolean[], $11::int[], $12::text[], $13::text[])
       as e(at, kind, campaign_type, campaign_id, user_id, relay_id, mail_provider_id, domain, email_id, first,
            amount_cents, detail, country)
  returning at, kind, campaign_type, campaign_id, user_id, relay_id, mail_provider_id, domain, first, amount_cents,
            detail, country
),
g as (
  select date_trunc('hour', at) as hour, (at at time zone 'UTC')::date as day, user_id, campaign_type, campaign_id,
         relay_id, mail_provider_id, domain, ${counted}
  from ins group by 1, 2, 3, 4, 5, 6, 7, 8
),
per_campaign as (
  insert into campaign_counters (campaign_type, campaign_id, ${cols})
  select campaign_type, campaign_id, ${sums} from g group by 1, 2 order by 1, 2
  on conflict (campaign_type, campaign_id) do update set ${adds('campaign_counters')}
  returning 1
),
per_provider as (
  insert into campaign_provider_counters (campaign_type, campaign_id, mail_provider_id, ${cols})
  select campaign_type, campaign_id, mail_provider_id, ${sums} from g where mail_provider_id is not null group by 1, 2, 3 order by 1, 2, 3
  on conflict (campaign_type, campaign_id, mail_provider_id) do update set ${adds('campaign_provider_counters')}
  returning 1
),
per_domain as (
  insert into campaign_domain_counters (campaign_type, campaign_id, domain, mail_provider_id, ${cols})
  select campaign_type, campaign_id, domain, max(coalesce(mail_provider_id, 0)), ${sums}
  from g where domain is not null group by 1, 2, 3 order by 1, 2, 3
  on conflict (campaign_type, campaign_id, domain) do update set ${adds('campaign_domain_counters')}
  returning 1
),
hourly as (
  insert into event_rollup_hourly (hour, user_id, campaign_type, campaign_id, relay_id, mail_provider_id, ${cols})
  select hour, user_id, campaign_type, campaign_id, coalesce(relay_id, 0), coalesce(mail_provider_id, 0), ${sums}
  from g group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
  on conflict (hour, user_id, campaign_type, campaign_id, relay_id, mail_provider_id) do update set ${adds('event_rollup_hourly')}
  returning 1
),
daily as (
  insert into event_rollup_daily (day, user_id, campaign_type, campaign_id, relay_id, mail_provider_id, ${cols})
  select day, user_id, campaign_type, campaign_id, coalesce(relay_id, 0), coalesce(mail_provider_id, 0), ${sums}
  from g group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
  on conflict (day, user_id, campaign_type, campaign_id, relay_id, mail_provider_id) do update set ${adds('event_rollup_daily')}
  returning 1
),
monthly as (
  insert into event_rollup_monthly (month, user_id, campaign_type, campaign_id, relay_id, mail_provider_id, ${cols})
  select date_trunc('month', day)::date, user_id, campaign_type, campaign_id, coalesce(relay_id, 0),
         coalesce(mail_provider_id, 0), ${sums}
  from g group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
  on conflict (month, user_id, campaign_type, campaign_id, relay_id, mail_provider_id) do update set ${adds('event_rollup_monthly')}
  returning 1
),
relay_monthly as (
  insert into event_rollup_relay_monthly (month, campaign_type, relay_id, mail_provider_id, ${cols})
  select date_trunc('month', day)::date, campaign_type, coalesce(relay_id, 0), coalesce(mail_provider_id, 0), ${sums}
  from g group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (month, campaign_type, relay_id, mail_provider_id) do update set ${adds('event_rollup_relay_monthly')}
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
  + (select count(*) from per_domain) + (select count(*) from hourly) + (select count(*) from daily) + (select count(*) from monthly)
  + (select count(*) from relay_monthly) + (select count(*) from by_country) as touched`;

/** RECORD's parameter types, in order. */
export const RECORD_TYPES =
  'int8[], int2[], int2[], int[], int[], int[], int[], text[], bigint[], boolean[], int[], text[], text[]';

/**
 * The events as RECORD's 13 arrays, one per column: PostgreSQL reads typed arrays in about half the CPU of
 * the same rows as jsonb_to_recordset (decision 1170). Times go as epoch milliseconds: a number is written
 * and read in a fraction of a timestamp's text (decision 1250).
 */
export function eventColumns(events: EventInput[]): unknown[][] {
  const cols: unknown[][] = Array.from({ length: 13 }, () => new Array<unknown>(events.length));
  events.forEach((e, i) => {
    cols[0]![i] = e.at ? e.at.getTime() : null;
    cols[1]![i] = EventKind[e.kind];
    cols[2]![i] = CampaignTypeOf[e.campaignType];
    cols[3]![i] = e.campaignId;
    cols[4]![i] = e.userId;
    cols[5]![i] = e.relayId ?? null;
    cols[6]![i] = e.mailProviderId ?? null;
    cols[7]![i] = e.domain ?? null;
    cols[8]![i] = e.emailId ?? null;
    cols[9]![i] = e.first ?? false;
    cols[10]![i] = e.amountCents ?? 0;
    cols[11]![i] = e.detail ?? null;
    cols[12]![i] = e.country ?? null;
  });
  return cols;
}

/** Appends the events and adds them to every counter; returns how many were recorded. */
export async function recordEvents(client: pg.ClientBase, events: EventInput[]): Promise<number> {
  if (!events.length) return 0;
  // Named: PostgreSQL parses and analyses this long statement once per connection, not once per batch.
  const { rows: out } = await client.query<{ n: number }>({
    name: statementName('events.record'),
    text: RECORD,
    values: eventColumns(events),
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
