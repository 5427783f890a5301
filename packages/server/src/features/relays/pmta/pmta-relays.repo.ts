import { eq, sql } from 'drizzle-orm';
import { Rating } from '@console/shared/enums';
import {
  PMTA_RELAYS_PAGE_SIZE,
  PmtaRelayMessages,
  pmtaRelayItem,
  type PmtaRelay,
  type RelayReputation,
} from '@console/shared/pmta-relays';
import type { Executor } from '../../../db/client.ts';
import {
  pmtaRelayGroups,
  pmtaRelays,
  pmtaServers,
  relayReputations,
  reputationProviders,
  users,
} from '../../../db/schema/index.ts';
import { defineCollection, filters } from '../../../core/collection.ts';
import { ownedBy } from '../../../core/access.ts';
import { constraintAnswer } from '../../../core/db-errors.ts';
import type { AuthUser } from '../../../core/context.ts';

constraintAnswer('pmta_relays_server_ip_key', 409, { ip: PmtaRelayMessages.duplicateIp });

const r = pmtaRelays;
const srv = pmtaServers;
const grp = pmtaRelayGroups;

/**
 * GET /api/pmta_relays: id ascending (spec 2), 50 a page. Filters: smtpHost and description (contains),
 * user.id (administrators), group.id, id, pmtaServer.id, pmtaServer.isVps (the type: VPS or Net). The
 * nine sortable columns of the spec. POST pmta_relays/count_poor counts with the same filters.
 */
export const pmtaRelaysCollection = defineCollection({
  table: r,
  item: pmtaRelayItem,
  fields: {
    id: r.id,
    smtpHost: r.smtpHost,
    ip: sql<string>`host(${r.ip})`,
    senderEmail: r.senderEmail,
    active: r.active,
    status: r.status,
    normalSpeed: r.normalSpeed,
    backoffSpeed: r.backoffSpeed,
    backoff: r.backoff,
    withoutVmta: r.withoutVmta,
    description: r.description,
    pmtaServer: sql<
      PmtaRelay['pmtaServer']
    >`json_build_object('id', ${srv.id}, 'name', ${srv.name}, 'isVps', ${srv.isVps})`,
    group: sql<PmtaRelay['group']>`json_build_object('id', ${grp.id}, 'name', ${grp.name})`,
    user: sql<PmtaRelay['user']>`json_build_object('id', ${users.id}, 'username', ${users.username})`,
    // Switched off by the console (decision 1481), as an SMTP relay's pauses (1475): through the primary key.
    pauses: sql<PmtaRelay['pauses']>`coalesce((
      select json_agg(json_build_object('mailService', json_build_object('id', mp.id, 'name', mp.name),
               'reason', x.reason,
               'since', to_char(x.paused_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
             order by mp.name)
        from pmta_relay_switches x join mail_providers mp on mp.id = x.mail_provider_id
       where x.relay_id = ${r.id} and x.off and x.paused_at is not null), '[]'::json)`,
  },
  join: (q) =>
    q
      .innerJoin(srv, eq(srv.id, r.pmtaServerId))
      .innerJoin(grp, eq(grp.id, r.groupId))
      .innerJoin(users, eq(users.id, r.userId)),
  scope: ownedBy(r.userId),
  filters: {
    smtpHost: filters.contains(r.smtpHost, 'Smtp Host'),
    description: filters.contains(r.description, 'Description'),
    'user.id': filters.owner(r.userId),
    'group.id': filters.id(r.groupId),
    id: filters.id(r.id),
    'pmtaServer.id': filters.id(r.pmtaServerId),
    'pmtaServer.isVps': filters.bool(srv.isVps),
  },
  sortable: {
    id: r.id,
    'pmtaServer.isVps': srv.isVps,
    smtpHost: r.smtpHost,
    ip: r.ip,
    'pmtaServer.name': srv.name,
    'group.name': grp.name,
    status: r.status,
    active: r.active,
    description: r.description,
  },
  order: [sql`${r.id} asc`],
  select: { fields: { id: r.id, name: r.smtpHost }, order: [sql`${r.smtpHost}`, sql`${r.id}`] },
  pageSize: PMTA_RELAYS_PAGE_SIZE,
});

export const findPmtaRelay = (db: Executor, user: AuthUser, id: number) =>
  pmtaRelaysCollection.one(db, user, eq(r.id, id));

/** Poor relays (Rating 3) under the list's filters. */
export const countPoor = (db: Executor, user: AuthUser, q: Parameters<typeof pmtaRelaysCollection.count>[2]) =>
  pmtaRelaysCollection.count(db, user, q, eq(r.status, Rating.Poor));

/** The reputations dialog: provider, reputation, details, date; worst first. */
export async function reputationsOf(db: Executor, relayId: number): Promise<RelayReputation[]> {
  const rows = await db
    .select({
      provider: sql<{ name: string }>`json_build_object('name', ${reputationProviders.name})`,
      reputation: relayReputations.reputation,
      details: relayReputations.details,
      date: relayReputations.date,
    })
    .from(relayReputations)
    .innerJoin(reputationProviders, eq(reputationProviders.id, relayReputations.providerId))
    .where(eq(relayReputations.relayId, relayId))
    .orderBy(sql`${relayReputations.reputation} desc`, reputationProviders.name);
  return rows.map((x) => ({ ...x, date: x.date.toISOString() }));
}

export type PmtaRelayValues = Omit<typeof r.$inferInsert, 'id' | 'createdAt'>;

export async function insertPmtaRelay(db: Executor, v: PmtaRelayValues) {
  const [row] = await db.insert(r).values(v).returning({ id: r.id });
  return row!.id;
}

export const updatePmtaRelayRow = (db: Executor, id: number, v: Partial<PmtaRelayValues>) =>
  db.update(r).set(v).where(eq(r.id, id));
