import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ownerId } from './accounts.ts';
import { campaigns } from './campaigns.ts';
import { smtpServers } from './relays.ts';
import { createdAt } from './columns.ts';

// Bounce mailboxes (issue 39 section 2, decision 1380): where DSNs and ARF reports come back by mail.

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** An owner's IMAP mailbox that receives the bounces of some of their SMTP servers. */
export const bounceMailboxes = pgTable(
  'bounce_mailboxes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    /** tls (implicit, 993), starttls (143) or plain (only to addresses the outbound policy allows). */
    security: text('security').notNull(),
    username: text('username').notNull(),
    passwordEnc: text('password_enc').notNull(),
    folder: text('folder').notNull().default('INBOX'),
    active: boolean('active').notNull().default(true),
    userId: ownerId(),
    /** Where reading stopped: the folder's UIDVALIDITY and the last UID read (a new UIDVALIDITY starts over). */
    uidValidity: bigint('uid_validity', { mode: 'number' }),
    lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** The last check's failure in plain words; null once a check works. */
    error: text('error'),
    /** A check holds the mailbox until then (one reader at a time, a crashed one gives it up). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    readCount: integer('read_count').notNull().default(0),
    bouncesCount: integer('bounces_count').notNull().default(0),
    complaintsCount: integer('complaints_count').notNull().default(0),
    unmatchedCount: integer('unmatched_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('bounce_mailboxes_user_idx').on(t.userId)],
);

/** The SMTP servers that send their bounces to a mailbox. */
export const bounceMailboxServers = pgTable(
  'bounce_mailbox_servers',
  {
    mailboxId: integer('mailbox_id')
      .notNull()
      .references(() => bounceMailboxes.id, { onDelete: 'cascade' }),
    smtpServerId: integer('smtp_server_id')
      .notNull()
      .references(() => smtpServers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.mailboxId, t.smtpServerId] }),
    index('bounce_mailbox_servers_server_idx').on(t.smtpServerId),
  ],
);

/**
 * One report read from a mailbox, kept with its first 64 KB. Read once: its place in the mailbox
 * (UIDVALIDITY + UID) and, for a report re-delivered under a new UID, its own Message-ID per owner.
 */
export const bounceReports = pgTable(
  'bounce_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mailboxId: integer('mailbox_id')
      .notNull()
      .references(() => bounceMailboxes.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    uidValidity: bigint('uid_validity', { mode: 'number' }).notNull(),
    uid: bigint('uid', { mode: 'number' }).notNull(),
    /** The report's own Message-ID. */
    reportId: text('report_id'),
    /** dsn, arf or other. */
    kind: text('kind').notNull(),
    format: text('format').notNull(),
    /** permanent, temporary, infrastructure, complaint, unmatched or none (a delay, a success). */
    outcome: text('outcome').notNull(),
    category: text('category'),
    recipient: text('recipient'),
    diagnostic: text('diagnostic'),
    subject: text('subject').notNull().default(''),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    campaignType: smallint('campaign_type'),
    relayId: integer('relay_id'),
    problems: text('problems')
      .array()
      .notNull()
      .default(sql`'{}'`),
    size: integer('size').notNull(),
    /** The first 64 KB as read; null once the retention job removed it (decision 1443). */
    raw: bytea('raw'),
    /** When the retention job removed `raw` (null while it is kept). */
    rawPurgedAt: timestamp('raw_purged_at', { withTimezone: true }),
    /** Moved to Processed or Unmatched; null while the move is still to do (a cut connection). */
    movedAt: timestamp('moved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bounce_reports_place_key').on(t.mailboxId, t.uidValidity, t.uid),
    uniqueIndex('bounce_reports_report_id_key').on(t.userId, t.reportId),
    index('bounce_reports_user_idx').on(t.userId, t.id),
    index('bounce_reports_unmoved_idx')
      .on(t.mailboxId)
      .where(sql`moved_at is null`),
    /** The retention job's scan: the reports whose raw text is still kept, oldest first. */
    index('bounce_reports_raw_kept_idx')
      .on(t.createdAt)
      .where(sql`raw is not null`),
  ],
);
