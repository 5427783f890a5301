import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { CONFIG_FOR_SERVERS, appliedPmtaConfigItem, type AppliedPmtaConfig } from '@console/shared/pmta-configs';
import { defineCollection, filters } from '../../core/collection.ts';
import type { Executor } from '../../db/client.ts';
import {
  appliedPmtaConfigs as a,
  pmtaConfigs as c,
  pmtaRelays as r,
  pmtaServers,
  users,
} from '../../db/schema/index.ts';

/** The PMTA server the file goes to: the recipient itself, or the relay's server. */
const srv = alias(pmtaServers, 'applied_server');
const serverId = sql<number>`coalesce(${a.pmtaServerId}, ${r.pmtaServerId})`;
/** The server's name, or the relay's host and IP. */
const recipient = sql<string>`case when ${a.pmtaRelayId} is null then ${srv.name}
  else ${r.smtpHost} || ' (' || host(${r.ip}) || ')' end`;
const ownerId = sql<number>`coalesce(${r.userId}, ${srv.userId})`;

/**
 * POST /api/applied_pmta_configs (administrators): newest first; the spec's filter pairs become the
 * filters below (configType, configName, recipient, version, config.id, user.id: the recipient's owner).
 */
export const appliedCollection = defineCollection({
  table: a,
  item: appliedPmtaConfigItem,
  fields: {
    id: a.id,
    configId: a.configId,
    configType: c.type,
    configName: c.name,
    configVersion: c.version,
    recipient,
    recipientId: sql<number>`coalesce(${a.pmtaServerId}, ${a.pmtaRelayId})`,
    user: sql<AppliedPmtaConfig['user']>`json_build_object('id', ${users.id}, 'username', ${users.username})`,
    server: sql<AppliedPmtaConfig['server']>`json_build_object('id', ${srv.id}, 'name', ${srv.name})`,
    version: a.version,
    error: a.error,
    updatedAt: a.updatedAt,
  },
  join: (q) =>
    q
      .innerJoin(c, eq(c.id, a.configId))
      .leftJoin(r, eq(r.id, a.pmtaRelayId))
      .innerJoin(srv, eq(srv.id, serverId))
      .innerJoin(users, eq(users.id, ownerId)),
  scope: 'adminOnly',
  filters: {
    configType: filters.equals(c.type, z.enum(['0', '1'], { error: 'Type must be 0 or 1.' }), Number),
    configName: filters.contains(c.name, 'Config name'),
    recipient: filters.contains(recipient, 'Recipient'),
    version: filters.equals(a.version, z.string().regex(/^\d{1,9}$/, 'Version must be a number.'), Number),
    'config.id': filters.id(a.configId),
    'user.id': filters.idMatch((id) => sql`${ownerId} = ${id}`),
  },
  sortable: {
    id: a.id,
    configType: c.type,
    configName: c.name,
    recipient,
    version: a.version,
    updatedAt: a.updatedAt,
  },
  order: [sql`${a.id} desc`],
  present: (row): AppliedPmtaConfig => ({ ...row, updatedAt: row.updatedAt.toISOString() }),
});

/** Applied rows by id, with their config's type and the server their file goes to. */
export function appliedRows(db: Executor, ids: number[]) {
  return db
    .select({ id: a.id, configId: a.configId, type: c.type, serverId })
    .from(a)
    .innerJoin(c, eq(c.id, a.configId))
    .leftJoin(r, eq(r.id, a.pmtaRelayId))
    .where(inArray(a.id, ids));
}
export type AppliedRow = Awaited<ReturnType<typeof appliedRows>>[number];

/** Every applied row of a config. */
export const rowsOfConfig = (db: Executor, configId: number) =>
  db
    .select({ id: a.id, configId: a.configId, type: c.type, serverId })
    .from(a)
    .innerJoin(c, eq(c.id, a.configId))
    .leftJoin(r, eq(r.id, a.pmtaRelayId))
    .where(eq(a.configId, configId));

/** Applies a config to its recipients; one already applied uploads again (version 0). */
export async function putApplied(db: Executor, configId: number, type: number, recipients: number[]) {
  const forServers = type === CONFIG_FOR_SERVERS;
  const set = { version: 0, error: null, updatedAt: new Date() };
  await db
    .insert(a)
    .values(recipients.map((id) => ({ configId, ...(forServers ? { pmtaServerId: id } : { pmtaRelayId: id }) })))
    .onConflictDoUpdate({ target: forServers ? [a.configId, a.pmtaServerId] : [a.configId, a.pmtaRelayId], set });
}

/** The ids among `ids` that exist as servers (type 0) or relays (type 1). */
export async function existingRecipients(db: Executor, type: number, ids: number[]) {
  const table = type === CONFIG_FOR_SERVERS ? pmtaServers : r;
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return new Set(rows.map((row) => row.id));
}

export const resetVersions = (db: Executor, ids: number[]) =>
  db.update(a).set({ version: 0, error: null, updatedAt: new Date() }).where(inArray(a.id, ids));

export const deleteRows = (db: Executor, ids: number[]) => db.delete(a).where(inArray(a.id, ids));

/** Whether an applied row still puts config `configId` on server `onServer` (its file is then kept). */
export async function fileInUse(db: Executor, onServer: number, configId: number) {
  const [row] = await db
    .select({ id: a.id })
    .from(a)
    .leftJoin(r, eq(r.id, a.pmtaRelayId))
    .where(and(eq(a.configId, configId), sql`${serverId} = ${onServer}`))
    .limit(1);
  return Boolean(row);
}

/** Rows not uploaded yet (version 0) but those in `skip`, with what their upload needs, by server. */
export function pendingRows(db: Executor, skip: number[]) {
  return db
    .select({
      id: a.id,
      configId: a.configId,
      configVersion: c.version,
      content: c.content,
      serverId,
      relayId: a.pmtaRelayId,
      withoutVmta: r.withoutVmta,
    })
    .from(a)
    .innerJoin(c, eq(c.id, a.configId))
    .leftJoin(r, eq(r.id, a.pmtaRelayId))
    .where(and(eq(a.version, 0), skip.length ? notInArray(a.id, skip) : undefined))
    .orderBy(serverId, a.id)
    .limit(100);
}
export type PendingRow = Awaited<ReturnType<typeof pendingRows>>[number];

/**
 * Uploaded: the row takes the version that was written, only if it is still not uploaded and its config
 * still has that version (a new file meanwhile leaves it at 0 for the next run).
 */
export async function markUploaded(db: Executor, id: number, version: number) {
  const rows = await db
    .update(a)
    .set({ version, error: null, updatedAt: new Date() })
    .where(
      and(
        eq(a.id, id),
        eq(a.version, 0),
        sql`exists (select 1 from ${c} where ${c.id} = ${a.configId} and ${c.version} = ${version})`,
      ),
    )
    .returning({ id: a.id });
  return rows.length > 0;
}

/** The failed upload's message, kept while the row is still not uploaded. */
export const recordFailure = (db: Executor, id: number, error: string) =>
  db
    .update(a)
    .set({ error: error.slice(0, 2000), updatedAt: new Date() })
    .where(and(eq(a.id, id), eq(a.version, 0)));
