// @ts-nocheck
import { and, eq, isNull, sql } from 'drizzle-orm';
import { OFFERS_PAGE_SIZE } from '@console/shared/hydra';
import { offerItem, type Offer } from '@console/shared/offers';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { categories, offers, users } from '../../db/schema/index.ts';
import { defineCollection, filters } from '../../core/collection.ts';
import { ownedBy } from '../../core/access.ts';
import type { AuthUser } from '../../core/context.ts';

/**
 * GET /api/offers: newest first (the offer just added is on the first page), 30 a page. Filters: name
 * (contains), user.id (administrators; others always get their own), archive[exists]. `groups[]=select`
 * gives {id, name} by name.
 */
export const offersCollection = defineCollection({
  table: offers,
  item: offerItem,
  fields: {
    id: offers.id,
    name: offers.name,
    url: offers.url,
    plug: offers.plug,
    callback: offers.callback,
    clean: offers.clean,
    checkedAt: offers.checkedAt,
    archive: offers.archive,
    postbackRequiresClick: offers.postbackRequiresClick,
    postbackMaxAmount: offers.postbackMaxAmount,
    category: sql<Offer['category']>`json_build_object('id', ${categories.id}, 'name', ${categories.name})`,
    user: sql<Offer['user']>`json_build_object('id', ${users.id}, 'username', ${users.username})`,
  },
  join: (q) =>
    q.innerJoin(categories, eq(categories.id, offers.categoryId)).innerJoin(users, eq(users.id, offers.userId)),
  scope: ownedBy(offers.userId),
  filters: {
    name: filters.contains(offers.name),
    'user.id': filters.owner(offers.userId),
    'archive[exists]': filters.exists(offers.archive),
  },
  sortable: {
    id: offers.id,
    name: offers.name,
    url: offers.url,
    category: categories.name,
    user: users.username,
    archive: offers.archive,
  },
  order: [sql`${offers.id} desc`],
  select: { fields: { id: offers.id, name: offers.name }, order: [sql`${offers.name}`] },
  pageSize: OFFERS_PAGE_SIZE,
  present: (r): Offer => ({
    ...r,
    checkedAt: r.checkedAt?.toISOString() ?? null,
    archive: r.archive?.toISOString() ?? null,
  }),
});

/** The offer as `user` may see it; undefined for another user's offer. */
export const findOffer = (db: Executor, user: AuthUser, id: number) =>
  offersCollection.one(db, user, eq(offers.id, id));

export type OfferValues = Omit<typeof offers.$inferInsert, 'id'>;

export async function insertOffer(db: Executor, v: OfferValues): Promise<number> {
  const [row] = await db.insert(offers).values(v).returning({ id: offers.id });
  return row!.id;
}

/** Writes an offer still active; false when it was archived meanwhile. */
export async function updateActiveOffer(
  db: Executor,
  id: number,
  v: PgUpdateSetSource<typeof offers>,
): Promise<boolean> {
  const done = await db
    .update(offers)
    .set(v)
    .where(and(eq(offers.id, id), isNull(offers.archive)))
    .returning({ id: offers.id });
  return done.length > 0;
}

/** Ids of the active offers, for the health sweep. */
export async function activeOfferIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: offers.id }).from(offers).where(isNull(offers.archive)).orderBy(offers.id);
  return rows.map((r) => r.id);
}

/** The links of an active offer, for its health check; undefined when archived or gone. */
export async function activeOfferLinks(db: Executor, id: number) {
  const [offer] = await db
    .select({ url: offers.url, plug: offers.plug })
    .from(offers)
    .where(and(eq(offers.id, id), isNull(offers.archive)));
  return offer;
}

/** Stores a health result, only if url and plug are still those that were checked (an edit meanwhile wins). */
export async function recordHealth(
  db: Executor,
  id: number,
  links: { url: string; plug: string | null },
  clean: string | null,
) {
  await db
    .update(offers)
    .set({ clean, checkedAt: sql`now()` })
    .where(and(eq(offers.id, id), eq(offers.url, links.url), sql`${offers.plug} is not distinct from ${links.plug}`));
}
