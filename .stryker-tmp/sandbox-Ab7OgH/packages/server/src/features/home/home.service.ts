// @ts-nocheck
import { PROFIT_PERIODS, dailyDynamic, type HomeProfit, type ProfitPeriod } from '@console/shared/home';
import { utcDay } from '@console/shared/reports';
import type { Executor } from '../../db/client.ts';
import { profitIn, type DayRange } from './home.repo.ts';

/*
 * Home's profit dynamics (decision 0915), in UTC days: this month is the 1st to today, last month the whole
 * month before; this week is Monday (ISO) to today, last week the whole week before; this day is today, the
 * last one yesterday. `now` is a parameter so that tests fix the clock.
 */

const DAY = 86_400_000;
const at = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));
const days = (r: { from: Date; to: Date }) => Math.round((r.to.getTime() - r.from.getTime()) / DAY) + 1;

type Periods = Record<'this' | 'last', Record<ProfitPeriod, { from: Date; to: Date }>>;

/** The six periods of `now`'s UTC day. */
export function profitPeriods(now: Date): Periods {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const today = at(y, m, now.getUTCDate());
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY);
  const yesterday = new Date(today.getTime() - DAY);
  return {
    this: {
      month: { from: at(y, m, 1), to: today },
      week: { from: monday, to: today },
      day: { from: today, to: today },
    },
    last: {
      month: { from: at(y, m - 1, 1), to: at(y, m, 0) },
      week: { from: new Date(monday.getTime() - 7 * DAY), to: new Date(monday.getTime() - DAY) },
      day: { from: yesterday, to: yesterday },
    },
  };
}

const asRange = (r: { from: Date; to: Date }): DayRange => ({ from: utcDay(r.from), to: utcDay(r.to) });

/** POST home/profit: this and last month, week and day in cents, and the daily dynamic in percent. */
export async function homeProfit(db: Executor, owner: number | null, now = new Date()): Promise<HomeProfit> {
  const p = profitPeriods(now);
  const ranges = [...PROFIT_PERIODS.map((k) => p.this[k]), ...PROFIT_PERIODS.map((k) => p.last[k])];
  const cents = await profitIn(db, owner, ranges.map(asRange));
  const per = <T>(f: (k: ProfitPeriod, i: number) => T) =>
    Object.fromEntries(PROFIT_PERIODS.map((k, i) => [k, f(k, i)])) as Record<ProfitPeriod, T>;
  const n = PROFIT_PERIODS.length;
  return {
    data: {
      this: per((_, i) => cents[i]!),
      last: per((_, i) => cents[n + i]!),
      diff: per((k, i) => dailyDynamic(cents[i]!, days(p.this[k]), cents[n + i]!, days(p.last[k]))),
    },
    periods: { this: per((k) => asRange(p.this[k])), last: per((k) => asRange(p.last[k])) },
  };
}
