import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PmtaSpeedMessages as M, pmtaSpeedItem, type PmtaSpeed } from '@console/shared/pmta-speeds';
import type { Executor } from '../../db/client.ts';
import { mailProviderDomains, mailProviders, pmtaRelays, pmtaSpeeds as s } from '../../db/schema/index.ts';
import { defineCollection, filters } from '../../core/collection.ts';
import { constraintAnswer } from '../../core/db-errors.ts';
import { goodSpeedSql, syncedSql } from '../../pmta/speed-state.ts';

constraintAnswer('pmta_speeds_relay_provider', 409, { pmtaRelays: M.exists });

const r = pmtaRelays;
const p = mailProviders;

/** GET /api/pmta_speeds: newest first; filters by relay host, relay, server, mail service and sync state. */
export const pmtaSpeedsCollection = defineCollection({
  table: s,
  item: pmtaSpeedItem,
  fields: {
    id: s.id,
    pmtaRelay: sql<
      PmtaSpeed['pmtaRelay']
    >`json_build_object('id', ${r.id}, 'smtpHost', ${r.smtpHost}, 'pmtaServerId', ${r.pmtaServerId})`,
    provider: sql<PmtaSpeed['provider']>`json_build_object('id', ${p.id}, 'name', ${p.name})`,
    localValue: s.localValue,
    remoteValue: s.remoteValue,
    localTime: s.localTime,
    remoteTime: s.remoteTime,
    synced: syncedSql,
  },
  join: (q) => q.innerJoin(r, eq(r.id, s.relayId)).innerJoin(p, eq(p.id, s.mailProviderId)),
  scope: 'adminOnly',
  filters: {
    'pmtaRelay.smtpHost': filters.contains(r.smtpHost, 'Pmta Relay'),
    'pmtaRelay.id': filters.id(s.relayId),
    'pmtaRelay.pmtaServer.id': filters.id(r.pmtaServerId),
    'provider.id': filters.id(s.mailProviderId),
    synced: filters.bool(syncedSql),
  },
  sortable: {
    id: s.id,
    'pmtaRelay.smtpHost': r.smtpHost,
    'provider.name': p.name,
    localValue: s.localValue,
    remoteValue: s.remoteValue,
    localTime: s.localTime,
    remoteTime: s.remoteTime,
  },
  order: [sql`${s.id} desc`],
  present: (row) => ({
    ...row,
    localTime: row.localTime?.toISOString() ?? null,
    remoteTime: row.remoteTime?.toISOString() ?? null,
  }),
});

export const speedsWhere = (ids: number[]) => inArray(s.id, ids);

/** The relays among `relayIds` that already have a speed for the mail service, by host. */
export async function takenRelays(db: Executor, relayIds: number[], providerId: number) {
  const rows = await db
    .select({ host: r.smtpHost })
    .from(s)
    .innerJoin(r, eq(r.id, s.relayId))
    .where(and(inArray(s.relayId, relayIds), eq(s.mailProviderId, providerId)))
    .orderBy(r.smtpHost);
  return rows.map((x) => x.host);
}

/** New speeds, their local time now (the database's clock, like the remote time). */
export async function insertSpeeds(db: Executor, relayIds: number[], providerId: number, perHour: number) {
  const rows = await db
    .insert(s)
    .values(
      relayIds.map((relayId) => ({
        relayId,
        mailProviderId: providerId,
        localValue: perHour,
        localTime: sql`clock_timestamp()`,
      })),
    )
    .returning({ id: s.id });
  return rows.map((x) => x.id);
}

export const setLocalValue = (db: Executor, id: number, perHour: number) =>
  db
    .update(s)
    .set({ localValue: perHour, localTime: sql`clock_timestamp()` })
    .where(eq(s.id, id));

/** easy_edit: the relay's speed for the service set, made when missing; its id. */
export async function upsertLocalValue(db: Executor, relayId: number, providerId: number, perHour: number) {
  const [row] = await db
    .insert(s)
    .values({ relayId, mailProviderId: providerId, localValue: perHour, localTime: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: [s.relayId, s.mailProviderId],
      set: { localValue: perHour, localTime: sql`clock_timestamp()` },
    })
    .returning({ id: s.id });
  return row!.id;
}

/** What a sync needs of a speed: its relay's server, its state, and the service's first domain (to read). */
export async function syncRows(db: Executor, where?: SQL) {
  return db
    .select({
      id: s.id,
      relayId: s.relayId,
      serverId: r.pmtaServerId,
      provider: p.name,
      localValue: s.localValue,
      // As text: a JavaScript Date would drop the microseconds the guard of storeRemote compares.
      localStamp: sql<string | null>`${s.localTime}::text`,
      remoteValue: s.remoteValue,
      synced: syncedSql,
      good: goodSpeedSql,
      domain: sql<string | null>`(select d.domain from ${mailProviderDomains} d
        where d.mail_provider_id = ${p.id} and not d.is_blacklisted order by d.domain limit 1)`,
    })
    .from(s)
    .innerJoin(r, eq(r.id, s.relayId))
    .innerJoin(p, eq(p.id, s.mailProviderId))
    .where(where)
    .orderBy(r.pmtaServerId, s.id);
}
export type SyncRow = Awaited<ReturnType<typeof syncRows>>[number];

/**
 * The value read and the time of the reading, unless the local value changed while it was read (that
 * change is not synchronised yet: the dot must stay yellow).
 */
export const storeRemote = (db: Executor, row: SyncRow, perHour: number | null) =>
  db
    .update(s)
    .set({ remoteValue: perHour, remoteTime: sql`clock_timestamp()` })
    .where(
      and(
        eq(s.id, row.id),
        eq(s.localValue, row.localValue),
        sql`${s.localTime} is not distinct from ${row.localStamp}::timestamptz`,
      ),
    );

export const deleteSpeedRows = (db: Executor, ids: number[]) => db.delete(s).where(inArray(s.id, ids));

/** The speed of a relay for a mail service, for easy_edit and easy_delete. */
export async function speedOfPair(db: Executor, relayId: number, providerId: number) {
  const [row] = await syncRows(db, and(eq(s.relayId, relayId), eq(s.mailProviderId, providerId)));
  return row;
}

export async function existingIds(db: Executor, ids: number[]) {
  const rows = await db.select({ id: s.id }).from(s).where(inArray(s.id, ids));
  return new Set(rows.map((x) => x.id));
}
