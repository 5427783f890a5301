import { eq, sql } from 'drizzle-orm';
import { DKIM_KEYS_PAGE_SIZE, DkimKeyMessages, dkimKeyItem, type DkimKey } from '@console/shared/dkim-keys';
import { defineCollection, filters } from '../../core/collection.ts';
import { ownedBy } from '../../core/access.ts';
import { constraintAnswer } from '../../core/db-errors.ts';
import type { AuthUser } from '../../core/context.ts';
import type { Executor } from '../../db/client.ts';
import { dkimKeys, users } from '../../db/schema/index.ts';

constraintAnswer('dkim_keys_user_domain_key', 409, { domain: DkimKeyMessages.duplicate });

/** GET /api/dkim_keys: by domain, 30 a page. Filters: domain (contains), user.id (administrators). */
export const dkimKeysCollection = defineCollection({
  table: dkimKeys,
  item: dkimKeyItem,
  fields: {
    id: dkimKeys.id,
    domain: dkimKeys.domain,
    selector: dkimKeys.selector,
    dnsName: sql<string>`${dkimKeys.selector} || '._domainkey.' || ${dkimKeys.domain}`,
    dnsRecord: sql<string>`'v=DKIM1; k=rsa; p=' || ${dkimKeys.publicKey}`,
    dnsStatus: sql<DkimKey['dnsStatus']>`${dkimKeys.dnsStatus}`,
    dnsCheckedAt: dkimKeys.dnsCheckedAt,
    complaintAddress: dkimKeys.complaintAddress,
    createdAt: dkimKeys.createdAt,
    user: sql<DkimKey['user']>`json_build_object('id', ${users.id}, 'username', ${users.username})`,
  },
  join: (q) => q.innerJoin(users, eq(users.id, dkimKeys.userId)),
  scope: ownedBy(dkimKeys.userId),
  filters: { domain: filters.contains(dkimKeys.domain, 'Domain'), 'user.id': filters.owner(dkimKeys.userId) },
  sortable: { id: dkimKeys.id, domain: dkimKeys.domain, user: users.username },
  order: [sql`${dkimKeys.domain}`, sql`${dkimKeys.id}`],
  pageSize: DKIM_KEYS_PAGE_SIZE,
  present: (r) => ({
    ...r,
    dnsCheckedAt: r.dnsCheckedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }),
});

export const findDkimKey = (db: Executor, user: AuthUser, id: number) =>
  dkimKeysCollection.one(db, user, eq(dkimKeys.id, id));

export async function insertDkimKey(db: Executor, v: typeof dkimKeys.$inferInsert) {
  const [row] = await db.insert(dkimKeys).values(v).returning({ id: dkimKeys.id });
  return row!.id;
}

export const deleteDkimKeyRow = (db: Executor, id: number) => db.delete(dkimKeys).where(eq(dkimKeys.id, id));

export const publicKeyOf = async (db: Executor, id: number) =>
  (await db.select({ publicKey: dkimKeys.publicKey }).from(dkimKeys).where(eq(dkimKeys.id, id)))[0]!.publicKey;

export const setComplaintAddress = (db: Executor, id: number, address: string | null) =>
  db.update(dkimKeys).set({ complaintAddress: address }).where(eq(dkimKeys.id, id));

export const recordDnsCheck = (db: Executor, id: number, status: string) =>
  db.update(dkimKeys).set({ dnsStatus: status, dnsCheckedAt: new Date() }).where(eq(dkimKeys.id, id));
