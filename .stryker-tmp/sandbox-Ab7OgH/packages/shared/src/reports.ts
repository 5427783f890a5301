// @ts-nocheck
import { z } from 'zod';
import { idField } from './ids.ts';
import { campaignTypeSchema, type CampaignTypeValue } from './enums.ts';

/*
 * What every report shares (spec 3 "Reports", decision 0914): the texts, the date range (YYYY-MM-DD, UTC,
 * default the last 7 days), the user filter (administrators only: anyone else always gets their own data
 * whatever userId they send), the campaign type filter, the sort direction. Each report's own schema
 * spreads these fields and adds its filters and `orderBy` enum.
 */

export const ReportTexts = {
  selectDates: 'Select dates and get a report.',
  clickGet: 'Click on "Get" to get the data.',
  noData: 'No data found.',
  nothing: 'Nothing to show.',
  selectMailService: 'Select Mail Service',
} as const;

export const ReportMessages = {
  fromDate: 'From date must be a date as YYYY-MM-DD.',
  toDate: 'To date must be a date as YYYY-MM-DD.',
  dateOrder: 'From date must not be after To date.',
  userId: 'User must be a user id.',
  campaignType: 'Campaign type must be 1 (PMTA) or 2 (SMTP).',
  asc: 'Asc must be true or false.',
  direction: 'Direction must be asc or desc.',
  mailProvider: 'Mail Service is required.',
  relayGroup: 'Relay Group must be a relay group id.',
} as const;
const M = ReportMessages;

/** Days of the default range: today and the 6 before it (UTC). */
export const DEFAULT_REPORT_DAYS = 7;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date as YYYY-MM-DD that exists (2026-02-30 does not). */
export const isReportDate = (s: string) => {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`); // 2026-13-01 is an Invalid Date, whose toISOString throws
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
};
const reportDate = (message: string) => z.string({ error: message }).refine(isReportDate, message);

/** YYYY-MM-DD of a moment, in UTC. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The default range: the last 7 days up to today, in UTC. */
export function defaultReportRange(now = new Date()): { fromDate: string; toDate: string } {
  const from = new Date(now.getTime() - (DEFAULT_REPORT_DAYS - 1) * 86_400_000);
  return { fromDate: utcDay(from), toDate: utcDay(now) };
}

/** fromDate and toDate, both required, both inclusive. Spread into a report's object and refine with `ordered`. */
export const dateRangeFields = { fromDate: reportDate(M.fromDate), toDate: reportDate(M.toDate) };

/** For a report schema with the date range: `.refine(...datesInOrder())` (the range does not run backwards). */
export const datesInOrder = () =>
  [(v: { fromDate: string; toDate: string }) => v.fromDate <= v.toDate, { message: M.dateOrder, path: ['toDate'] }] as [
    (v: { fromDate: string; toDate: string }) => boolean,
    { message: string; path: string[] },
  ];

/** userId: administrators' filter ('' or null = every user); ignored for anyone else. */
export const reportUserId = z
  .union([z.literal('').transform(() => undefined), idField(M.userId)], { error: M.userId })
  .nullish();

/** An optional reference filter ('' or null = all). */
export const optionalFilterId = (message: string) =>
  z.union([z.literal('').transform(() => undefined), idField(message)], { error: message }).nullish();

/** Campaign type filter: the spec's numbers (CampaignType: 1 PMTA, 2 SMTP, also as text), or all ('' or null). */
export const reportCampaignType = z
  .union(
    [
      z.literal('').transform(() => undefined),
      campaignTypeSchema,
      z.enum(['1', '2']).transform((v) => Number(v) as CampaignTypeValue),
    ],
    { error: M.campaignType },
  )
  .nullish();

export const reportAsc = z.boolean({ error: M.asc }).default(true);
export const reportDirection = z.enum(['asc', 'desc'], { error: M.direction });

/** Relay type filter of the relay reports: All (null), VPS (true), Net (false). */
export const reportIsVps = z.boolean({ error: 'Relay Type must be true or false.' }).nullish();

/** Ratios of the message report: '1:n', or the infinity sign when there is nothing to divide by. */
export const ratioText = (n: number | null | undefined) =>
  n === null || n === undefined || !Number.isFinite(n) ? '∞' : `1:${Math.round(n * 100) / 100}`;

/** Profit is kept in cents and shown divided by 100. */
export const money = (cents: number) => (cents / 100).toFixed(2);
