// @ts-nocheck
import { bigint, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * A partition the retention job archived and dropped (decision 1370): `kind` is 1 events, 2 recipients;
 * `file` is relative to the archive directory. No foreign key to campaigns: the record outlives a deleted one.
 */
export const archives = pgTable(
  'archives',
  {
    id: serial('id').primaryKey(),
    kind: smallint('kind').notNull(),
    partition: text('partition').notNull().unique(),
    file: text('file').notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    rangeFrom: timestamp('range_from', { withTimezone: true }),
    rangeTo: timestamp('range_to', { withTimezone: true }),
    campaignId: integer('campaign_id'),
    createdAt: createdAt(),
  },
  (t) => [index('archives_kind_idx').on(t.kind, t.rangeTo)],
);
