import { eq, sql } from 'drizzle-orm';
import { PMTA_SERVERS_PAGE_SIZE, pmtaServerItem, type PmtaServer } from '@console/shared/pmta-servers';
import type { Executor } from '../../../db/client.ts';
import { pmtaRelays, pmtaServers, users } from '../../../db/schema/index.ts';
import { defineCollection, filters } from '../../../core/collection.ts';
import { ownedBy } from '../../../core/access.ts';
import type { AuthUser } from '../../../core/context.ts';

const p = pmtaServers;

/**
 * The host an `inet` expression names, for one host, one owner (decision 1321): an IPv4-mapped
 * (`::ffff:a.b.c.d`, however written: inet keeps one spelling) or NAT64 (`64:ff9b::a.b.c.d`) address as the
 * IPv4 address it carries, as the outbound policy judges it (`normalIp`, core/internal-addresses.ts).
 */
export const hostAddress = (inet: string) =>
  `(case when ${inet} << '::ffff:0:0/96' then '0.0.0.0'::inet + (${inet} - '::ffff:0:0'::inet)` +
  ` when ${inet} << '64:ff9b::/96' then '0.0.0.0'::inet + (${inet} - '64:ff9b::'::inet) else ${inet} end)`;

/**
 * GET /api/pmta_servers: newest first, 30 a page. Filters: name (contains), user.id (administrators).
 * `groups[]=select` gives {id, name} by name for the relay forms (with user.id: one owner's servers).
 * The secret columns (ssh_password_enc, ssh_key_enc) are never selected: hasSshPassword/hasSshKey say one is set.
 */
export const pmtaServersCollection = defineCollection({
  table: p,
  item: pmtaServerItem,
  fields: {
    id: p.id,
    name: p.name,
    serverIp: sql<string>`host(${p.serverIp})`,
    pmtaHttpPort: p.pmtaHttpPort,
    sshPort: p.sshPort,
    smtpPort: p.smtpPort,
    encryption: sql<PmtaServer['encryption']>`${p.encryption}`,
    serverUsername: p.serverUsername,
    relayNormalSpeed: p.relayNormalSpeed,
    relayBackoffSpeed: p.relayBackoffSpeed,
    ipList: p.ipList,
    isVps: p.isVps,
    user: sql<PmtaServer['user']>`json_build_object('id', ${users.id}, 'username', ${users.username})`,
    relaysCount: sql<number>`(select count(*)::int from ${pmtaRelays} where ${pmtaRelays.pmtaServerId} = ${p.id})`,
    hasSshPassword: sql<boolean>`${p.sshPasswordEnc} is not null`,
    hasSshKey: sql<boolean>`${p.sshKeyEnc} is not null`,
    hostKey: p.hostKey,
  },
  join: (q) => q.innerJoin(users, eq(users.id, p.userId)),
  scope: ownedBy(p.userId),
  filters: { name: filters.contains(p.name), 'user.id': filters.owner(p.userId) },
  sortable: { id: p.id, name: p.name, serverIp: p.serverIp, user: users.username },
  order: [sql`${p.id} desc`],
  select: { fields: { id: p.id, name: p.name }, order: [sql`${p.name}`, sql`${p.id}`] },
  pageSize: PMTA_SERVERS_PAGE_SIZE,
});

export const findPmtaServer = (db: Executor, user: AuthUser, id: number) =>
  pmtaServersCollection.one(db, user, eq(p.id, id));

export type PmtaServerValues = Omit<typeof p.$inferInsert, 'id' | 'createdAt'>;

export async function insertPmtaServer(db: Executor, v: PmtaServerValues) {
  const [row] = await db.insert(p).values(v).returning({ id: p.id });
  return row!.id;
}

export const updatePmtaServerRow = (db: Executor, id: number, v: PmtaServerValues) =>
  db.update(p).set(v).where(eq(p.id, id));

/** Deletes the server; its relays go with it (cascade) and relay_history keeps their IPs and hosts. */
export const deletePmtaServerRow = (db: Executor, id: number) => db.delete(p).where(eq(p.id, id));
