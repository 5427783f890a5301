import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RelayKind } from '@console/shared/relays';
import type { AuthUser } from '../../core/context.ts';
import type { Executor } from '../../db/client.ts';
import {
  pmtaRelayGroups,
  pmtaRelays,
  pmtaServers,
  smtpRelayGroups,
  smtpRelays,
  smtpServers,
} from '../../db/schema/index.ts';

/** Each relay kind's table and the tables of its groups and servers. */
export const relayTables = {
  pmta: { relays: pmtaRelays, groups: pmtaRelayGroups, servers: pmtaServers },
  smtp: { relays: smtpRelays, groups: smtpRelayGroups, servers: smtpServers },
} as const;

/** A server of `userId`, with the speeds its new relays start with. */
export function serverOf(db: Executor, kind: RelayKind, serverId: number, userId: number) {
  const srv = relayTables[kind].servers;
  return db
    .select({ id: srv.id, relayNormalSpeed: srv.relayNormalSpeed, relayBackoffSpeed: srv.relayBackoffSpeed })
    .from(srv)
    .where(and(eq(srv.id, serverId), eq(srv.userId, userId)))
    .then((rows) => rows[0]);
}

/** Whether a group is a current (not archived) group of `userId`. */
export function isCurrentGroupOf(db: Executor, kind: RelayKind, groupId: number, userId: number) {
  const g = relayTables[kind].groups;
  return db
    .select({ id: g.id })
    .from(g)
    .where(and(eq(g.id, groupId), eq(g.userId, userId), sql`${g.archive} is null`))
    .then((rows) => rows.length > 0);
}

/** The distinct owners of some relays (a bulk move needs one group owner for all of them). */
export async function ownersOf(db: Executor, kind: RelayKind, ids: number[]) {
  const r = relayTables[kind].relays;
  const rows = await db.selectDistinct({ userId: r.userId }).from(r).where(inArray(r.id, ids));
  return rows.map((x) => x.userId);
}

/** Bulk writes on ids already checked as the caller's (requireAllOwned). */
export function moveRelays(db: Executor, kind: RelayKind, ids: number[], groupId: number) {
  const r = relayTables[kind].relays;
  return db.update(r).set({ groupId }).where(inArray(r.id, ids));
}
export function setRelaysActivity(db: Executor, kind: RelayKind, ids: number[], active: boolean) {
  const r = relayTables[kind].relays;
  return db.update(r).set({ active }).where(inArray(r.id, ids));
}
export function deleteRelays(db: Executor, kind: RelayKind, ids: number[]) {
  const r = relayTables[kind].relays;
  return db.delete(r).where(inArray(r.id, ids));
}

/** One relay's description, if the caller may change it (administrators: any relay). */
export async function setDescription(
  db: Executor,
  actor: AuthUser,
  kind: RelayKind,
  id: number,
  description: string | null,
) {
  const r = relayTables[kind].relays;
  const [row] = await db
    .update(r)
    .set({ description })
    .where(and(eq(r.id, id), actor.isAdmin ? undefined : eq(r.userId, actor.id)))
    .returning({ id: r.id, description: r.description });
  return row;
}
