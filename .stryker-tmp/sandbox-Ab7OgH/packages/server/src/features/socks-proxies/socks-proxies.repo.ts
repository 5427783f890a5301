// @ts-nocheck
import { and, eq, sql } from 'drizzle-orm';
import { SOCKS_PAGE_SIZE, SocksMessages, socksItem, type Socks } from '@console/shared/socks-proxies';
import type { Executor } from '../../db/client.ts';
import { smtpRelays, socksProxies, users } from '../../db/schema/index.ts';
import { defineCollection, filters } from '../../core/collection.ts';
import { ownedBy } from '../../core/access.ts';
import { constraintAnswer } from '../../core/db-errors.ts';
import type { AuthUser } from '../../core/context.ts';

constraintAnswer('socks_proxies_user_ip_port_key', 409, { ip: SocksMessages.duplicate });

const s = socksProxies;

/**
 * GET /api/socks: newest first, 30 a page. Filters: ip (contains), user.id (administrators),
 * smtpRelayGroup.id (the proxies the SMTP relays of a group use: /socks-proxies/by_group/{id}).
 * Sortable: id, ip (as addresses, not as text), active. `groups[]=select` gives {id, name: 'ip:port'}.
 */
export const socksCollection = defineCollection({
  table: s,
  item: socksItem,
  fields: {
    id: s.id,
    ip: sql<string>`host(${s.ip})`,
    port: s.port,
    login: s.login,
    hasPassword: sql<boolean>`${s.passwordEnc} is not null`,
    active: s.active,
    user: sql<Socks['user']>`json_build_object('id', ${users.id}, 'username', ${users.username})`,
    checkedAt: s.checkedAt,
    boundIp: s.boundIp,
  },
  join: (q) => q.innerJoin(users, eq(users.id, s.userId)),
  scope: ownedBy(s.userId),
  filters: {
    ip: filters.contains(sql`host(${s.ip})`, 'IP'),
    'user.id': filters.owner(s.userId),
    'smtpRelayGroup.id': filters.idMatch(
      (id) =>
        sql`exists (select 1 from ${smtpRelays} where ${smtpRelays.socksId} = ${s.id} and ${smtpRelays.groupId} = ${id})`,
    ),
  },
  sortable: { id: s.id, ip: s.ip, active: s.active },
  order: [sql`${s.id} desc`],
  select: {
    fields: { id: s.id, name: sql<string>`host(${s.ip}) || ':' || ${s.port}` },
    order: [sql`${s.ip}`, sql`${s.port}`],
  },
  pageSize: SOCKS_PAGE_SIZE,
  present: (r): Socks => ({ ...r, checkedAt: r.checkedAt?.toISOString() ?? null }),
});

export const findSocks = (db: Executor, user: AuthUser, id: number) => socksCollection.one(db, user, eq(s.id, id));

/** What a check needs: the address and the sealed password. */
export async function socksForCheck(db: Executor, id: number) {
  const [row] = await db
    .select({ ip: sql<string>`host(${s.ip})`, port: s.port, login: s.login, passwordEnc: s.passwordEnc })
    .from(s)
    .where(eq(s.id, id));
  return row;
}

export type SocksValues = Omit<typeof s.$inferInsert, 'id' | 'createdAt' | 'checkedAt' | 'boundIp'>;

export async function insertSocks(db: Executor, v: SocksValues) {
  const [row] = await db.insert(s).values(v).returning({ id: s.id });
  return row!.id;
}

export const updateSocksRow = (db: Executor, id: number, v: Partial<SocksValues>) =>
  db.update(s).set(v).where(eq(s.id, id));

export const deleteSocksRow = (db: Executor, id: number) => db.delete(s).where(eq(s.id, id));

/** The outcome of a check: a passing proxy is active, a failing one inactive. */
export const recordCheck = (db: Executor, id: number, ok: boolean, boundIp: string | null) =>
  db
    .update(s)
    .set({ active: ok, boundIp, checkedAt: sql`now()` })
    .where(eq(s.id, id));

/** The bulk calls, always for one owner: how many proxies they changed. */
export async function restoreActivity(db: Executor, userId: number) {
  const r = await db
    .update(s)
    .set({ active: true })
    .where(and(eq(s.userId, userId), eq(s.active, false)));
  return r.rowCount ?? 0;
}
export async function deleteInactive(db: Executor, userId: number) {
  const r = await db.delete(s).where(and(eq(s.userId, userId), eq(s.active, false)));
  return r.rowCount ?? 0;
}
export async function deleteAllOf(db: Executor, userId: number) {
  const r = await db.delete(s).where(eq(s.userId, userId));
  return r.rowCount ?? 0;
}
