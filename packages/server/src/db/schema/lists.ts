import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { ownerId } from './accounts.ts';

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

export const emailLists = pgTable(
  'email_lists',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    userId: ownerId(),
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
    userId: ownerId(),
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
