import { sql, type SQL } from 'drizzle-orm';
import {
  UNKNOWN_MAIL_SERVICE,
  type RelayReport,
  type RelaysReportOrder,
  type RelaysReportRow,
} from '@console/shared/pmta-relays-report';
import { CampaignTypeOf } from '@console/shared/enums';
import { ROLLUP_FIGURES, dayBetween, orderSql, rollupOver } from '../../core/reports.ts';
import type { Executor } from '../../db/client.ts';

/*
 * The PMTA relays report's queries (decision 0916): rollup rows of PMTA campaigns (campaign_type 2, whose
 * relay_id is a PMTA relay's) summed per relay, per day or per mail service; a range's whole months from the
 * monthly rollup per relay (decision 1511).
 */

const PMTA = CampaignTypeOf.pmta;

const ORDER: Record<RelaysReportOrder, string> = {
  id: 'r.id',
  username: 'u.username',
  isVps: 's.is_vps',
  ip: 'r.ip',
  host: 'r.smtp_host',
  delivered: 'f.delivered',
  bounced: 'f.bounced',
  infraBounces: 'f."infraBounces"',
  complaints: 'f.complaints',
  views: 'f.views',
  clicks: 'f.clicks',
  conversions: 'f.conversions',
  profit: 'f.profit',
};

export interface RelaysReportQuery {
  fromDate: string;
  toDate: string;
  relayGroup?: number | null;
  isVps?: boolean | null;
  relayId?: number | null;
  orderBy: RelaysReportOrder;
  asc: boolean;
}

/** One row per PMTA relay with PMTA campaign events in the range (a relay without any is not listed). */
export async function relaysReport(db: Executor, q: RelaysReportQuery): Promise<RelaysReportRow[]> {
  const where: SQL[] = [sql`true`];
  if (q.relayGroup != null) where.push(sql`r.group_id = ${q.relayGroup}`);
  if (q.isVps != null) where.push(sql`s.is_vps = ${q.isVps}`);
  if (q.relayId != null) where.push(sql`r.id = ${q.relayId}`);
  const { rows } = await db.execute<RelaysReportRow>(sql`
    with f as (
      select d.relay_id, ${ROLLUP_FIGURES}
      from ${rollupOver(q, 'relay')} d
      where d.campaign_type = ${PMTA} and d.relay_id <> 0
        ${q.relayId != null ? sql`and d.relay_id = ${q.relayId}` : sql``}
      group by d.relay_id
    )
    select r.id, u.username, s.is_vps as "isVps", host(r.ip) as ip, r.smtp_host as host,
           f.delivered, f.bounced, f."infraBounces", f.complaints, f.views, f.clicks, f.conversions, f.profit
    from f
    join pmta_relays r on r.id = f.relay_id
    join pmta_servers s on s.id = r.pmta_server_id
    join users u on u.id = r.user_id
    where ${sql.join(where, sql` and `)}
    order by ${orderSql(ORDER, q.orderBy, q.asc, 'r.id')}`);
  return rows;
}

/** The relay of the popup, or undefined. */
export async function relayOfReport(db: Executor, relayId: number): Promise<RelayReport['relay'] | undefined> {
  const { rows } = await db.execute<RelayReport['relay']>(sql`
    select r.id, r.smtp_host as host, host(r.ip) as ip, u.username, s.is_vps as "isVps", g.name as "groupName"
    from pmta_relays r
    join pmta_servers s on s.id = r.pmta_server_id
    join users u on u.id = r.user_id
    join pmta_relay_groups g on g.id = r.group_id
    where r.id = ${relayId}`);
  return rows[0];
}

/** The popup's tables: the relay's figures per day with events (oldest first), per mail service, in total. */
export async function relayBreakdown(db: Executor, relayId: number, range: { fromDate: string; toDate: string }) {
  const relay = sql`d.campaign_type = ${PMTA} and d.relay_id = ${relayId}`;
  const of = sql`${relay} and ${dayBetween('d.day', range)}`;
  const [days, providers, total] = await Promise.all([
    db.execute<RelayReport['days'][number]>(sql`
      select d.day::text as day, ${ROLLUP_FIGURES} from event_rollup_daily d where ${of} group by d.day order by d.day`),
    db.execute<RelayReport['mailProviders'][number]>(sql`
      select d.mail_provider_id as id, coalesce(p.name, ${UNKNOWN_MAIL_SERVICE}) as name, ${ROLLUP_FIGURES}
      from ${rollupOver(range, 'relay')} d left join mail_providers p on p.id = d.mail_provider_id
      where ${relay} group by d.mail_provider_id, p.name order by delivered desc, d.mail_provider_id`),
    db.execute<RelayReport['total']>(sql`select ${ROLLUP_FIGURES} from ${rollupOver(range, 'relay')} d where ${relay}`),
  ]);
  return { days: days.rows, mailProviders: providers.rows, total: total.rows[0]! };
}
