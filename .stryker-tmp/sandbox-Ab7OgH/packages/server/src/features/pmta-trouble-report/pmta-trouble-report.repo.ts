// @ts-nocheck
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { CampaignStatus, EventKind, CampaignTypeOf } from '@console/shared/enums';
import { RecipientStatus } from '@console/shared/campaigns';
import { CAMPAIGN_STALL_MINUTES, TROUBLE_NAMES, type TroubleEntry } from '@console/shared/pmta-trouble-report';
import { isForeignKeyViolation } from '../../core/db-errors.ts';
import type { Executor } from '../../db/client.ts';
import { pmtaServerTroubles, pmtaServers } from '../../db/schema/index.ts';
import type { PmtaServerRow } from '../../pmta/operations.ts';
import type { CheckResult } from './pmta-trouble-report.remote.ts';

/* Every query of the trouble report: the cached checks per server, their storage, the campaign check. */

/** The stored flags and texts of the checks this version knows (a renamed check's old key is left out). */
const known = <T>(stored: Record<string, T> | null) =>
  Object.fromEntries(TROUBLE_NAMES.filter((n) => stored && n in stored).map((n) => [n, stored![n]!]));

const ORDER = { id: pmtaServers.id, name: pmtaServers.name, ip: pmtaServers.serverIp } as const;
export type TroubleOrder = keyof typeof ORDER;

/** The report's entries: servers (of `owner`, or all) with their last check, in the asked order. */
export async function reportEntries(
  db: Executor,
  where: { owner?: number; id?: number },
  orderBy: TroubleOrder = 'id',
  ascending = true,
): Promise<TroubleEntry[]> {
  const dir = ascending ? asc : desc;
  const rows = await db
    .select({
      pmtaServerId: pmtaServers.id,
      pmtaServerName: pmtaServers.name,
      pmtaServerIp: pmtaServers.serverIp,
      troubles: pmtaServerTroubles.troubles,
      details: pmtaServerTroubles.details,
      checkedAt: pmtaServerTroubles.checkedAt,
    })
    .from(pmtaServers)
    .leftJoin(pmtaServerTroubles, eq(pmtaServerTroubles.pmtaServerId, pmtaServers.id))
    .where(
      and(
        where.owner === undefined ? undefined : eq(pmtaServers.userId, where.owner),
        where.id === undefined ? undefined : eq(pmtaServers.id, where.id),
      ),
    )
    .orderBy(dir(ORDER[orderBy]), dir(pmtaServers.id));
  return rows.map((r) => ({
    ...r,
    troubles: known(r.troubles),
    details: known(r.details),
    checkedAt: r.checkedAt?.toISOString() ?? null,
  }));
}

/** Whole server rows (the checks need their SSH settings), never-checked and oldest checks first. */
export async function serversToCheck(db: Executor, ids?: number[]): Promise<PmtaServerRow[]> {
  const rows = await db
    .select({ server: pmtaServers })
    .from(pmtaServers)
    .leftJoin(pmtaServerTroubles, eq(pmtaServerTroubles.pmtaServerId, pmtaServers.id))
    .where(ids ? inArray(pmtaServers.id, ids) : undefined)
    .orderBy(sql`${pmtaServerTroubles.checkedAt} asc nulls first`, asc(pmtaServers.id));
  return rows.map((r) => r.server);
}

/**
 * Keeps a server's check, stamped with the time it started: of two checks that overlap, the later-started
 * one stays. A server deleted meanwhile keeps nothing.
 */
export async function storeCheck(db: Executor, serverId: number, r: CheckResult, startedAt: Date): Promise<void> {
  const values = { troubles: r.troubles, details: r.details, checkedAt: startedAt };
  try {
    await db
      .insert(pmtaServerTroubles)
      .values({ pmtaServerId: serverId, ...values })
      .onConflictDoUpdate({
        target: pmtaServerTroubles.pmtaServerId,
        set: values,
        setWhere: sql`${pmtaServerTroubles.checkedAt} <= ${startedAt}`,
      });
  } catch (e) {
    if (!isForeignKeyViolation(e)) throw e;
  }
}

/**
 * The PMTA campaigns of the server's owner that send through a relay group with relays on this server and
 * that the engine paused (pause_reason set), or that are active but stalled: started more than
 * CAMPAIGN_STALL_MINUTES ago, recipients left, and no sent, delivered, bounced, deferred or interrupted event since.
 */
export async function troubledCampaigns(db: Executor, server: Pick<PmtaServerRow, 'id' | 'userId'>) {
  const stall = sql`now() - make_interval(mins => ${CAMPAIGN_STALL_MINUTES})`;
  const pmta = CampaignTypeOf.pmta;
  // An interrupted injection is activity too (decision 1100: it is no longer a `sent`).
  const sending = [EventKind.sent, EventKind.delivered, EventKind.bounced, EventKind.deferred, EventKind.interrupted];
  const left = [RecipientStatus.pending, RecipientStatus.claimed, RecipientStatus.sending];
  const { rows } = await db.execute<{ id: number; name: string; status: number; pause_reason: string | null }>(sql`
    select c.id, c.name, c.status, c.pause_reason
    from campaigns c
    where c.type = ${pmta} and c.user_id = ${server.userId}
      and exists (select 1 from pmta_relays r
                  where r.pmta_server_id = ${server.id} and r.group_id = c.pmta_relay_group_id)
      and (
        (c.status = ${CampaignStatus.Paused} and c.pause_reason is not null)
        or (c.status = ${CampaignStatus.Active} and c.start_date < ${stall}
            and exists (select 1 from campaign_recipients cr
                        where cr.campaign_id = c.id and cr.status in (${sql.join(left, sql`, `)}))
            and not exists (select 1 from events e
                            where e.campaign_type = ${pmta} and e.campaign_id = c.id and e.at > ${stall}
                              and e.kind in (${sql.join(sending, sql`, `)})))
      )
    order by c.id`);
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    why:
      c.status === CampaignStatus.Paused
        ? `paused by the engine (${c.pause_reason}).`
        : `active, but nothing sent for ${CAMPAIGN_STALL_MINUTES} minutes.`,
  }));
}
