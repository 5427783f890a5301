import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { pmtaServers, pmtaRelays } from './relays.ts';

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
