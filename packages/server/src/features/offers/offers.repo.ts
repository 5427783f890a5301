import { and, count, eq, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Offer } from '@console/shared/offers';
import type { Db } from '../../db/client.ts';
import { categories, offers, users } from '../../db/schema.ts';
import { containsPattern } from '../../core/hydra.ts';

export const offerColumns = {
  id: offers.id,
  name: offers.name,
  url: offers.url,
  plug: offers.plug,
  callback: offers.callback,
  clean: offers.clean,
  checkedAt: offers.checkedAt,
  archive: offers.archive,
  category: sql<Offer['category']>`json_build_object('id', ${categories.id}, 'name', ${categories.name})`,
  user: sql<Offer['user']>`json_build_object('id', ${users.id}, 'username', ${users.username})`,
  userId: offers.userId,
};

export interface OfferFilters {
  name?: string;
  /** Already confined by ownership (see core/scope.ts). */
  owner?: SQL;
  /** archive[exists]: true = archived only, false = active only. */
  archived?: boolean;
}

export function offersWhere(f: OfferFilters): SQL | undefined {
  return and(
    f.owner,
    f.name ? ilike(offers.name, containsPattern(f.name)) : undefined,
    f.archived === undefined ? undefined : f.archived ? isNotNull(offers.archive) : isNull(offers.archive),
  );
}

const joined = (db: Db) =>
  db
    .select(offerColumns)
    .from(offers)
    .innerJoin(categories, eq(categories.id, offers.categoryId))
    .innerJoin(users, eq(users.id, offers.userId));

/** Newest first: the offer just added is on the first page. */
export async function findOffers(db: Db, where: SQL | undefined, page: { limit?: number; offset?: number }) {
  const q = joined(db)
    .where(where)
    .orderBy(sql`${offers.id} desc`)
    .$dynamic();
  if (page.limit) q.limit(page.limit).offset(page.offset ?? 0);
  const [rows, [total]] = await Promise.all([q, db.select({ n: count() }).from(offers).where(where)]);
  return { rows: rows.map(present), total: total!.n };
}

/** Light rows for selectors, by name. */
export async function selectOffers(db: Db, where: SQL | undefined, page: { limit?: number; offset?: number }) {
  const q = db
    .select({ id: offers.id, name: offers.name })
    .from(offers)
    .where(where)
    .orderBy(offers.name, offers.id)
    .$dynamic();
  if (page.limit) q.limit(page.limit).offset(page.offset ?? 0);
  const [rows, [total]] = await Promise.all([q, db.select({ n: count() }).from(offers).where(where)]);
  return { rows, total: total!.n };
}

/** The row with its owner id, for ownership checks; `present` strips the id for the answer. */
export async function findOffer(db: Db, id: number) {
  const [row] = await joined(db).where(eq(offers.id, id));
  return row;
}

export type OfferRow = NonNullable<Awaited<ReturnType<typeof findOffer>>>;

/** The API's shape: dates as ISO strings, the owner as {id, username} only. */
export function present(row: OfferRow): Offer {
  const { userId: _, ...rest } = row;
  return {
    ...rest,
    checkedAt: rest.checkedAt?.toISOString() ?? null,
    archive: rest.archive?.toISOString() ?? null,
  };
}
