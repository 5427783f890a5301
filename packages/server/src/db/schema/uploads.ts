import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { ownerId } from './accounts.ts';

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
    userId: ownerId(),
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
