import { and, asc, count, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Category, CategoryNode } from '@console/shared/categories';
import type { Db } from '../../db/client.ts';
import { categories, emailLists, offers, unsubscribers } from '../../db/schema.ts';
import { containsPattern } from '../../core/hydra.ts';

/** The database or a transaction of it: repository functions work with both. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

const parent = alias(categories, 'parent');
const byName = [asc(sql`lower(${categories.name})`), asc(categories.id)];

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  parent: sql<
    Category['parent']
  >`case when ${parent.id} is null then null else json_build_object('id', ${parent.id}, 'name', ${parent.name}) end`,
};

export async function findCategory(db: Executor, id: number): Promise<Category | undefined> {
  const [row] = await db
    .select(categoryColumns)
    .from(categories)
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .where(eq(categories.id, id));
  return row;
}

export function categoriesWhere(filters: { name?: string }): SQL | undefined {
  return and(filters.name ? ilike(categories.name, containsPattern(filters.name)) : undefined);
}

type Page = { limit?: number; offset?: number };

async function countCategories(db: Db, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(categories).where(where);
  return row!.n;
}

/** Full rows {id, name, parent}, ordered by name. */
export async function findCategories(db: Db, where: SQL | undefined, page: Page) {
  const q = db
    .select(categoryColumns)
    .from(categories)
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .where(where)
    .orderBy(...byName)
    .$dynamic();
  if (page.limit) q.limit(page.limit).offset(page.offset ?? 0);
  const [rows, total] = await Promise.all([q, countCategories(db, where)]);
  return { rows, total };
}

/** Light rows {id, name} for selectors, ordered by name. */
export async function selectCategories(db: Db, where: SQL | undefined, page: Page) {
  const q = db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(where)
    .orderBy(...byName)
    .$dynamic();
  if (page.limit) q.limit(page.limit).offset(page.offset ?? 0);
  const [rows, total] = await Promise.all([q, countCategories(db, where)]);
  return { rows, total };
}

/** The whole tree in one query; categories are a few hundred rows at most. */
export async function categoryTree(db: Db): Promise<CategoryNode[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .orderBy(...byName);
  const nodes = new Map(rows.map((r) => [r.id, { id: r.id, text: r.name, children: [] as CategoryNode[] }]));
  const roots: CategoryNode[] = [];
  // Rows come sorted by name, so pushing in order keeps every level sorted.
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const up = r.parentId === null ? undefined : nodes.get(r.parentId);
    (up ? up.children : roots).push(node);
  }
  return roots;
}

export async function categoryExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return Boolean(row);
}

/** Whether a sibling (same parent) already has this name, compared trimmed and case-insensitively. */
export async function siblingNameTaken(
  db: Executor,
  name: string,
  parentId: number | null,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        sql`lower(btrim(${categories.name})) = lower(${name})`,
        sql`${categories.parentId} is not distinct from ${parentId}`,
        exceptId ? ne(categories.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether `id` is `nodeId` or one of its ancestors: putting `id` under `nodeId` would then close a cycle. */
export async function isSelfOrAncestor(db: Executor, id: number, nodeId: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    with recursive up(id, parent_id) as (
      select c.id, c.parent_id from ${categories} c where c.id = ${nodeId}
      union
      select c.id, c.parent_id from ${categories} c join up on c.id = up.parent_id
    )
    select exists (select 1 from up where up.id = ${id}) as found`);
  return Boolean(rows[0]?.found);
}

/** What holds a category: its subcategories and the rows that reference it. */
export async function categoryUsage(db: Executor, id: number) {
  const n = (table: typeof emailLists | typeof offers | typeof unsubscribers) =>
    sql<number>`(select count(*) from ${table} where ${table.categoryId} = ${id})::int`;
  const [row] = await db
    .select({
      children: sql<number>`(select count(*) from ${categories} where ${categories.parentId} = ${id})::int`,
      emailLists: n(emailLists),
      offers: n(offers),
      unsubscribers: n(unsubscribers),
    })
    .from(sql`(select 1) as one`);
  return row!;
}
