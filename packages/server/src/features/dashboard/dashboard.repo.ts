import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ownerIs } from '../../core/reports.ts';

/* Every query of the dashboard: the hourly rollup's traffic and the relay groups' relay counts. */

export interface HourTraffic {
  hour: Date;
  /** The mail provider's name (null for none or a provider since removed); only in the detailed query. */
  provider: string | null;
  sent: number;
  delivered: number;
  bounced: number;
  infraBounces: number;
  complaints: number;
}

/**
 * Sent, delivered and bounced per hour of [first, last] (both hour starts, inclusive) from the hourly
 * rollup, for `owner` (null = every user), both campaign types; per mail provider when `byProvider`.
 * Hours and providers without such traffic are left out.
 */
export async function hourlyTraffic(
  db: Executor,
  owner: number | null,
  first: Date,
  last: Date,
  byProvider: boolean,
): Promise<HourTraffic[]> {
  const provider = byProvider ? sql`p.name` : sql`null::text`;
  const { rows } = await db.execute<{
    hour: Date | string;
    provider: string | null;
    sent: number;
    delivered: number;
    bounced: number;
    infraBounces: number;
    complaints: number;
  }>(sql`
    select r.hour, ${provider} as provider, sum(r.sent)::int as sent, sum(r.delivered)::int as delivered,
           sum(r.bounced)::int as bounced, sum(r.infra_bounces)::int as "infraBounces",
           sum(r.complaints)::int as complaints
    from event_rollup_hourly r
    ${byProvider ? sql`left join mail_providers p on p.id = r.mail_provider_id` : sql``}
    where r.hour between ${first.toISOString()}::timestamptz and ${last.toISOString()}::timestamptz
      and ${ownerIs(sql`r.user_id`, owner)}
      and (r.sent > 0 or r.delivered > 0 or r.bounced > 0 or r.complaints > 0)
    group by 1, 2
    order by 1, 2`);
  return rows.map((r) => ({ ...r, hour: new Date(r.hour) }));
}

export type GroupCounts = {
  id: number;
  name: string;
  totalNet: number;
  totalVps: number;
  goodNet: number;
  goodVps: number;
  badNet: number;
  badVps: number;
};

/**
 * The PMTA relay groups not archived (of `owner`, or every group) with their relays counted by their
 * server's kind (is_vps): all of them, rating Neutral or Good (1, 2), rating Poor (3). By name (ignoring
 * case), then id.
 */
export async function relayGroupCounts(db: Executor, owner: number | null): Promise<GroupCounts[]> {
  const { rows } = await db.execute<GroupCounts>(sql`
    select g.id, g.name,
           count(r.id) filter (where not s.is_vps)::int as "totalNet",
           count(r.id) filter (where s.is_vps)::int as "totalVps",
           count(r.id) filter (where r.status in (1, 2) and not s.is_vps)::int as "goodNet",
           count(r.id) filter (where r.status in (1, 2) and s.is_vps)::int as "goodVps",
           count(r.id) filter (where r.status = 3 and not s.is_vps)::int as "badNet",
           count(r.id) filter (where r.status = 3 and s.is_vps)::int as "badVps"
    from pmta_relay_groups g
    left join pmta_relays r on r.group_id = g.id
    left join pmta_servers s on s.id = r.pmta_server_id
    where g.archive is null and ${ownerIs(sql`g.user_id`, owner)}
    group by g.id, g.name
    order by lower(g.name), g.id`);
  return rows;
}
