import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  date,
  inet,
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

// Sending infrastructure (spec 2). Secrets (`*_enc`) are sealed by core/sealed.ts and never returned.

/** A PowerMTA host, reached over HTTP (pmtaHttpPort), SSH (sshPort) and SMTP injection (smtpPort). */
export const pmtaServers = pgTable(
  'pmta_servers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    serverIp: inet('server_ip').notNull(),
    pmtaHttpPort: integer('pmta_http_port').notNull().default(8080),
    sshPort: integer('ssh_port').notNull().default(22),
    smtpPort: integer('smtp_port').notNull().default(3535),
    /** null (plain), 'ssl' or 'tls'. */
    encryption: text('encryption'),
    serverUsername: text('server_username').notNull().default('root'),
    relayNormalSpeed: integer('relay_normal_speed').notNull().default(60),
    relayBackoffSpeed: integer('relay_backoff_speed').notNull().default(600),
    /** The addresses allowed to reach the PMTA HTTP interface (its http-access list). */
    ipList: text('ip_list').notNull(),
    isVps: boolean('is_vps').notNull().default(false),
    userId: ownerId(),
    /** Room for the PowerMTA issue: a per-server SSH password or private key, sealed; the pinned host key. */
    sshPasswordEnc: text('ssh_password_enc'),
    sshKeyEnc: text('ssh_key_enc'),
    hostKey: text('host_key'),
    /** An administrator assigned this host to its owner: it may share its address or host key with another owner's server. */
    hostAssigned: boolean('host_assigned').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('pmta_servers_host_idx').on(t.serverIp, t.sshPort),
    index('pmta_servers_user_idx').on(t.userId),
    index('pmta_servers_name_idx').on(t.name),
  ],
);

/** A plain SMTP host; its accounts are the SMTP relays. */
export const smtpServers = pgTable(
  'smtp_servers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull().default(25),
    tls: boolean('tls').notNull().default(false),
    relayNormalSpeed: integer('relay_normal_speed').notNull().default(60),
    relayBackoffSpeed: integer('relay_backoff_speed').notNull().default(600),
    /** VERP (decision 1440): the envelope sender's domain, `bounce+<id>@<domain>`; null sends from the relay's address. */
    returnPathDomain: text('return_path_domain'),
    userId: ownerId(),
    createdAt: createdAt(),
  },
  (t) => [index('smtp_servers_user_idx').on(t.userId)],
);

const relayGroupColumns = () => ({
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  userId: ownerId(),
  archive: timestamp('archive', { withTimezone: true }),
  createdAt: createdAt(),
});

export const pmtaRelayGroups = pgTable('pmta_relay_groups', relayGroupColumns(), (t) => [
  index('pmta_relay_groups_user_idx').on(t.userId),
]);

export const smtpRelayGroups = pgTable('smtp_relay_groups', relayGroupColumns(), (t) => [
  index('smtp_relay_groups_user_idx').on(t.userId),
]);

/** A SOCKS5 proxy an SMTP relay can send through. */
export const socksProxies = pgTable(
  'socks_proxies',
  {
    id: serial('id').primaryKey(),
    ip: inet('ip').notNull(),
    port: integer('port').notNull(),
    login: text('login'),
    passwordEnc: text('password_enc'),
    active: boolean('active').notNull().default(true),
    userId: ownerId(),
    /** The last check: when, and the address the proxy bound for it. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    boundIp: text('bound_ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('socks_proxies_user_idx').on(t.userId),
    uniqueIndex('socks_proxies_user_ip_port_key').on(t.userId, t.ip, t.port),
  ],
);

/**
 * A virtual MTA of a PMTA server: its SMTP host name, source IP and sender. `status` is the Rating
 * (1 Neutral, 2 Good, 3 Poor), derived from the relay's reputations (docs/decisions).
 */
export const pmtaRelays = pgTable(
  'pmta_relays',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    groupId: integer('group_id')
      .notNull()
      .references(() => pmtaRelayGroups.id, { onDelete: 'restrict' }),
    pmtaServerId: integer('pmta_server_id')
      .notNull()
      .references(() => pmtaServers.id, { onDelete: 'cascade' }),
    smtpHost: text('smtp_host').notNull(),
    ip: inet('ip').notNull(),
    senderEmail: text('sender_email').notNull(),
    active: boolean('active').notNull().default(false),
    status: smallint('status').notNull().default(1),
    normalSpeed: integer('normal_speed').notNull().default(60),
    backoffSpeed: integer('backoff_speed').notNull().default(600),
    backoff: boolean('backoff').notNull().default(false),
    /** When `backoff` was last set (the live queues' "since"; issue 40, decision 1402); null while not in backoff. */
    backoffSince: timestamp('backoff_since', { withTimezone: true }),
    /** Created without a virtual-mta block on its server (create only). */
    withoutVmta: boolean('without_vmta').notNull().default(false),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [
    index('pmta_relays_user_idx').on(t.userId),
    index('pmta_relays_group_idx').on(t.groupId),
    index('pmta_relays_server_idx').on(t.pmtaServerId),
    uniqueIndex('pmta_relays_server_ip_key').on(t.pmtaServerId, t.ip),
    // The list's "contains" filters (ILIKE '%...%') through trigrams (migration 0006 creates pg_trgm).
    index('pmta_relays_smtp_host_trgm').using('gin', sql`${t.smtpHost} gin_trgm_ops`),
    index('pmta_relays_description_trgm').using('gin', sql`${t.description} gin_trgm_ops`),
  ],
);

/** An account on an SMTP server. The password is sealed (core/sealed.ts). */
export const smtpRelays = pgTable(
  'smtp_relays',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    groupId: integer('group_id')
      .notNull()
      .references(() => smtpRelayGroups.id, { onDelete: 'restrict' }),
    smtpServerId: integer('smtp_server_id')
      .notNull()
      .references(() => smtpServers.id, { onDelete: 'cascade' }),
    socksId: integer('socks_id').references(() => socksProxies.id, { onDelete: 'set null' }),
    senderEmail: text('sender_email').notNull(),
    account: text('account').notNull(),
    passwordEnc: text('password_enc').notNull(),
    active: boolean('active').notNull().default(false),
    status: smallint('status').notNull().default(1),
    normalSpeed: integer('normal_speed').notNull().default(60),
    backoffSpeed: integer('backoff_speed').notNull().default(600),
    backoff: boolean('backoff').notNull().default(false),
    /** When `backoff` was last set (the live queues' "since"; issue 40, decision 1402); null while not in backoff. */
    backoffSince: timestamp('backoff_since', { withTimezone: true }),
    description: text('description'),
    /** The relay's provider DKIM-signs its mail itself: the console does not sign (issue 26). */
    providerSigns: boolean('provider_signs').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('smtp_relays_user_idx').on(t.userId),
    index('smtp_relays_group_idx').on(t.groupId),
    index('smtp_relays_socks_idx').on(t.socksId),
    uniqueIndex('smtp_relays_server_account_key').on(t.smtpServerId, t.account),
    index('smtp_relays_account_trgm').using('gin', sql`${t.account} gin_trgm_ops`),
  ],
);

/**
 * Where relay reputations come from: public DNS blocklists (`zone`, checked by a job) and the mailbox
 * providers' own tools that need an account (Postmaster, SNDS). Seeded by migration 0005.
 */
export const reputationProviders = pgTable('reputation_providers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** 'dnsbl' (looked up by IP in `zone`) or 'account' (needs credentials). */
  kind: text('kind').notNull(),
  zone: text('zone'),
  affectsRelayStatus: boolean('affects_relay_status').notNull().default(true),
  active: boolean('active').notNull().default(true),
});

/** The latest reputation of a PMTA relay at one provider (the reputations dialog). */
export const relayReputations = pgTable(
  'relay_reputations',
  {
    relayId: integer('relay_id')
      .notNull()
      .references(() => pmtaRelays.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => reputationProviders.id, { onDelete: 'cascade' }),
    /** Rating: 1 Neutral, 2 Good, 3 Poor. */
    reputation: smallint('reputation').notNull(),
    details: text('details'),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.relayId, t.providerId] })],
);

/** A PMTA relay switched off (or explicitly on) for one mail service; no row means on. */
export const pmtaRelaySwitches = pgTable(
  'pmta_relay_switches',
  {
    relayId: integer('relay_id')
      .notNull()
      .references(() => pmtaRelays.id, { onDelete: 'cascade' }),
    mailProviderId: integer('mail_provider_id')
      .notNull()
      .references(() => mailProviders.id, { onDelete: 'cascade' }),
    off: boolean('off').notNull(),
    /** Why the console switched it off (decision 1481: infrastructure bounces or complaints there); null for a person's switch. */
    reason: text('reason'),
    /** When the console switched it off; cleared with the reason when the Mail Services card turns it On. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.relayId, t.mailProviderId] })],
);

/**
 * An SMTP relay paused for one mail service (issue 39, decision 1442): its infrastructure bounces or its
 * complaints there over the last 24 hours crossed their line. The engine leaves the relay out for that
 * service until the owner resumes it from the Delivery screen (`resumed_at`).
 */
export const smtpRelayPauses = pgTable(
  'smtp_relay_pauses',
  {
    relayId: integer('relay_id')
      .notNull()
      .references(() => smtpRelays.id, { onDelete: 'cascade' }),
    mailProviderId: integer('mail_provider_id')
      .notNull()
      .references(() => mailProviders.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    pausedAt: timestamp('paused_at', { withTimezone: true }).notNull().defaultNow(),
    /** Resumed by a person: the engine uses the relay there again, and no new pause comes for 24 hours. */
    resumedAt: timestamp('resumed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.relayId, t.mailProviderId] })],
);

/**
 * Every PMTA relay IP and host that was created or deleted, for the IP/domain history tool (spec 3).
 * Written by statement triggers on pmta_relays (migration 0005), so no writer can forget it.
 */
export const relayHistory = pgTable(
  'relay_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    relayId: integer('relay_id').notNull(),
    pmtaServerId: integer('pmta_server_id').notNull(),
    userId: integer('user_id').notNull(),
    ip: inet('ip').notNull(),
    smtpHost: text('smtp_host').notNull(),
    /** 'created' or 'deleted'. */
    event: text('event').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('relay_history_ip_idx').on(t.ip), index('relay_history_host_idx').on(t.smtpHost)],
);

/**
 * The last non-delivery reply (deferral, bounce) of a relay at a mail service (issue 40, decision 1402): one
 * row per relay and service, upserted by each batch of outcomes in one statement (sending/outcomes.ts).
 * `relay_type` is relay_pacing's (CampaignType).
 */
export const relayLastReplies = pgTable(
  'relay_last_replies',
  {
    relayType: smallint('relay_type').notNull(),
    relayId: integer('relay_id').notNull(),
    mailProviderId: integer('mail_provider_id').notNull(),
    reply: text('reply').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.relayType, t.relayId, t.mailProviderId] })],
);

/**
 * A relay's or a PMTA queue's backoff episode its owner was told of (issue 40, decision 1403): the key is the
 * episode (`since`), so every process tells it once. `kind` 1 PMTA queue (`server_id`, `queue` D/V), 2 SMTP
 * relay (`server_id` 0, `queue` the relay's id).
 */
export const backoffNotices = pgTable(
  'backoff_notices',
  {
    kind: smallint('kind').notNull(),
    serverId: integer('server_id').notNull(),
    queue: text('queue').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.serverId, t.queue, t.since] })],
);

/**
 * Mail service settings (spec 2 "balancer profiles"): PowerMTA `<domain>` settings for the domains that
 * `domain_macro` names (pmta/domain-blocks.ts). Field names are the directives in camelCase.
 */
export const mailServiceSettings = pgTable('mail_service_settings', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  domainMacro: text('domain_macro').notNull(),
  maxSmtpOut: integer('max_smtp_out').notNull().default(20),
  maxMsgPerConnection: integer('max_msg_per_connection').notNull().default(0),
  maxErrorsPerConnection: text('max_errors_per_connection').notNull().default('unlimited'),
  maxMsgRate: text('max_msg_rate').notNull().default('unlimited'),
  bounceUponNoMx: boolean('bounce_upon_no_mx').notNull().default(false),
  assumeDeliveryTimeout: boolean('assume_delivery_timeout').notNull().default(false),
  smtpMxUnavailable: boolean('smtp_mx_unavailable').notNull().default(false),
  smtpInvalidMailbox: boolean('smtp_invalid_mailbox').notNull().default(true),
  bounceUponGreeting: boolean('bounce_upon_greeting').notNull().default(true),
  connectTimeout: text('connect_timeout').notNull().default('2m'),
  smtpGreetingTimeout: text('smtp_greeting_timeout').notNull().default('5m'),
  dataSendTimeout: text('data_send_timeout').notNull().default('3m'),
  retryAfter: text('retry_after').notNull().default('10m'),
  bounceAfter: text('bounce_after').notNull().default('4d12h'),
  smtpPatternList: text('smtp_pattern_list').notNull().default('blocking-errors'),
  backoffMaxMsgRate: text('backoff_max_msg_rate').notNull().default('unlimited'),
  backoffRetryAfter: text('backoff_retry_after').notNull().default('1h'),
  backoffToNormalAfterDelivery: boolean('backoff_to_normal_after_delivery').notNull().default(false),
  backoffToNormalAfter: text('backoff_to_normal_after').notNull().default('never'),
  dkSign: boolean('dk_sign').notNull().default(false),
  dkimSign: boolean('dkim_sign').notNull().default(false),
  deliverLocalDsn: boolean('deliver_local_dsn').notNull().default(true),
  createdAt: createdAt(),
});

/**
 * The DKIM key of a sender domain for SMTP campaigns (issue 26, decision 1020): one per owner and domain,
 * 2048-bit RSA made by the console, the private key sealed (core/sealed.ts) and never returned. The
 * sender signs the mail of the owner's SMTP relays whose sender address is on the domain. `dnsStatus` is
 * the last "check DNS" answer: match, mismatch, missing or error.
 */
export const dkimKeys = pgTable(
  'dkim_keys',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    domain: text('domain').notNull(),
    selector: text('selector').notNull(),
    privateKeyEnc: text('private_key_enc').notNull(),
    publicKey: text('public_key').notNull(),
    /** CFBL (RFC 9477, decision 1392): where receivers send complaints about mail from this domain. */
    complaintAddress: text('complaint_address'),
    dnsStatus: text('dns_status'),
    dnsCheckedAt: timestamp('dns_checked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dkim_keys_user_domain_key').on(t.userId, t.domain)],
);

/**
 * A warm-up plan (issue 40 §2, decision 1430): day 1..N, the most messages per day (and per hour) per mail
 * service. `services` is the schedule, WarmupService[] of packages/shared/src/warmup-plans.ts: one entry per
 * mail service (`mailProviderId` null: every service the plan does not name), `perDay[d - 1]` its day-d
 * allowance, `perHour` the hourly one when set (else derived from the day's).
 */
export const warmupPlans = pgTable(
  'warmup_plans',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    name: text('name').notNull(),
    description: text('description'),
    days: integer('days').notNull(),
    services: jsonb('services').notNull(),
    /** Health thresholds the daily step reads (WarmupThresholds). */
    thresholds: jsonb('thresholds').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('warmup_plans_user_idx').on(t.userId), uniqueIndex('warmup_plans_user_name_key').on(t.userId, t.name)],
);

/**
 * A relay in a warm-up plan and the day it is on (decision 1431): one row per relay (`relay_type` is
 * relay_pacing's), attached on its own or with its relay group (`group_id`). `day_started` is the UTC date
 * the current day began; the daily step (features/warmup-plans) moves `day`.
 */
export const warmupRelays = pgTable(
  'warmup_relays',
  {
    relayType: smallint('relay_type').notNull(),
    relayId: integer('relay_id').notNull(),
    userId: ownerId(),
    planId: integer('plan_id')
      .notNull()
      .references(() => warmupPlans.id, { onDelete: 'cascade' }),
    groupId: integer('group_id'),
    day: integer('day').notNull().default(1),
    dayStarted: date('day_started', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.relayType, t.relayId] }), index('warmup_relays_plan_idx').on(t.planId)],
);

/**
 * What a warmed-up relay used of its allowance, per mail service and UTC day, and in the current hour: taken
 * one message at a time by one conditional upsert (sending/warmup.ts), so every process shares it.
 */
export const warmupUsage = pgTable(
  'warmup_usage',
  {
    relayType: smallint('relay_type').notNull(),
    relayId: integer('relay_id').notNull(),
    mailProviderId: integer('mail_provider_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    used: integer('used').notNull().default(0),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    hourUsed: integer('hour_used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.relayType, t.relayId, t.mailProviderId, t.day] })],
);

/**
 * Everything a warm-up plan decided for a relay (attached, advanced, held, stepped back, detached) and why:
 * the relay's warm-up history (decision 1433; relay_history only records PMTA relays' IPs).
 */
export const warmupSteps = pgTable(
  'warmup_steps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    relayType: smallint('relay_type').notNull(),
    relayId: integer('relay_id').notNull(),
    userId: integer('user_id').notNull(),
    planId: integer('plan_id'),
    planName: text('plan_name').notNull(),
    /** attached, advanced, held, stepped back, detached. */
    decision: text('decision').notNull(),
    fromDay: integer('from_day'),
    toDay: integer('to_day'),
    /** The day judged (UTC), for advance / hold / step back: one decision per relay and day. */
    judgedDay: date('judged_day', { mode: 'string' }),
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('warmup_steps_relay_idx').on(t.relayType, t.relayId, t.id),
    uniqueIndex('warmup_steps_judged_key').on(t.relayType, t.relayId, t.judgedDay),
  ],
);
