import { z } from 'zod';
import { idField } from './ids.ts';
import { searchText } from './fields.ts';
import { relayFigures } from './pmta-relays-report.ts';
import { ReportMessages, dateRangeFields, optionalFilterId, datesInOrder } from './reports.ts';

/*
 * PMTA Relays - Mail Service Report (spec 3 "Reports", decision 0916): every PMTA relay the caller may see
 * (their own; administrators every one) for one mail service: its switch and speed for that service, its
 * description, the range's figures (event_rollup_daily) and the last hour's (event_rollup_hourly).
 */

export const MailServiceReportMessages = {
  orderBy:
    'Order by must be one of id, groupName, isVps, ip, smtpHost, switchOff, speed, description, delivered, deliveredLH, bounced, bouncedLH, infraBounces, complaints, views, clicks, conversions, profit.',
} as const;

export const MAIL_SERVICE_REPORT_ORDER_BY = [
  'id',
  'groupName',
  'isVps',
  'ip',
  'smtpHost',
  'switchOff',
  'speed',
  'description',
  'delivered',
  'deliveredLH',
  'bounced',
  'bouncedLH',
  'infraBounces',
  'complaints',
  'views',
  'clicks',
  'conversions',
  'profit',
] as const;
export type MailServiceReportOrder = (typeof MAIL_SERVICE_REPORT_ORDER_BY)[number];

/**
 * POST pmta-relays-mail-provider-report: relayGroup, mailProvider (required), the dates, orderBy, asc,
 * description (contains). The mail-service report defaults to descending (spec 3 §4): most delivered first.
 */
export const mailServiceReportSchema = z
  .object({
    relayGroup: optionalFilterId(ReportMessages.relayGroup),
    mailProvider: idField(ReportMessages.mailProvider),
    ...dateRangeFields,
    orderBy: z.enum(MAIL_SERVICE_REPORT_ORDER_BY, { error: MailServiceReportMessages.orderBy }).default('delivered'),
    asc: z.boolean({ error: ReportMessages.asc }).default(false),
    description: z.preprocess((v) => (v === null ? undefined : v), searchText('Relay description')),
  })
  .refine(...datesInOrder());
export type MailServiceReportBody = z.input<typeof mailServiceReportSchema>;

/**
 * Relay report row, the mail-service version (spec 3 §3): the relay and its group, its switch and speed for
 * the service (speed null: none set; speedIsGood the green dot, decision 0908), the range's figures, the
 * last hour's (deliveredLH, bouncedLH: the hourly buckets of the current and the previous clock hour) and
 * `stopped` (the relay is not active, or switched off for the service).
 */
export const mailServiceReportRow = relayFigures.extend({
  id: z.number(),
  groupName: z.string(),
  isVps: z.boolean(),
  ip: z.string(),
  smtpHost: z.string(),
  switchOff: z.boolean(),
  speed: z.number().nullable(),
  speedIsGood: z.boolean(),
  description: z.string().nullable(),
  deliveredLH: z.number(),
  bouncedLH: z.number(),
  stopped: z.boolean(),
});
export type MailServiceReportRow = z.infer<typeof mailServiceReportRow>;
export const mailServiceReportResponse = z.object({ report: z.array(mailServiceReportRow) });
