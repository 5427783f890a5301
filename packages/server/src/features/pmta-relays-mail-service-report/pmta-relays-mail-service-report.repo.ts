import { sql, type SQL } from 'drizzle-orm';
import type { MailServiceReportOrder, MailServiceReportRow } from '@console/shared/pmta-relays-mail-service-report';
import { CampaignTypeOf } from '@console/shared/enums';
import { containsPattern } from '../../core/collection.ts';
import { ROLLUP_FIGURES, orderSql, rollupOver } from '../../core/reports.ts';
import type { Executor } from '../../db/client.ts';
import { pmtaSpeeds } from '../../db/schema/index.ts';
import { goodSpeedSql } from '../../pmta/speed-state.ts';

/*
 * The mail-service report's query (decision 0916): every PMTA relay in scope, with its switch and speed for
 * the service, the range's figures from the daily and per-relay monthly rollups (`rollupOver`, decisions 1500,
 * 1511) and the last hour's from event_rollup_hourly (the buckets of the current and the previous clock hour),
 * PMTA campaigns only (campaign_type 2).
 */

const PMTA = CampaignTypeOf.pmta;

const ORDER: Record<MailServiceReportOrder, string> = {
  id: 'r.id',
  groupName: 'g.name',
  isVps: 's.is_vps',
  ip: 'r.ip',
  smtpHost: 'r.smtp_host',
  switchOff: '"switchOff"',
  speed: 'speed',
  description: 'r.description',
  delivered: 'delivered',
  deliveredLH: '"deliveredLH"',
  bounced: 'bounced',
  bouncedLH: '"bouncedLH"',
  infraBounces: '"infraBounces"',
  complaints: 'complaints',
  views: 'views',
  clicks: 'clicks',
  conversions: 'conversions',
  profit: 'profit',
};

/** The hourly buckets counted as the last hour: the current clock hour and the one before it. */
export const LAST_HOUR_FROM = sql.raw(`date_trunc('hour', now()) - interval '1 hour'`);

export interface MailServiceReportQuery {
  /** The relays' owner; null: every relay (administrators). */
  owner: number | null;
  mailProvider: number;
  fromDate: string;
  toDate: string;
  relayGroup?: number | null;
  description?: string;
  orderBy: MailServiceReportOrder;
  asc: boolean;
}

export async function mailServiceReport(db: Executor, q: MailServiceReportQuery): Promise<MailServiceReportRow[]> {
  const where: SQL[] = [sql`true`];
  if (q.owner !== null) where.push(sql`r.user_id = ${q.owner}`);
  if (q.relayGroup != null) where.push(sql`r.group_id = ${q.relayGroup}`);
  if (q.description) where.push(sql`r.description ilike ${containsPattern(q.description)}`);
  const sp = pmtaSpeeds;
  const { rows } = await db.execute<MailServiceReportRow>(sql`
    with f as (
      select d.relay_id, ${ROLLUP_FIGURES}
      from ${rollupOver(q, 'relay')} d
      where d.campaign_type = ${PMTA} and d.mail_provider_id = ${q.mailProvider} and d.relay_id <> 0
      group by d.relay_id
    ), lh as (
      select h.relay_id, sum(h.delivered)::int as delivered, sum(h.bounced)::int as bounced
      from event_rollup_hourly h
      where h.campaign_type = ${PMTA} and h.mail_provider_id = ${q.mailProvider} and h.relay_id <> 0
        and h.hour >= ${LAST_HOUR_FROM}
      group by h.relay_id
    )
    select r.id, g.name as "groupName", s.is_vps as "isVps", host(r.ip) as ip, r.smtp_host as "smtpHost",
           coalesce(sw.off, false) as "switchOff", ${sp.localValue} as speed,
           coalesce(${goodSpeedSql}, false) as "speedIsGood", r.description,
           coalesce(f.delivered, 0) as delivered, coalesce(f.bounced, 0) as bounced,
           coalesce(lh.delivered, 0) as "deliveredLH", coalesce(lh.bounced, 0) as "bouncedLH",
           coalesce(f."infraBounces", 0) as "infraBounces", coalesce(f.complaints, 0) as complaints,
           coalesce(f.views, 0) as views, coalesce(f.clicks, 0) as clicks,
           coalesce(f.conversions, 0) as conversions, coalesce(f.profit, 0)::bigint as profit,
           (not r.active or coalesce(sw.off, false)) as stopped
    from pmta_relays r
    join pmta_relay_groups g on g.id = r.group_id
    join pmta_servers s on s.id = r.pmta_server_id
    left join pmta_relay_switches sw on sw.relay_id = r.id and sw.mail_provider_id = ${q.mailProvider}
    left join ${sp} on ${sp.relayId} = r.id and ${sp.mailProviderId} = ${q.mailProvider}
    left join f on f.relay_id = r.id
    left join lh on lh.relay_id = r.id
    where ${sql.join(where, sql` and `)}
    order by ${orderSql(ORDER, q.orderBy, q.asc, 'r.id')}`);
  return rows;
}
