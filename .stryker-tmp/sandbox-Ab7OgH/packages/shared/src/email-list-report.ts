// @ts-nocheck
import { z } from 'zod';
import { dateRangeFields, datesInOrder, reportDirection, reportUserId } from './reports.ts';

/*
 * The E-mail list report (spec 3 "Reports", decisions 0914 and 0918): per e-mail list, over the owner's
 * campaigns that had any activity in the range (rows in event_rollup_daily): how many such campaigns
 * sent to the list, their profit in the range (cents) and the profit per campaign.
 */

export const EMAIL_LIST_REPORT_ORDER_BY = ['emailListName', 'campaignCount', 'profit', 'profitPerCampaign'] as const;
export type EmailListReportOrder = (typeof EMAIL_LIST_REPORT_ORDER_BY)[number];

export const EmailListReportMessages = {
  orderBy: `Order by must be one of ${EMAIL_LIST_REPORT_ORDER_BY.join(', ')}.`,
} as const;

/**
 * POST email-list-report: userId (administrators; anyone else gets their own), orderBy (default
 * profitPerCampaign), direction (default desc), fromDate, toDate (YYYY-MM-DD, UTC, both inclusive).
 */
export const emailListReportSchema = z
  .object({
    userId: reportUserId,
    orderBy: z
      .enum(EMAIL_LIST_REPORT_ORDER_BY, { error: EmailListReportMessages.orderBy })
      .default('profitPerCampaign'),
    direction: reportDirection.default('desc'),
    ...dateRangeFields,
  })
  .refine(...datesInOrder());
export type EmailListReportBody = z.input<typeof emailListReportSchema>;

/** E-mail list report row (spec 3 §3): emailListName, campaignCount, profit and profitPerCampaign (cents). */
export const emailListReportRow = z.object({
  emailListId: z.number(),
  emailListName: z.string(),
  campaignCount: z.number(),
  profit: z.number(),
  profitPerCampaign: z.number(),
});
export type EmailListReportRow = z.infer<typeof emailListReportRow>;

export const emailListReportResponse = z.object({ report: z.array(emailListReportRow) });
export type EmailListReportResponse = z.infer<typeof emailListReportResponse>;
