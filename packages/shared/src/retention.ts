import { z } from 'zod';
import { intField } from './fields.ts';

/*
 * Data retention (issue 42, decision 1370): how long raw events and finished campaigns' recipient rows stay in
 * the database before the nightly job archives them to files and drops their partitions. Rollups, counters,
 * suppression lists and the campaigns' statistics are kept forever.
 */

export const RETENTION_DEFAULTS = { eventsMonths: 13, recipientsDays: 90, reportsDays: 90 } as const;
export const EVENTS_MONTHS_MAX = 120;
export const RECIPIENTS_DAYS_MAX = 3650;
export const REPORTS_DAYS_MAX = 3650;

export const RetentionMessages = {
  eventsMonthsRequired: 'Events months is required.',
  eventsMonthsInt: 'Events months must be integer.',
  eventsMonthsRange: `Events months must be between 1 and ${EVENTS_MONTHS_MAX}.`,
  recipientsDaysRequired: 'Recipients days is required.',
  recipientsDaysInt: 'Recipients days must be integer.',
  recipientsDaysRange: `Recipients days must be between 1 and ${RECIPIENTS_DAYS_MAX}.`,
  reportsDaysRequired: 'Bounce reports days is required.',
  reportsDaysInt: 'Bounce reports days must be integer.',
  reportsDaysRange: `Bounce reports days must be between 1 and ${REPORTS_DAYS_MAX}.`,
  runQueued: 'The retention job was queued; it archives in the background.',
} as const;

const M = RetentionMessages;

/** PUT /api/retention (administrators). */
export const retentionSettingsSchema = z.object({
  eventsMonths: intField(M.eventsMonthsRequired, M.eventsMonthsInt, {
    min: 1,
    max: EVENTS_MONTHS_MAX,
    outOfRange: M.eventsMonthsRange,
  }),
  recipientsDays: intField(M.recipientsDaysRequired, M.recipientsDaysInt, {
    min: 1,
    max: RECIPIENTS_DAYS_MAX,
    outOfRange: M.recipientsDaysRange,
  }),
  /**
   * Days the raw text of processed bounce reports is kept (decision 1443); the report's row stays. Optional:
   * a body without it keeps it.
   */
  reportsDays: intField(M.reportsDaysRequired, M.reportsDaysInt, {
    min: 1,
    max: REPORTS_DAYS_MAX,
    outOfRange: M.reportsDaysRange,
  }).optional(),
});
export type RetentionSettingsInput = z.input<typeof retentionSettingsSchema>;

export const ArchiveKinds = ['events', 'recipients'] as const;
export type ArchiveKind = (typeof ArchiveKinds)[number];

/** One archived partition: a gzip'd CSV file under the archive directory. */
export const archiveItem = z.object({
  id: z.number(),
  kind: z.enum(ArchiveKinds),
  /** The dropped partition's name (`events_2025_09`, `campaign_recipients_42`). */
  partition: z.string(),
  /** The file's path relative to the archive directory. */
  file: z.string(),
  rows: z.number(),
  bytes: z.number(),
  /** Events: the month's range; recipients: the campaign and when it ended. */
  rangeFrom: z.string().nullable(),
  rangeTo: z.string().nullable(),
  campaignId: z.number().nullable(),
  createdAt: z.string(),
});
export type Archive = z.infer<typeof archiveItem>;

/** GET /api/retention: the settings, where archives go, and what has been archived so far. */
export const retentionAnswer = z.object({
  eventsMonths: z.number(),
  recipientsDays: z.number(),
  reportsDays: z.number(),
  archiveDir: z.string(),
  /** Raw events before this moment are archived (null: none yet). */
  eventsArchivedBefore: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  lastRunError: z.string().nullable(),
  archives: z.array(archiveItem),
});
export type RetentionAnswer = z.infer<typeof retentionAnswer>;
