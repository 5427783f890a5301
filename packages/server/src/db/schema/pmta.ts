import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { ownerId } from './accounts.ts';
import { mailProviders } from './lists.ts';
import { messages } from './messages.ts';
import { offers } from './offers.ts';
import { pmtaServers, pmtaRelays, mailServiceSettings } from './relays.ts';

/**
 * The DKIM key of a PMTA relay (issue 12): PMTA signs with `domain-key selector,domain,path` (pmta/config).
 * The private key is sealed (core/sealed.ts) and never returned; the public key goes into the DNS TXT record.
 */
export const pmtaRelayDkim = pgTable('pmta_relay_dkim', {
  relayId: integer('relay_id')
    .primaryKey()
    .references(() => pmtaRelays.id, { onDelete: 'cascade' }),
  selector: text('selector').notNull(),
  domain: text('domain').notNull(),
  privateKeyEnc: text('private_key_enc').notNull(),
  publicKey: text('public_key').notNull(),
  createdAt: createdAt(),
});

/**
 * The last reading of a PMTA server's queues (issue 40, decisions 1400-1401): written by the polling job,
 * read by the live view (which never waits on a server). `watched_until`: someone has the view open; the job
 * reads watched servers every few seconds and the others once a minute. `queues` holds the parsed queue
 * rows (pmta/queues.ts `PmtaQueue`), `source` 'http' or 'ssh', `error` the last failure to read.
 */
export const pmtaQueueSnapshots = pgTable('pmta_queue_snapshots', {
  pmtaServerId: integer('pmta_server_id')
    .primaryKey()
    .references(() => pmtaServers.id, { onDelete: 'cascade' }),
  readAt: timestamp('read_at', { withTimezone: true }),
  source: text('source'),
  error: text('error'),
  queues: jsonb('queues').notNull().default([]),
  /** The queues summed per mail service (shared `deliveryServiceItem`), kept with each change of `queues`. */
  services: jsonb('services').notNull().default([]),
  recipients: integer('recipients').notNull().default(0),
  inBackoff: integer('in_backoff').notNull().default(0),
  watchedUntil: timestamp('watched_until', { withTimezone: true }),
});

/**
 * The backoff episodes of PMTA queues as the readings saw them (decision 1485): one row per queue (domain/VMTA)
 * and episode, from `since` (PMTA's mode-since, else the first reading in backoff) to `until` (its mode-since
 * back to normal, else the last reading that saw it in backoff); `seen_at` is that last reading while it lasts.
 * The warm-up plans' daily step sums them per relay (the VMTA) and mail service (the domain) over the day.
 */
export const pmtaQueueBackoffs = pgTable(
  'pmta_queue_backoffs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pmtaServerId: integer('pmta_server_id')
      .notNull()
      .references(() => pmtaServers.id, { onDelete: 'cascade' }),
    queue: text('queue').notNull(),
    domain: text('domain').notNull(),
    vmta: text('vmta').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    until: timestamp('until', { withTimezone: true }),
    reply: text('reply'),
  },
  (t) => [
    uniqueIndex('pmta_queue_backoffs_open_key')
      .on(t.pmtaServerId, t.queue)
      .where(sql`until is null`),
    index('pmta_queue_backoffs_vmta_idx').on(t.pmtaServerId, t.vmta, t.since),
    index('pmta_queue_backoffs_until_idx').on(t.until),
  ],
);

/**
 * A mail service setting's state on one PMTA server (spec 2 "Balancers", issue 12, decision 0905): a row
 * appears on the first Sync; `removed` leaves the setting's `<domain>` blocks out of the server's config
 * until the next Sync puts every setting back.
 */
export const pmtaServerBalancers = pgTable(
  'pmta_server_balancers',
  {
    id: serial('id').primaryKey(),
    pmtaServerId: integer('pmta_server_id')
      .notNull()
      .references(() => pmtaServers.id, { onDelete: 'cascade' }),
    mailServiceSettingId: integer('mail_service_setting_id')
      .notNull()
      .references(() => mailServiceSettings.id, { onDelete: 'cascade' }),
    /** 'uploaded' | 'upload failed' | 'removed' (the spec's words). */
    status: text('status').notNull(),
    comment: text('comment').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pmta_server_balancers_server_setting').on(t.pmtaServerId, t.mailServiceSettingId)],
);

/** The last PMTA Trouble Report check of a server (spec 3, issue 12): flags per trouble name, true = trouble. */
export const pmtaServerTroubles = pgTable('pmta_server_troubles', {
  pmtaServerId: integer('pmta_server_id')
    .primaryKey()
    .references(() => pmtaServers.id, { onDelete: 'cascade' }),
  troubles: jsonb('troubles').$type<Record<string, boolean>>().notNull(),
  /** Why each trouble is on, for the popup (trouble name -> text). */
  details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A PMTA config file of the console (spec 3 "PMTA configs", issue 14): directives for servers (type 0,
 * included at the top level of a server's configuration) or relays (type 1, included inside a relay's
 * VMTA). `version` grows on every update, so applied copies know they are stale.
 */
export const pmtaConfigs = pgTable('pmta_configs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  type: smallint('type').notNull(),
  fileName: text('file_name').notNull(),
  content: text('content').notNull(),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A config applied to one recipient: a server (type 0 configs) or a relay (type 1). `version` is the
 * config's version on the recipient, 0 until uploaded (spec 3); `error` is the last failed upload's message.
 */
export const appliedPmtaConfigs = pgTable(
  'applied_pmta_configs',
  {
    id: serial('id').primaryKey(),
    configId: integer('config_id')
      .notNull()
      .references(() => pmtaConfigs.id, { onDelete: 'cascade' }),
    pmtaServerId: integer('pmta_server_id').references(() => pmtaServers.id, { onDelete: 'cascade' }),
    pmtaRelayId: integer('pmta_relay_id').references(() => pmtaRelays.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(0),
    error: text('error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applied_pmta_configs_server').on(t.configId, t.pmtaServerId),
    uniqueIndex('applied_pmta_configs_relay').on(t.configId, t.pmtaRelayId),
    check('applied_pmta_configs_one_recipient', sql`num_nonnulls(${t.pmtaServerId}, ${t.pmtaRelayId}) = 1`),
  ],
);

/**
 * A relay's speed for one mail service (spec 3 "PMTA speeds", issue 14), in messages per hour: `localValue`
 * set in the console (0 = read mode: only read the server's rate), `remoteValue` as last read from the server.
 */
export const pmtaSpeeds = pgTable(
  'pmta_speeds',
  {
    id: serial('id').primaryKey(),
    relayId: integer('relay_id')
      .notNull()
      .references(() => pmtaRelays.id, { onDelete: 'cascade' }),
    mailProviderId: integer('mail_provider_id')
      .notNull()
      .references(() => mailProviders.id, { onDelete: 'cascade' }),
    localValue: integer('local_value').notNull().default(0),
    localTime: timestamp('local_time', { withTimezone: true }),
    remoteValue: integer('remote_value'),
    remoteTime: timestamp('remote_time', { withTimezone: true }),
  },
  (t) => [uniqueIndex('pmta_speeds_relay_provider').on(t.relayId, t.mailProviderId)],
);

/**
 * A PMTA e-mail test (spec 3, issue 13, decision 0912): one rendered message injected through a relay's VMTA
 * with the ENVID `test-<id>`. `status` indexes PMTA_EMAIL_TEST_STATUSES (shared); the accounting records move
 * it, `statusAt` being the timeLogged of the record that set it (an older record never wins).
 */
export const pmtaEmailTests = pgTable(
  'pmta_email_tests',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    email: text('email').notNull(),
    sender: text('sender').notNull(),
    pmtaRelayId: integer('pmta_relay_id')
      .notNull()
      .references(() => pmtaRelays.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(0),
    reason: text('reason'),
    statusAt: timestamp('status_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pmta_email_tests_user_idx').on(t.userId), index('pmta_email_tests_relay_idx').on(t.pmtaRelayId)],
);

// Reports computed by jobs (issue 15, decision 0914).

/**
 * PMTA Relays Indicators, generated nightly: one row per relay for all its mail services
 * (`mail_provider_id` null) and one per relay and service it sent to. Per-day figures are over the relay's
 * age, at most the last 365 days; profit in cents; `profit_per_day` in currency units.
 */
export const pmtaRelayIndicators = pgTable(
  'pmta_relay_indicators',
  {
    id: serial('id').primaryKey(),
    relayId: integer('relay_id')
      .notNull()
      .references(() => pmtaRelays.id, { onDelete: 'cascade' }),
    mailProviderId: integer('mail_provider_id').references(() => mailProviders.id, { onDelete: 'cascade' }),
    /** Days since the relay was created. */
    age: integer('age').notNull(),
    deliveredPerDay: doublePrecision('delivered_per_day').notNull(),
    bouncedPerDay: doublePrecision('bounced_per_day').notNull(),
    conversionPerDay: doublePrecision('conversion_per_day').notNull(),
    profit90: bigint('profit90', { mode: 'number' }).notNull(),
    profit60: bigint('profit60', { mode: 'number' }).notNull(),
    profit30: bigint('profit30', { mode: 'number' }).notNull(),
    conv90: integer('conv90').notNull(),
    conv60: integer('conv60').notNull(),
    conv30: integer('conv30').notNull(),
    profitPerDay: doublePrecision('profit_per_day').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pmta_relay_indicators_relay_provider_key').on(t.relayId, sql`coalesce(${t.mailProviderId}, 0)`),
    index('pmta_relay_indicators_provider_idx').on(t.mailProviderId),
  ],
);

/**
 * Relay deliverability, computed hourly: per PMTA relay and mail service, the relay's delivery rate to that
 * service as a percentage of the delivery rate of all relays (every group) to it, over all time, 24 and 2
 * hours; null where the relay sent nothing to the service in that window.
 */
export const pmtaRelayDeliverabilities = pgTable(
  'pmta_relay_deliverabilities',
  {
    relayId: integer('relay_id')
      .notNull()
      .references(() => pmtaRelays.id, { onDelete: 'cascade' }),
    mailProviderId: integer('mail_provider_id')
      .notNull()
      .references(() => mailProviders.id, { onDelete: 'cascade' }),
    scoreAllTime: doublePrecision('score_all_time'),
    score24: doublePrecision('score24'),
    score2: doublePrecision('score2'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.relayId, t.mailProviderId] }),
    index('pmta_relay_deliverabilities_provider_idx').on(t.mailProviderId),
  ],
);
