// @ts-nocheck
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './hydra.ts';
import { idField } from './ids.ts';
import { ReportMessages, reportDirection } from './reports.ts';

/*
 * The Message report (spec 3 "Reports", decisions 0914 and 0918): per message used by at least one
 * campaign, all time, the figures summed over every campaign (SMTP and PMTA) that sent it, from
 * campaign_counters: Delivered, Clicked (unique clicks), Conversions, Profit (cents) and three ratios.
 * A paged list `GET message_reports` (hydra, `order[field]`, `userId` for administrators, `archiveStatus`),
 * and its Excel variant `POST message-report-xlsx` with the same filter as JSON.
 */

export const MESSAGE_REPORT_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** Archive status filter (administrators): All, Archive (archived messages), Current (not archived). */
export const ARCHIVE_STATUSES = ['all', 'archive', 'current'] as const;
export type ArchiveStatus = (typeof ARCHIVE_STATUSES)[number];
export const ArchiveStatusLabels: Record<ArchiveStatus, string> = {
  all: 'All',
  archive: 'Archive',
  current: 'Current',
};

/** The sortable fields (`order[field]` and the export's orderBy), in the table's order. */
export const MESSAGE_REPORT_ORDER_BY = [
  'id',
  'name',
  'delivered',
  'clicked',
  'deliveredToOneClick',
  'conversions',
  'clickedToOneConversion',
  'profit',
  'profitToOneConversion',
] as const;
export type MessageReportOrder = (typeof MESSAGE_REPORT_ORDER_BY)[number];

/** The columns' titles, the screen's and the Excel file's. */
export const MessageReportTitles: Record<MessageReportOrder, string> = {
  id: 'ID',
  name: 'Name',
  delivered: 'Delivered',
  clicked: 'Clicked',
  deliveredToOneClick: 'Click:Delivery',
  conversions: 'Conversions',
  clickedToOneConversion: 'Conversion:Click',
  profit: 'Profit',
  profitToOneConversion: 'Conversion:Profit',
};

export const MessageReportMessages = {
  userId: ReportMessages.userId,
  archiveStatus: 'Archive status must be all, archive or current.',
  orderBy: `Order by must be one of ${MESSAGE_REPORT_ORDER_BY.join(', ')}.`,
  direction: ReportMessages.direction,
} as const;
const M = MessageReportMessages;

/** userId of the query string or the export's body ('' = every user; administrators only). */
export const messageReportUserId = z
  .union([z.literal('').transform(() => undefined), idField(M.userId)], { error: M.userId })
  .nullish();
export const messageReportArchiveStatus = z.enum(ARCHIVE_STATUSES, { error: M.archiveStatus });

/**
 * POST message-report-xlsx: the screen's filter as JSON (userId, archiveStatus) and its order (orderBy,
 * direction; default the newest message first, as the list).
 */
export const messageReportExportSchema = z.object({
  userId: messageReportUserId,
  archiveStatus: messageReportArchiveStatus.default('all'),
  orderBy: z.enum(MESSAGE_REPORT_ORDER_BY, { error: M.orderBy }).default('id'),
  direction: reportDirection.default('desc'),
});
export type MessageReportExportBody = z.input<typeof messageReportExportSchema>;

/**
 * The figures of a message (spec 3 §3): profit and profitToOneConversion in cents; a ratio is null when
 * its divisor is 0 (shown as the infinity sign).
 */
export const messageReportFigures = z.object({
  delivered: z.number(),
  clicked: z.number(),
  deliveredToOneClick: z.number().nullable(),
  conversions: z.number(),
  clickedToOneConversion: z.number().nullable(),
  profit: z.number(),
  profitToOneConversion: z.number().nullable(),
});
export type MessageReportFigures = z.infer<typeof messageReportFigures>;

/** Message report row (spec 3 §3): id, name, report. */
export const messageReportItem = z.object({ id: z.number(), name: z.string(), report: messageReportFigures });
export type MessageReportRow = z.infer<typeof messageReportItem>;

/** The file name the web saves the export as. */
export const MESSAGE_REPORT_FILE = 'message-report.xlsx';
