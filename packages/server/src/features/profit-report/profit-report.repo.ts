import { sql, type SQL } from 'drizzle-orm';
import type { ProfitOrderBy, ProfitReportQuery, ProfitReportRow } from '@console/shared/profit-report';
import type { Executor } from '../../db/client.ts';
import { dayBetween, orderSql, ownerIs, rollupOver } from '../../core/reports.ts';

/*
 * The Profit Report's queries (decision 0917): by date from event_rollup_daily, by campaign from the daily and
 * monthly rollups (`rollupOver`, decision 1500), both their conversions and profit_cents; by country from
 * conversion_rollup_daily. A group shows when it has a
 * conversion or a profit; the columns the grouping does not use are null.
 */

const ORDER: Record<ProfitOrderBy, string> = {
  event_date: 'event_date',
  campaign_id: '(campaign_type, campaign_id)',
  country: 'country',
  count: 'count',
  sum: 'sum',
};

/** `campaign_type = ` the filter's CampaignType, or nothing for both kinds. */
const campaignTypeIs = (type: ProfitReportQuery['campaignType']): SQL =>
  type ? sql`campaign_type = ${type}` : sql`true`;

export async function profitReport(
  db: Executor,
  owner: number | null,
  q: ProfitReportQuery,
): Promise<ProfitReportRow[]> {
  const where = sql`${ownerIs('user_id', owner)} and ${dayBetween('day', q)} and ${campaignTypeIs(q.campaignType)}`;
  const figures = sql`sum(conversions)::bigint as count, sum(profit_cents)::bigint as sum`;
  const having = sql`having sum(conversions) <> 0 or sum(profit_cents) <> 0`;
  let query: SQL;
  if (q.groupBy === 'date') {
    query = sql`
      select to_char(day, 'YYYY-MM-DD') as event_date, null::int as campaign_type, null::int as campaign_id,
             null as campaign_name, null as country, ${figures}
      from event_rollup_daily where ${where} group by day ${having}
      order by ${orderSql(ORDER, q.orderBy, q.asc, 'event_date')}`;
  } else if (q.groupBy === 'campaign') {
    query = sql`
      select null as event_date, campaign_type::int as campaign_type, campaign_id, c.name as campaign_name,
             null as country, count, sum
      from (select campaign_type, campaign_id, ${figures}
            from ${rollupOver(q)} d where ${ownerIs('user_id', owner)} and ${campaignTypeIs(q.campaignType)}
            group by campaign_type, campaign_id ${having}) r
      left join campaigns c on c.id = r.campaign_id and c.type = r.campaign_type
      order by ${orderSql(ORDER, q.orderBy, q.asc, '(campaign_type, campaign_id)')}`;
  } else {
    query = sql`
      select null as event_date, null::int as campaign_type, null::int as campaign_id, null as campaign_name,
             country, ${figures}
      from conversion_rollup_daily where ${where} group by country ${having}
      order by ${orderSql(ORDER, q.orderBy, q.asc, 'country')}`;
  }
  const { rows } = await db.execute<ProfitReportRow>(query);
  return rows;
}
