import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { ownerId } from './accounts.ts';
import { campaigns } from './campaigns.ts';
import { categories } from './lists.ts';

export const spamEmails = pgTable('spam_emails', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  info: text('info'),
  createdAt: createdAt(),
});

/**
 * Bounced Emails (issue 22, decision 1111): addresses that hard-bounced (a dead mailbox is dead for every
 * list), apart from the spam traps. One row per address; each new hard bounce moves `last_bounce_at`, the
 * reason and diagnostic, the campaign and relay, and `count`. `relay_id` is the campaign kind's relay.
 */
export const bouncedEmails = pgTable(
  'bounced_emails',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    /** The bounce category (bad-mailbox, bad-domain, inactive-mailbox; a soft one at the soft-bounce limit). */
    reason: text('reason').notNull(),
    /** The receiving server's reply or PMTA's diagnostic, as recorded. */
    diagnostic: text('diagnostic'),
    firstBounceAt: timestamp('first_bounce_at', { withTimezone: true }).notNull().defaultNow(),
    lastBounceAt: timestamp('last_bounce_at', { withTimezone: true }).notNull().defaultNow(),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    relayId: integer('relay_id'),
    count: integer('count').notNull().default(1),
  },
  // The list's e-mail search is a "contains" (ILIKE '%...%'): a trigram index answers it without reading every
  // row (bench/scale, decision 1461).
  (t) => [
    index('bounced_emails_last_idx').on(t.lastBounceAt, t.id),
    index('bounced_emails_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

/**
 * Soft bounces per address (issue 39, decision 1361): the times of its temporary bounces (quota-issues, no
 * answer, routing...) within the window, newest last, since its last delivery. Reaching the limit within the
 * window moves the address to Bounced Emails and drops its row; any delivery drops the earlier times.
 */
export const softBounces = pgTable('soft_bounces', {
  email: text('email').primaryKey(),
  bounces: timestamp('bounces', { withTimezone: true }).array().notNull(),
  /**
   * Beside `bounces`, one element per bounce (decision 1480): the owner of its campaign (null: unknown), its
   * category and reply, so that an owner's view of the address counts only the bounces of their campaigns.
   */
  owners: integer('owners')
    .array()
    .notNull()
    .default(sql`'{}'`),
  reasons: text('reasons')
    .array()
    .notNull()
    .default(sql`'{}'`),
  diagnostics: text('diagnostics')
    .array()
    .notNull()
    .default(sql`'{}'`),
  /** The last soft bounce's category and reply. */
  reason: text('reason').notNull(),
  diagnostic: text('diagnostic'),
  campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
  relayId: integer('relay_id'),
});

/**
 * Complaints (issue 39 section 3, decision 1390): one row per recipient and campaign, whatever reported it
 * (a PMTA `f` record or an ARF report read from a mailbox), so a complaint seen twice counts once.
 */
export const campaignComplaints = pgTable(
  'campaign_complaints',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    emailId: bigint('email_id', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** `pmta` (an accounting `f` record) or `report` (an ARF report). */
    source: text('source').notNull(),
    relayId: integer('relay_id'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.emailId] })],
);

/**
 * The Complaints suppression (decision 1390): an address that complained about an owner's mail is
 * suppressed for every list of that owner (not for other owners: the complaint was about this sender).
 * One row per owner and address; a later complaint moves `last_complaint_at`, the campaign and `count`.
 */
export const complaintEmails = pgTable(
  'complaint_emails',
  {
    id: serial('id').primaryKey(),
    userId: ownerId(),
    email: text('email').notNull(),
    source: text('source').notNull(),
    firstComplaintAt: timestamp('first_complaint_at', { withTimezone: true }).notNull().defaultNow(),
    lastComplaintAt: timestamp('last_complaint_at', { withTimezone: true }).notNull().defaultNow(),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    relayId: integer('relay_id'),
    count: integer('count').notNull().default(1),
  },
  (t) => [
    uniqueIndex('complaint_emails_user_email_key').on(t.userId, t.email),
    index('complaint_emails_last_idx').on(t.lastComplaintAt, t.id),
  ],
);

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
  (t) => [
    uniqueIndex('unsubscribers_email_category_key').on(t.email, t.categoryId),
    // The list's e-mail search ("contains"), as bounced_emails (decision 1461).
    index('unsubscribers_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

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

/**
 * Rows of the big administrators' lists (unsubscribers, bounced_emails), kept by statement-level triggers
 * (migration 0034: one UPDATE per inserting or deleting statement, from its transition table), so that an
 * unfiltered page's total reads one row instead of counting millions (bench/scale, decision 1461).
 */
export const rowCounts = pgTable('row_counts', {
  tableName: text('table_name').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});
