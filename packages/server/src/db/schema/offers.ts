import { boolean, doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { ownerId } from './accounts.ts';
import { categories } from './lists.ts';

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
    userId: ownerId(),
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
