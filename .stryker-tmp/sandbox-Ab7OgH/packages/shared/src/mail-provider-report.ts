// @ts-nocheck
import { z } from 'zod';
import { dateRangeFields, datesInOrder, reportDirection, reportUserId } from './reports.ts';

/*
 * The Mail services report (spec 3 "Reports", decisions 0914 and 0918): per mail service with any
 * activity in the range, the owner's figures summed from event_rollup_daily: Sent, Delivered, Views
 * (Open: unique opens), Clicks (unique clicks), Conversions, the three rates in percent and Profit (cents).
 */

/** The columns the report sorts by. */
export const MAIL_PROVIDER_REPORT_ORDER_BY = [
  'provider_name',
  'sent',
  'delivered',
  'open',
  'views',
  'clicks',
  'conversions',
  'open_rate',
  'click_rate',
  'conv_rate',
  'profit',
] as const;
export type MailProviderReportOrder = (typeof MAIL_PROVIDER_REPORT_ORDER_BY)[number];

export const MailProviderReportMessages = {
  orderBy: `Order by must be one of ${MAIL_PROVIDER_REPORT_ORDER_BY.join(', ')}.`,
} as const;

/** The name shown for events that carry no mail service (mail_provider_id 0 in the rollups). */
export const NO_MAIL_PROVIDER = 'Unknown';

/**
 * POST mail-provider-report: userId (administrators; anyone else gets their own), orderBy (default
 * profit), direction (default desc), fromDate, toDate (YYYY-MM-DD, UTC, both inclusive).
 */
export const mailProviderReportSchema = z
  .object({
    userId: reportUserId,
    orderBy: z.enum(MAIL_PROVIDER_REPORT_ORDER_BY, { error: MailProviderReportMessages.orderBy }).default('profit'),
    direction: reportDirection.default('desc'),
    ...dateRangeFields,
  })
  .refine(...datesInOrder());
export type MailProviderReportBody = z.input<typeof mailProviderReportSchema>;

/**
 * Mail provider report row (spec 3 §3): provider_name, sent, delivered, open and views (both the unique
 * opens), clicks, conversions, open_rate, click_rate, conv_rate (percent, 2 decimals), profit (cents).
 */
export const mailProviderReportRow = z.object({
  mailProviderId: z.number(),
  provider_name: z.string(),
  sent: z.number(),
  delivered: z.number(),
  open: z.number(),
  views: z.number(),
  clicks: z.number(),
  conversions: z.number(),
  open_rate: z.number(),
  click_rate: z.number(),
  conv_rate: z.number(),
  profit: z.number(),
});
export type MailProviderReportRow = z.infer<typeof mailProviderReportRow>;

export const mailProviderReportResponse = z.object({ report: z.array(mailProviderReportRow) });
export type MailProviderReportResponse = z.infer<typeof mailProviderReportResponse>;
