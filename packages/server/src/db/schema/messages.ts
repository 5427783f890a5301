import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { ownerId } from './accounts.ts';

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
    userId: ownerId(),
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
    userId: ownerId(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_user_name_key').on(t.userId, t.name)],
);

// Links (spec 2): tracked URL templates on the console's tracking hosts, in typed groups.

/** A group of links of one type (LinkType: 0 offer, 1 unsubscribe, 2 pixel); a campaign picks one per type. */
export const linkGroups = pgTable(
  'link_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: smallint('type').notNull(),
    userId: ownerId(),
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
    userId: ownerId(),
    createdAt: createdAt(),
  },
  (t) => [index('links_group_idx').on(t.groupId), index('links_user_idx').on(t.userId)],
);
