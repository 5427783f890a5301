// @ts-nocheck
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
