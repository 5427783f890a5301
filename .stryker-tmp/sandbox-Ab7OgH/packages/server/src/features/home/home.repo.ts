// @ts-nocheck
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ownerIs } from '../../core/reports.ts';

/** A run of UTC days, YYYY-MM-DD, both inclusive. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * The profit in cents of each range from the daily rollup, for `owner` (null = every user), both campaign
 * types; in the ranges' order. One statement reads the span of all of them.
 */
export async function profitIn(db: Executor, owner: number | null, ranges: DayRange[]): Promise<number[]> {
  if (!ranges.length) return [];
  const from = ranges.reduce((m, r) => (r.from < m ? r.from : m), ranges[0]!.from);
  const to = ranges.reduce((m, r) => (r.to > m ? r.to : m), ranges[0]!.to);
  const sums = ranges.map(
    (r, i) =>
      sql`coalesce(sum(profit_cents) filter (where day between ${r.from}::date and ${r.to}::date), 0)::bigint as ${sql.raw(`p${i}`)}`,
  );
  const { rows } = await db.execute<Record<string, string | number>>(sql`
    select ${sql.join(sums, sql`, `)}
    from event_rollup_daily
    where day between ${from}::date and ${to}::date and ${ownerIs(sql`user_id`, owner)}`);
  return ranges.map((_, i) => Number(rows[0]?.[`p${i}`] ?? 0));
}
