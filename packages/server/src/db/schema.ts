import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  boolean,
  date,
  doublePrecision,
  index,
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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{ROLE_USER}'`),
    isActive: boolean('is_active').notNull().default(false),
    profitRate: doublePrecision('profit_rate').notNull().default(100),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
  ],
);

/** Refresh tokens are stored hashed; a family shares one login, so reuse of a rotated token revokes it all. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    family: text('family').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.family)],
);

/** Failed sign-ins, per e-mail and per client address, for slowing down guessing. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status').notNull().default('success'),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`),
  ],
);

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
  createdAt: createdAt(),
});

export const mailProviders = pgTable('mail_providers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** Domains of the mail providers; the same table holds the spam-trap (blacklisted) domains. */
export const mailProviderDomains = pgTable(
  'mail_provider_domains',
  {
    id: serial('id').primaryKey(),
    domain: text('domain').notNull().unique(),
    mailProviderId: integer('mail_provider_id').references(() => mailProviders.id, { onDelete: 'set null' }),
    isBlacklisted: boolean('is_blacklisted').notNull().default(false),
  },
  (t) => [
    index('mail_provider_domains_blacklisted_idx')
      .on(t.domain)
      .where(sql`is_blacklisted`),
  ],
);

export const spamEmails = pgTable('spam_emails', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  info: text('info'),
  createdAt: createdAt(),
});

export const unsubscribers = pgTable(
  'unsubscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('unsubscribers_email_category_key').on(t.email, t.categoryId)],
);

export const emailLists = pgTable(
  'email_lists',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    totalCounter: integer('total_counter').notNull().default(0),
    validCounter: integer('valid_counter').notNull().default(0),
    /** The running upload's id, null when idle. */
    job: integer('job'),
    completion: smallint('completion').notNull().default(0),
    /** Path of the latest failures file (row, reason), null when there is none. */
    failedFile: text('failed_file'),
    createdAt: createdAt(),
  },
  (t) => [index('email_lists_user_idx').on(t.userId), index('email_lists_category_idx').on(t.categoryId)],
);

/** Users an administrator assigned a list to. */
export const emailListUsers = pgTable(
  'email_list_users',
  {
    emailListId: integer('email_list_id')
      .notNull()
      .references(() => emailLists.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.emailListId, t.userId] }), index('email_list_users_user_idx').on(t.userId)],
);

export const emailListProviderCounters = pgTable(
  'email_list_provider_counters',
  {
    emailListId: integer('email_list_id')
      .notNull()
      .references(() => emailLists.id, { onDelete: 'cascade' }),
    // restrict: e-mails carry no foreign key to their provider (see emails), so a provider that some list
    // still counts must not disappear; rows that drop to 0 are removed, so only providers in use are held.
    mailProviderId: integer('mail_provider_id')
      .notNull()
      .references(() => mailProviders.id, { onDelete: 'restrict' }),
    counter: integer('counter').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.emailListId, t.mailProviderId] })],
);

/**
 * The e-mails of the lists. No foreign keys on purpose: PostgreSQL checks a foreign key row by row, which
 * more than doubles the cost of a bulk import (docs/decisions/0201-emails-without-foreign-keys.md). Instead,
 * every writer locks the list row first, and a statement trigger on email_lists deletes a deleted list's
 * e-mails (migration 0003), so the cascade still holds whoever deletes the list (a user's deletion too).
 */
export const emails = pgTable(
  'emails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    emailListId: integer('email_list_id').notNull(),
    email: text('email').notNull(),
    name: text('name'),
    surname: text('surname'),
    birthYear: smallint('birth_year'),
    city: text('city'),
    geo: text('geo'),
    mailProviderId: integer('mail_provider_id').notNull(),
    valid: boolean('valid').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('emails_list_email_key').on(t.emailListId, t.email)],
);

/**
 * One row per uploaded file of every kind (core/imports): the kind's import job works from it and can be
 * replayed after a crash; GET /api/upload_files lists the caller's rows still queued or processing.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    /** The spec's upload kind (shared/uploads.ts): 5 e-mails, 1 socks, 2 SMTP relays, ... */
    kind: smallint('kind').notNull(),
    /** The uploader: sees the file in progress and is told how it ended. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * What the file feeds, per kind (kind 5: the e-mail list). No foreign key, the kinds' targets live in
     * different tables; a target's own deletion removes its uploads (e-mail lists: migration 0004).
     */
    targetId: integer('target_id'),
    originalName: text('original_name').notNull(),
    filePath: text('file_path').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    /** The request's other fields the kind keeps (a context, a group, a server). */
    params: jsonb('params'),
    /** queued -> processing -> done | failed */
    status: text('status').notNull().default('queued'),
    /** Percent, as last published on the kind's topic. */
    completion: smallint('completion').notNull().default(0),
    /** Incremented by each run; the run that claimed the upload must still own it when it commits. */
    attempts: integer('attempts').notNull().default(0),
    /** Beaten by the running worker; a 'processing' upload whose heartbeat stops is re-queued. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** The pg-boss job that carries the upload, to tell a lost job from a waiting one. */
    bossJobId: text('boss_job_id'),
    rows: integer('rows').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    error: text('error'),
    stats: jsonb('stats'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('uploads_target_idx').on(t.kind, t.targetId),
    index('uploads_live_idx')
      .on(t.kind, t.userId)
      .where(sql`status in ('queued', 'processing')`),
  ],
);

/** The uploading log (spec 3, Tools): what became of each upload, by source (the upload kind's name). */
export const uploadLog = pgTable(
  'upload_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventTime: timestamp('event_time', { withTimezone: true }).notNull().defaultNow(),
    source: text('source').notNull(),
    /** Error, Warning or Info (shared/uploads.ts LogTypes). */
    msgType: text('msg_type').notNull(),
    msgText: text('msg_text').notNull(),
    uploadId: integer('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
  },
  (t) => [index('upload_log_source_time_idx').on(t.source, t.eventTime), index('upload_log_time_idx').on(t.eventTime)],
);

export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    plug: text('plug'),
    callback: text('callback'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    archive: timestamp('archive', { withTimezone: true }),
    clean: text('clean'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** A conversion postback counts only for a recipient who clicked first (issue 24). */
    postbackRequiresClick: boolean('postback_requires_click').notNull().default(false),
    /** The largest amount one postback may record; null: the postback's own bound. */
    postbackMaxAmount: doublePrecision('postback_max_amount'),
    createdAt: createdAt(),
  },
  (t) => [index('offers_user_idx').on(t.userId)],
);

/**
 * An owner's own secrets (issue 24, decision 1010): the SSH key pair every server of the owner is reached
 * with (private half sealed), and the key a conversion postback must carry. Made on first use.
 */
export const ownerSecrets = pgTable('owner_secrets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sshKeyEnc: text('ssh_key_enc'),
  sshPublicKey: text('ssh_public_key'),
  sshKeyCreatedAt: timestamp('ssh_key_created_at', { withTimezone: true }),
  postbackKey: text('postback_key'),
});

// ---------------------------------------------------------------------------------------------------------
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('smtp_servers_user_idx').on(t.userId)],
);

const relayGroupColumns = () => ({
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

// ---------------------------------------------------------------------------------------------------------
// Messages and dynamic content (spec 3).

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    /** The message's own text/plain alternative; null: one is made from the HTML (issue 26). */
    textContent: text('text_content'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    archive: timestamp('archive', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('messages_user_idx').on(t.userId)],
);

/** A saved dynamic tag: `{name}` in a message is one random value of `content` per message. */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    content: text('content').array().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_user_name_key').on(t.userId, t.name)],
);

export type DbUser = typeof users.$inferSelect;

// ---------------------------------------------------------------------------------------------------------
// Links (spec 2): tracked URL templates on the console's tracking hosts, in typed groups.

/** A group of links of one type (LinkType: 0 offer, 1 unsubscribe, 2 pixel); a campaign picks one per type. */
export const linkGroups = pgTable(
  'link_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: smallint('type').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('link_groups_user_idx').on(t.userId)],
);

/** A URL template with `[uuid]` (and maybe `[junk]`); owned with its group (same owner). */
export const links = pgTable(
  'links',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => linkGroups.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('links_group_idx').on(t.groupId), index('links_user_idx').on(t.userId)],
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

/** DNS records the console keeps: the spam-trap MX hosts (type MX, blacklisted) of spec 2. */
export const dnsRecords = pgTable(
  'dns_records',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    value: text('value').notNull(),
    isBlacklisted: boolean('is_blacklisted').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dns_records_type_value_key').on(t.type, t.value)],
);

/**
 * The MX hosts of the lists' domains, from real DNS lookups, kept for their TTL (features/spam-traps
 * mx.jobs.ts refreshes them). A recipient whose domain's MX is a spam-trap MX is invalid.
 */
export const domainMx = pgTable(
  'domain_mx',
  {
    domain: text('domain').primaryKey(),
    /** Lower-case host names, without the trailing dot; empty when the domain has none. */
    mx: text('mx').array().notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Why the last lookup failed (the previous answer is kept). */
    error: text('error'),
  },
  (t) => [index('domain_mx_expires_idx').on(t.expiresAt), index('domain_mx_mx_idx').using('gin', t.mx)],
);

// ---------------------------------------------------------------------------------------------------------
// Events and their counters (ARCHITECTURE §5, docs/decisions/0801). The append-only `events` table is
// partitioned by month and created by migration 0011 in SQL (drizzle does not declare partitions); the
// counters below are kept from it incrementally by tracking/events.ts, never by rescanning.

/** The numbers every counter row carries, one per event kind (opens and clicks also as unique). */
/** Recipients prepared (set by the prepare step; the events never change it). */
const total = () => integer('total').notNull().default(0);

const metrics = () => ({
  sent: integer('sent').notNull().default(0),
  delivered: integer('delivered').notNull().default(0),
  bounced: integer('bounced').notNull().default(0),
  /** Sessions that broke after the final dot: maybe accepted, never resent, never counted as sent (decision 1100). */
  interrupted: integer('interrupted').notNull().default(0),
  deferred: integer('deferred').notNull().default(0),
  opens: integer('opens').notNull().default(0),
  uniqueOpens: integer('unique_opens').notNull().default(0),
  clicks: integer('clicks').notNull().default(0),
  uniqueClicks: integer('unique_clicks').notNull().default(0),
  unsubscribes: integer('unsubscribes').notNull().default(0),
  complaints: integer('complaints').notNull().default(0),
  conversions: integer('conversions').notNull().default(0),
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

// ---------------------------------------------------------------------------------------------------------
// Campaigns and the sending engine (spec 3, ARCHITECTURE §4, docs/decisions/0802). Migration 0012 is SQL:
// campaign_recipients is partitioned by campaign, which drizzle cannot declare.

/** Both campaign kinds: `type` 1 smtp, 2 pmta (TrackingCampaignTypes); `status` is CampaignStatus. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    type: smallint('type').notNull(),
    name: text('name').notNull(),
    sender: text('sender').notNull(),
    emailListId: integer('email_list_id')
      .notNull()
      .references(() => emailLists.id),
    mailProviderIds: integer('mail_provider_ids').array().notNull(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    offerLinksId: integer('offer_links_id').references(() => linkGroups.id),
    unsubscribeLinksId: integer('unsubscribe_links_id').references(() => linkGroups.id, { onDelete: 'set null' }),
    pixelLinksId: integer('pixel_links_id').references(() => linkGroups.id, { onDelete: 'set null' }),
    relayStatus: smallint('relay_status').notNull(),
    smtpRelayGroupId: integer('smtp_relay_group_id').references(() => smtpRelayGroups.id),
    pmtaRelayGroupId: integer('pmta_relay_group_id').references(() => pmtaRelayGroups.id),
    defaultCity: text('default_city'),
    status: smallint('status').notNull().default(2),
    scheduledStart: timestamp('scheduled_start', { withTimezone: true }),
    scheduledStop: timestamp('scheduled_stop', { withTimezone: true }),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    /** When the recipients were materialized; null before (a resumed campaign is not prepared again). */
    preparedAt: timestamp('prepared_at', { withTimezone: true }),
    total: integer('total').notNull().default(0),
    /** Why the engine paused it (no eligible relay left...); null when a person paused it. */
    pauseReason: text('pause_reason'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('campaigns_user_idx').on(t.userId), index('campaigns_type_status_idx').on(t.type, t.status, t.id)],
);

/**
 * The recipients of a campaign, materialized by the prepare step; one partition per campaign (SQL).
 * `status` is RecipientStatus (shared/campaigns.ts).
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaignId: integer('campaign_id').notNull(),
    emailId: bigint('email_id', { mode: 'number' }).notNull(),
    email: text('email').notNull(),
    domain: text('domain').notNull(),
    mailProviderId: integer('mail_provider_id').notNull(),
    name: text('name'),
    surname: text('surname'),
    city: text('city'),
    geo: text('geo'),
    birthYear: smallint('birth_year'),
    status: smallint('status').notNull().default(0),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    relayId: integer('relay_id'),
    worker: text('worker'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    reply: text('reply'),
    firstOpenAt: timestamp('first_open_at', { withTimezone: true }),
    firstClickAt: timestamp('first_click_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.emailId] })],
);

/** The next moment a relay may start a message, shared by every worker process (relay_type 1 smtp, 2 pmta). */
export const relayPacing = pgTable(
  'relay_pacing',
  {
    relayType: smallint('relay_type').notNull(),
    relayId: integer('relay_id').notNull(),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.relayType, t.relayId] })],
);

/** A relay taken out of one campaign (its login failed). */
export const campaignRelayBlocks = pgTable(
  'campaign_relay_blocks',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    relayId: integer('relay_id').notNull(),
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.relayId] })],
);

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
 * The DKIM key of a sender domain for SMTP campaigns (issue 26, decision 1020): one per owner and domain,
 * 2048-bit RSA made by the console, the private key sealed (core/sealed.ts) and never returned. The
 * sender signs the mail of the owner's SMTP relays whose sender address is on the domain. `dnsStatus` is
 * the last "check DNS" answer: match, mismatch, missing or error.
 */
export const dkimKeys = pgTable(
  'dkim_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    selector: text('selector').notNull(),
    privateKeyEnc: text('private_key_enc').notNull(),
    publicKey: text('public_key').notNull(),
    dnsStatus: text('dns_status'),
    dnsCheckedAt: timestamp('dns_checked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dkim_keys_user_domain_key').on(t.userId, t.domain)],
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

// ---------------------------------------------------------------------------------------------------------
// PMTA accounting (issue 13, decision 0911): how far each accounting file was read, and what its records left.

/**
 * One accounting file of a PMTA server, known by `fileKey` (a hash of its header row and first record), so
 * a file read under `acct.csv` is read on from `offset` once it is renamed `acct-<date>.csv` by a rotation.
 */
export const pmtaAcctFiles = pgTable(
  'pmta_acct_files',
  {
    serverId: integer('server_id')
      .notNull()
      .references(() => pmtaServers.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    /** Its name when last seen. */
    name: text('name').notNull(),
    /** The byte after the last complete record read. */
    offset: bigint('offset', { mode: 'number' }).notNull(),
    /** Size and modification time when last read: a file with the same name, size and time is not opened. */
    size: bigint('size', { mode: 'number' }).notNull(),
    mtime: timestamp('mtime', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.fileKey] })],
);

/** The last pull of a server's accounting: when it worked, and the error while it fails (logged once). */
export const pmtaAcctPulls = pgTable('pmta_acct_pulls', {
  serverId: integer('server_id')
    .primaryKey()
    .references(() => pmtaServers.id, { onDelete: 'cascade' }),
  pulledAt: timestamp('pulled_at', { withTimezone: true }),
  error: text('error'),
});

/** A recipient's complaint (an `f` record), counted once per recipient and campaign. */
export const pmtaComplaints = pgTable(
  'pmta_complaints',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    emailId: bigint('email_id', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.emailId] })],
);

/** Spam-, policy-, content- and virus-related bounces of a PMTA relay per hour: its bounce reputation. */
export const pmtaRelayBounceSignals = pgTable(
  'pmta_relay_bounce_signals',
  {
    relayId: integer('relay_id')
      .notNull()
      .references(() => pmtaRelays.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    bounces: integer('bounces').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.relayId, t.hour] })],
);

// ---------------------------------------------------------------------------------------------------------
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

/**
 * Who is running (issue 23): every process writes its row at start and beats every few seconds; the admin
 * screen Processes lists them, and an Active campaign with no live sender says "No sender is running".
 * `id` is random per process start; `worker` is the sender's liveness lock id (sending/reconcile.ts) when
 * the process sends. Rows of processes silent for a day are removed by the beat of any other.
 */
export const processes = pgTable(
  'processes',
  {
    id: text('id').primaryKey(),
    role: text('role').notNull(),
    host: text('host').notNull(),
    pid: integer('pid').notNull(),
    version: text('version').notNull(),
    worker: text('worker'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
    inFlight: integer('in_flight').notNull().default(0),
    /** The sender holds its liveness lock (it may hand messages over); false while it heals. */
    sending: boolean('sending').notNull().default(false),
  },
  (t) => [index('processes_beat_at_idx').on(t.beatAt)],
);
