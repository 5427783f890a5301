import { bigint, date, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

// Events and their counters (ARCHITECTURE §5, docs/decisions/0801). The append-only `events` table is
// partitioned by month and created by migration 0011 in SQL (drizzle does not declare partitions); the
// counters below are kept from it incrementally by tracking/events.ts, never by rescanning.

/** Recipients prepared (set by the prepare step; the events never change it). */
const total = () => integer('total').notNull().default(0);

/**
 * The counter columns every counter row carries, one per event kind (opens and clicks also as unique):
 * property -> column. The one list: the tables below spread them and tracking/events.ts says which events
 * each one counts (a counter added here without its events there is a type error).
 */
export const COUNTERS = {
  sent: 'sent',
  delivered: 'delivered',
  bounced: 'bounced',
  /**
   * Bounces for the relay's or the message's sake, never the recipient's (issue 39, decision 1362): counted
   * in `bounced` too, and here apart (the reports' and dashboard's "Infra bounces").
   */
  infraBounces: 'infra_bounces',
  /** Permanent bounces (bad-mailbox, bad-domain, inactive-mailbox): the hard-bounce rate's (decision 1391). */
  hardBounces: 'hard_bounces',
  /** Sessions that broke after the final dot: maybe accepted, never resent, never counted as sent (decision 1100). */
  interrupted: 'interrupted',
  deferred: 'deferred',
  opens: 'opens',
  uniqueOpens: 'unique_opens',
  clicks: 'clicks',
  uniqueClicks: 'unique_clicks',
  unsubscribes: 'unsubscribes',
  complaints: 'complaints',
  conversions: 'conversions',
} as const;
export type CounterName = keyof typeof COUNTERS;

const counter = <N extends string>(name: N) => integer(name).notNull().default(0);
type CounterColumns = { [K in CounterName]: ReturnType<typeof counter<(typeof COUNTERS)[K]>> };

const metrics = () => ({
  ...(Object.fromEntries(Object.entries(COUNTERS).map(([key, name]) => [key, counter(name)])) as CounterColumns),
  profitCents: bigint('profit_cents', { mode: 'number' }).notNull().default(0),
});

/** Per campaign: the statistics screen's overall table and the campaign lists' progress. */
export const campaignCounters = pgTable(
  'campaign_counters',
  {
    campaignType: smallint('campaign_type').notNull(),
    campaignId: integer('campaign_id').notNull(),
    total: total(),
    ...metrics(),
  },
  (t) => [primaryKey({ columns: [t.campaignType, t.campaignId] })],
);

/** Per campaign and mail service: the per-service table. */
export const campaignProviderCounters = pgTable(
  'campaign_provider_counters',
  {
    campaignType: smallint('campaign_type').notNull(),
    campaignId: integer('campaign_id').notNull(),
    mailProviderId: integer('mail_provider_id').notNull(),
    total: total(),
    ...metrics(),
  },
  (t) => [primaryKey({ columns: [t.campaignType, t.campaignId, t.mailProviderId] })],
);

/** Per campaign and recipient domain: 'Top 20 domains in {service} mail service'. */
export const campaignDomainCounters = pgTable(
  'campaign_domain_counters',
  {
    campaignType: smallint('campaign_type').notNull(),
    campaignId: integer('campaign_id').notNull(),
    mailProviderId: integer('mail_provider_id').notNull(),
    domain: text('domain').notNull(),
    total: total(),
    ...metrics(),
  },
  (t) => [primaryKey({ columns: [t.campaignType, t.campaignId, t.domain] })],
);

/**
 * Per hour, owner, campaign, relay and mail service: what the dashboard, home and the reports read
 * (relay 0 / provider 0 for events without one).
 */
export const eventRollupHourly = pgTable(
  'event_rollup_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    userId: integer('user_id').notNull(),
    campaignType: smallint('campaign_type').notNull(),
    campaignId: integer('campaign_id').notNull(),
    relayId: integer('relay_id').notNull(),
    mailProviderId: integer('mail_provider_id').notNull(),
    ...metrics(),
  },
  (t) => [
    primaryKey({ columns: [t.hour, t.userId, t.campaignType, t.campaignId, t.relayId, t.mailProviderId] }),
    index('event_rollup_hourly_user_hour_idx').on(t.userId, t.hour),
    index('event_rollup_hourly_relay_hour_idx').on(t.relayId, t.hour),
  ],
);

/**
 * The hourly rollup summed per UTC day (migration 0018, decision 0914): what the date-range reports read,
 * so a 90-day report sums a few rows per campaign, relay and service and day instead of 24.
 */
export const eventRollupDaily = pgTable(
  'event_rollup_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    campaignType: smallint('campaign_type').notNull(),
    campaignId: integer('campaign_id').notNull(),
    relayId: integer('relay_id').notNull(),
    mailProviderId: integer('mail_provider_id').notNull(),
    ...metrics(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.userId, t.campaignType, t.campaignId, t.relayId, t.mailProviderId] }),
    index('event_rollup_daily_user_day_idx').on(t.userId, t.day),
    index('event_rollup_daily_relay_day_idx').on(t.campaignType, t.relayId, t.day),
    index('event_rollup_daily_campaign_idx').on(t.campaignType, t.campaignId),
  ],
);

/**
 * The daily rollup summed per UTC month (`month` its first day; decision 1500), kept by `recordEvents` in the
 * same statement: a year-long report sums twelve rows per campaign, relay and service instead of 365.
 */
export const eventRollupMonthly = pgTable(
  'event_rollup_monthly',
  {
    month: date('month', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    campaignType: smallint('campaign_type').notNull(),
    campaignId: integer('campaign_id').notNull(),
    relayId: integer('relay_id').notNull(),
    mailProviderId: integer('mail_provider_id').notNull(),
    ...metrics(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.userId, t.campaignType, t.campaignId, t.relayId, t.mailProviderId] }),
    index('event_rollup_monthly_user_month_idx').on(t.userId, t.month),
    index('event_rollup_monthly_relay_month_idx').on(t.campaignType, t.relayId, t.month),
  ],
);

/**
 * The monthly rollup summed over owners and campaigns: one row per month, campaign type, relay and mail service
 * (decision 1511), kept by `recordEvents` in the same statement. The relay reports' year sums a few rows per
 * relay instead of one per relay, campaign and service.
 */
export const eventRollupRelayMonthly = pgTable(
  'event_rollup_relay_monthly',
  {
    month: date('month', { mode: 'string' }).notNull(),
    campaignType: smallint('campaign_type').notNull(),
    relayId: integer('relay_id').notNull(),
    mailProviderId: integer('mail_provider_id').notNull(),
    ...metrics(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.campaignType, t.relayId, t.mailProviderId] }),
    index('event_rollup_relay_monthly_relay_month_idx').on(t.campaignType, t.relayId, t.month),
  ],
);

/**
 * Conversions per UTC day, campaign and country (the Profit report by Country): the country is the
 * recipient's geo, else the GeoIP country of the recipient's last click before converting, else ''.
 */
export const conversionRollupDaily = pgTable(
  'conversion_rollup_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    campaignType: smallint('campaign_type').notNull(),
    campaignId: integer('campaign_id').notNull(),
    country: text('country').notNull().default(''),
    conversions: integer('conversions').notNull().default(0),
    profitCents: bigint('profit_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.userId, t.campaignType, t.campaignId, t.country] }),
    index('conversion_rollup_daily_user_day_idx').on(t.userId, t.day),
  ],
);
