import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

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
    /**
     * Carried by each access token (`gen`) and compared on every request: a new password, a logout or a
     * deactivation adds one, which ends every access token issued before (issue 37, decision 1331).
     */
    tokenGeneration: integer('token_generation').notNull().default(0),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
  ],
);

/** Refresh tokens are stored hashed; a family shares one login, so reuse of a rotated token revokes it all. */
/** The owner of a row: its user, whose deletion takes the row with it. */
export const ownerId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
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
    userId: ownerId(),
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

/**
 * The console's own settings that administrators change from its screens: one row (`id` is always true).
 * `selfRegistration`: whether anyone may sign up on the register page (decision 1332). The soft-bounce
 * settings (decision 1361): so many soft bounces within so many days suppress an address; the share of a
 * PMTA relay's results for one mail service, in percent, at which infrastructure bounces switch it off there
 * (decision 1362; 0: never). `eventsMonths`, `recipientsDays`: how long raw events and finished campaigns'
 * recipients are kept (decision 1370), and the retention job's last run.
 */
export const consoleSettings = pgTable(
  'console_settings',
  {
    id: boolean('id').primaryKey().default(true),
    selfRegistration: boolean('self_registration').notNull().default(true),
    softBounceLimit: integer('soft_bounce_limit').notNull().default(5),
    softBounceDays: integer('soft_bounce_days').notNull().default(30),
    infraPausePercent: integer('infra_pause_percent').notNull().default(0),
    /** Campaign pauses (decision 1391): complaints over delivered, in hundredths of a percent (30 = 0.3%). */
    complaintPauseBasisPoints: integer('complaint_pause_basis_points').notNull().default(30),
    complaintPauseMinDelivered: integer('complaint_pause_min_delivered').notNull().default(1000),
    /** Hard bounces over sent, in hundredths of a percent (500 = 5%). */
    hardBouncePauseBasisPoints: integer('hard_bounce_pause_basis_points').notNull().default(500),
    hardBouncePauseMinSent: integer('hard_bounce_pause_min_sent').notNull().default(500),
    eventsMonths: smallint('events_months').notNull().default(13),
    recipientsDays: smallint('recipients_days').notNull().default(90),
    /** Days the raw text of processed bounce reports is kept (decision 1443); the report's row stays. */
    reportsDays: smallint('reports_days').notNull().default(90),
    retentionRunAt: timestamp('retention_run_at', { withTimezone: true }),
    retentionError: text('retention_error'),
  },
  (t) => [check('console_settings_one_row', sql`${t.id}`)],
);

export type DbUser = typeof users.$inferSelect;
