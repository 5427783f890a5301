// @ts-nocheck
import { z } from 'zod';
import { dateRangeFields, datesInOrder, reportAsc, reportCampaignType, reportUserId } from './reports.ts';

/*
 * The Activity Report (spec 3 "Reports", decisions 0914 and 0917): per UTC day of the range that had any
 * activity, the day's Delivered, Bounced, Views (unique opens), Clicks (unique clicks), Conv, Unsub and
 * Profit (cents), for one owner (administrators: any user or all), SMTP, PMTA or both kinds of campaign.
 */

/** The figures of a day, in the table's order after the date. */
export const ACTIVITY_FIGURES = [
  'delivered',
  'bounced',
  'views',
  'clicks',
  'conversions',
  'unsubscribers',
  'profit',
] as const;
export const ACTIVITY_ORDER_BY = ['event_date', ...ACTIVITY_FIGURES] as const;
export type ActivityOrderBy = (typeof ACTIVITY_ORDER_BY)[number];

export const ActivityReportMessages = {
  orderBy: `Order by must be ${ACTIVITY_ORDER_BY.slice(0, -1).join(', ')} or profit.`,
} as const;

/** POST activity-report: userId, fromDate, toDate, campaignType, orderBy (default event_date), asc (default true). */
export const activityReportSchema = z
  .object({
    userId: reportUserId,
    ...dateRangeFields,
    campaignType: reportCampaignType,
    orderBy: z.enum(ACTIVITY_ORDER_BY, { error: ActivityReportMessages.orderBy }).default('event_date'),
    asc: reportAsc,
  })
  .refine(...datesInOrder());
export type ActivityReportBody = z.input<typeof activityReportSchema>;
export type ActivityReportQuery = z.output<typeof activityReportSchema>;

/** Activity row (spec 3 §3): event_date, delivered, bounced, views, clicks, conversions, unsubscribers, profit (cents). */
export const activityReportRow = z.object({
  event_date: z.string(),
  delivered: z.number(),
  bounced: z.number(),
  views: z.number(),
  clicks: z.number(),
  conversions: z.number(),
  unsubscribers: z.number(),
  profit: z.number(),
});
export type ActivityReportRow = z.infer<typeof activityReportRow>;

export const activityReportResponse = z.object({ report: z.array(activityReportRow) });
export type ActivityReportResponse = z.infer<typeof activityReportResponse>;
