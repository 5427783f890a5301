// @ts-nocheck
import { z } from 'zod';
import { reportUserId } from './reports.ts';

/*
 * Home: the profit dynamics (spec 3 "Home", decision 0915). Profit in cents of this and the last month,
 * week (ISO, from Monday) and day, in UTC, and the daily dynamic in percent.
 */

export const PROFIT_PERIODS = ['month', 'week', 'day'] as const;
export type ProfitPeriod = (typeof PROFIT_PERIODS)[number];
export const ProfitPeriodLabels: Record<ProfitPeriod, string> = { month: 'Month', week: 'Week', day: 'Day' };

/** POST home/profit: userId (administrators only; anyone else always gets their own profit). */
export const homeProfitSchema = z.object({ userId: reportUserId });
export type HomeProfitBody = z.input<typeof homeProfitSchema>;

const perPeriod = <T extends z.ZodType>(t: T) => z.object({ month: t, week: t, day: t });
const range = z.object({ from: z.string(), to: z.string() });

/**
 * Profit data (spec 3 §3): `this` (the period to date) and `last` (the whole period before) in cents,
 * `diff` the daily dynamic in percent (2 decimals; null when the last period's profit is 0). `periods` tells
 * which days (YYYY-MM-DD, both inclusive) each figure covers.
 */
export const homeProfitResponse = z.object({
  data: z.object({
    this: perPeriod(z.number()),
    last: perPeriod(z.number()),
    diff: perPeriod(z.number().nullable()),
  }),
  periods: z.object({ this: perPeriod(range), last: perPeriod(range) }),
});
export type HomeProfit = z.infer<typeof homeProfitResponse>;

/**
 * The daily dynamic: (this per elapsed day / last per day of its period - 1) x 100, rounded to 2 decimals;
 * null when the last period had no profit.
 */
export function dailyDynamic(thisCents: number, thisDays: number, lastCents: number, lastDays: number): number | null {
  if (lastCents === 0) return null;
  return Math.round((thisCents / thisDays / (lastCents / lastDays) - 1) * 100 * 100) / 100;
}
