// @ts-nocheck
import { z } from 'zod';
import { ReportMessages, dateRangeFields, datesInOrder, reportCampaignType, reportUserId } from './reports.ts';
import { campaignTypeSchema } from './enums.ts';

/*
 * The Profit Report (spec 3 "Reports", decisions 0914 and 0917): conversions (count) and profit in cents
 * (sum) per UTC day, per campaign or per country over a date range, for one owner (administrators: any
 * user or all), SMTP, PMTA or both kinds of campaign.
 */

export const PROFIT_GROUP_BY = ['date', 'campaign', 'country'] as const;
export type ProfitGroupBy = (typeof PROFIT_GROUP_BY)[number];
/** The Report type filter's labels. */
export const ProfitGroupLabels: Record<ProfitGroupBy, string> = {
  date: 'Date',
  campaign: 'Campaign',
  country: 'Country',
};

/** orderBy: the grouping's own column (event_date, campaign_id, country), count or sum. */
export const PROFIT_ORDER_BY = ['event_date', 'campaign_id', 'country', 'count', 'sum'] as const;
export type ProfitOrderBy = (typeof PROFIT_ORDER_BY)[number];
/** The column each grouping has, besides count and sum. */
export const PROFIT_GROUP_COLUMN: Record<ProfitGroupBy, ProfitOrderBy> = {
  date: 'event_date',
  campaign: 'campaign_id',
  country: 'country',
};
/** The order a report has when the call names none: by date oldest first; by campaign or country, most profit first. */
export const PROFIT_DEFAULT_ORDER: Record<ProfitGroupBy, { orderBy: ProfitOrderBy; asc: boolean }> = {
  date: { orderBy: 'event_date', asc: true },
  campaign: { orderBy: 'sum', asc: false },
  country: { orderBy: 'sum', asc: false },
};

export const ProfitReportMessages = {
  groupBy: 'Report type must be date, campaign or country.',
  orderBy: 'Order by must be event_date, campaign_id, country, count or sum.',
  orderByFor: (groupBy: ProfitGroupBy) =>
    `Order by must be ${PROFIT_GROUP_COLUMN[groupBy]}, count or sum when the report type is ${groupBy}.`,
} as const;
const M = ProfitReportMessages;

/** A country the conversions have none for ('' in the rollup) is shown as this. */
export const UNKNOWN_COUNTRY = 'Unknown';
export const countryLabel = (country: string | null) => (country ? country : UNKNOWN_COUNTRY);

/** POST profit-report: userId, fromDate, toDate, groupBy, campaignType, orderBy, asc (spec 3 §7). */
export const profitReportSchema = z
  .object({
    userId: reportUserId,
    ...dateRangeFields,
    groupBy: z.enum(PROFIT_GROUP_BY, { error: M.groupBy }).default('date'),
    campaignType: reportCampaignType,
    orderBy: z.enum(PROFIT_ORDER_BY, { error: M.orderBy }).nullish(),
    asc: z.boolean({ error: ReportMessages.asc }).nullish(),
  })
  .refine(...datesInOrder())
  .superRefine((v, ctx) => {
    const by = v.orderBy;
    if (by && by !== 'count' && by !== 'sum' && by !== PROFIT_GROUP_COLUMN[v.groupBy])
      ctx.addIssue({ code: 'custom', message: M.orderByFor(v.groupBy), path: ['orderBy'] });
  })
  .transform((v) => {
    const fallback = PROFIT_DEFAULT_ORDER[v.groupBy];
    return {
      ...v,
      orderBy: v.orderBy ?? fallback.orderBy,
      asc: v.asc ?? (v.orderBy ? true : fallback.asc),
    };
  });
export type ProfitReportBody = z.input<typeof profitReportSchema>;
export type ProfitReportQuery = z.output<typeof profitReportSchema>;

/**
 * Profit report row (spec 3 §3): event_date, campaign_type, campaign_id, country, count (conversions),
 * sum (profit in cents); the columns the grouping does not use are null. By campaign, campaign_name too
 * (null for a campaign no longer there). country '' = unknown.
 */
export const profitReportRow = z.object({
  event_date: z.string().nullable(),
  campaign_type: campaignTypeSchema.nullable(),
  campaign_id: z.number().nullable(),
  campaign_name: z.string().nullable(),
  country: z.string().nullable(),
  count: z.number(),
  sum: z.number(),
});
export type ProfitReportRow = z.infer<typeof profitReportRow>;

export const profitReportResponse = z.object({ report: z.array(profitReportRow) });
export type ProfitReportResponse = z.infer<typeof profitReportResponse>;
