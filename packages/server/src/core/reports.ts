import { sql, type SQL } from 'drizzle-orm';
import { campaigns } from '../db/schema/index.ts';
import { ownedBy } from './access.ts';
import type { AuthUser } from './context.ts';

/*
 * What the report routes share (decision 0914). Reports read the rollups (event_rollup_daily for date
 * ranges, event_rollup_hourly for the last hours, campaign_counters for all time, conversion_rollup_daily
 * by country), never the events or the recipients.
 */

/** Whose data a report shows: an administrator's chosen user (null = every user); anyone else, their own. */
export const reportOwner = (user: AuthUser, userId?: number | null): number | null =>
  user.isAdmin ? (userId ?? null) : user.id;

/** The rows of a report, declared on its route (`config: { scope: reportScope }`): what `reportOwner` gives. */
export const reportScope = ownedBy(campaigns.userId);

/** `column = owner`, or nothing when an administrator asked for every user. */
export const ownerIs = (column: SQL | string, owner: number | null): SQL =>
  owner === null ? sql`true` : sql`${typeof column === 'string' ? sql.raw(column) : column} = ${owner}`;

/** `day between from and to` for the daily rollups (YYYY-MM-DD, both inclusive, already validated). */
export const dayBetween = (column: SQL | string, range: { fromDate: string; toDate: string }): SQL =>
  sql`${typeof column === 'string' ? sql.raw(column) : column} between ${range.fromDate}::date and ${range.toDate}::date`;

/**
 * ORDER BY from a report's whitelist (`orderBy` is already one of its keys: the schema's enum), ending on
 * `tie` so equal rows keep one order between pages.
 */
export function orderSql<K extends string>(columns: Record<K, string>, key: K, asc: boolean, tie: string): SQL {
  const dir = asc ? 'asc' : 'desc';
  return sql.raw(`${columns[key]} ${dir} nulls last, ${tie} ${dir}`);
}

/** The figures of decision 0914 summed over rollup rows aliased `d`; profit in cents. */
export const ROLLUP_FIGURES =
  sql.raw(`coalesce(sum(d.delivered), 0)::int as delivered, coalesce(sum(d.bounced), 0)::int as bounced,
  coalesce(sum(d.infra_bounces), 0)::int as "infraBounces", coalesce(sum(d.complaints), 0)::int as complaints,
  coalesce(sum(d.unique_opens), 0)::int as views, coalesce(sum(d.unique_clicks), 0)::int as clicks,
  coalesce(sum(d.conversions), 0)::int as conversions, coalesce(sum(d.profit_cents), 0)::bigint as profit`);
