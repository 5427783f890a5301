// @ts-nocheck
import { sql } from 'drizzle-orm';
import type { ActivityOrderBy, ActivityReportQuery, ActivityReportRow } from '@console/shared/activity-report';
import type { Executor } from '../../db/client.ts';
import { dayBetween, orderSql, ownerIs } from '../../core/reports.ts';

/*
 * The Activity Report's query (decision 0917): event_rollup_daily summed per UTC day; a day shows when
 * one of its figures is not zero (a day with only sends or deferrals has nothing to show).
 */

/** Each figure of the row and the rollup column it sums (decision 0914). */
const FIGURES: Record<Exclude<ActivityOrderBy, 'event_date'>, string> = {
  delivered: 'delivered',
  bounced: 'bounced',
  views: 'unique_opens',
  clicks: 'unique_clicks',
  conversions: 'conversions',
  unsubscribers: 'unsubscribes',
  profit: 'profit_cents',
};
const ORDER = Object.fromEntries(Object.keys({ event_date: 0, ...FIGURES }).map((k) => [k, k])) as Record<
  ActivityOrderBy,
  string
>;
const SUMS = sql.raw(
  Object.entries(FIGURES)
    .map(([name, column]) => `sum(${column})::bigint as ${name}`)
    .join(', '),
);
const ANY = sql.raw(
  Object.values(FIGURES)
    .map((column) => `sum(${column}) <> 0`)
    .join(' or '),
);

export async function activityReport(
  db: Executor,
  owner: number | null,
  q: ActivityReportQuery,
): Promise<ActivityReportRow[]> {
  const type = q.campaignType ? sql`campaign_type = ${q.campaignType}` : sql`true`;
  const { rows } = await db.execute<ActivityReportRow>(sql`
    select to_char(day, 'YYYY-MM-DD') as event_date, ${SUMS}
    from event_rollup_daily
    where ${ownerIs('user_id', owner)} and ${dayBetween('day', q)} and ${type}
    group by day having ${ANY}
    order by ${orderSql(ORDER, q.orderBy, q.asc, 'event_date')}`);
  return rows;
}
