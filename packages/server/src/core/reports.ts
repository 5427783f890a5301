import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.ts';
import { DATA_AGE_HEADER, replicaLag } from '../db/replica.ts';
import { COUNTERS, campaigns } from '../db/schema/index.ts';
import { ownedBy } from './access.ts';
import type { AppContext, AuthUser } from './context.ts';

/*
 * What the report routes share (decision 0914). Reports read the rollups (event_rollup_daily for date ranges,
 * event_rollup_monthly or event_rollup_relay_monthly for a range's whole months when its days are summed
 * together: decisions 1500, 1511; event_rollup_hourly for the last hours, campaign_counters for all time,
 * conversion_rollup_daily by country), never the events or the recipients.
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

const FIGURES = [...Object.values(COUNTERS), 'profit_cents'].join(', ');
/**
 * What `rollupOver` reads a range's whole months from: the monthly rollup per owner and campaign, or per relay
 * (decision 1511: the relay reports sum a year of a few rows per relay), and the columns it gives.
 */
const GRAINS = {
  campaign: {
    monthly: 'event_rollup_monthly',
    keys: 'user_id, campaign_type, campaign_id, relay_id, mail_provider_id',
  },
  relay: { monthly: 'event_rollup_relay_monthly', keys: 'campaign_type, relay_id, mail_provider_id' },
};
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The rollup rows of a day range (both inclusive, YYYY-MM-DD) for a report that sums them without grouping by
 * day (decision 1500): the whole months inside the range from a monthly rollup, the days before the first
 * and after the last whole month from event_rollup_daily. The same figures as the range's daily rows, from one
 * row per key and month instead of one per key and day with events. Used as `from ${rollupOver(range)} d`; its
 * columns are the grain's keys and every counter: the `campaign` grain has the daily rollup's keys but the day,
 * the `relay` grain only campaign_type, relay_id and mail_provider_id.
 */
export function rollupOver(range: { fromDate: string; toDate: string }, grain: keyof typeof GRAINS = 'campaign'): SQL {
  const { monthly, keys } = GRAINS[grain];
  const from = new Date(`${range.fromDate}T00:00:00Z`);
  const to = new Date(`${range.toDate}T00:00:00Z`);
  // The first whole month starts on or after `from`; `end` is the day after the last whole month (on or before
  // `to`). The dates are the validated range's, written back by toISOString: nothing of the input is spliced.
  const first = from.getUTCDate() === 1 ? from : new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  const afterTo = new Date(to.getTime() + 86_400_000);
  const end = afterTo.getUTCDate() === 1 ? afterTo : new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), 1));
  const days = (a: string, b: string) =>
    sql.raw(`select ${keys}, ${FIGURES} from event_rollup_daily where day between '${a}'::date and '${b}'::date`);
  if (first >= end) return sql`(${days(isoDay(from), isoDay(to))})`;
  const before = new Date(first.getTime() - 86_400_000);
  const lastMonth = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 1, 1));
  const parts = [
    sql.raw(
      `select ${keys}, ${FIGURES} from ${monthly} where month between '${isoDay(first)}'::date and '${isoDay(lastMonth)}'::date`,
    ),
  ];
  if (from < first) parts.push(days(isoDay(from), isoDay(before)));
  if (end <= to) parts.push(days(isoDay(end), isoDay(to)));
  return sql`(${sql.join(parts, sql` union all `)})`;
}

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

/**
 * The database a report or an export reads (decision 1411): the replica of DATABASE_READ_URL when there is
 * one, its lag then told in the `x-data-age` header (seconds) for the page's note; the primary otherwise.
 * Nothing that writes goes through it (a replica refuses writes anyway).
 */
export async function reportDb(ctx: Pick<AppContext, 'db' | 'readDb'>, reply: FastifyReply): Promise<Db> {
  if (ctx.readDb === ctx.db) return ctx.db;
  reply.header(DATA_AGE_HEADER, String(await replicaLag(ctx.readDb)));
  return ctx.readDb;
}
