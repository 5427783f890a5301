// @ts-nocheck
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { categoryItem, type Category, type CategoryNode } from '@console/shared/categories';
import type { Executor } from '../../db/client.ts';
import { categories, emailLists, offers, unsubscribers } from '../../db/schema/index.ts';
import { defineCollection, filters } from '../../core/collection.ts';

const parent = alias(categories, 'parent');
const byName = [asc(sql`lower(${categories.name})`), asc(categories.id)];

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  parent: sql<
    Category['parent']
  >`case when ${parent.id} is null then null else json_build_object('id', ${parent.id}, 'name', ${parent.name}) end`,
};

/** GET /api/categories: {id, name, parent} by name; `groups[]=select` {id, name}. Filter: name (contains). */
export const categoriesCollection = defineCollection({
  table: categories,
  item: categoryItem,
  fields: categoryColumns,
  join: (q) => q.leftJoin(parent, eq(parent.id, categories.parentId)),
  scope: 'global',
  filters: { name: filters.contains(categories.name) },
  sortable: { id: categories.id, name: sql`lower(${categories.name})` },
  order: byName,
  select: { fields: { id: categories.id, name: categories.name }, order: [] },
});

export const findCategory = (db: Executor, id: number): Promise<Category | undefined> =>
  categoriesCollection.one(db, null, eq(categories.id, id));

/** The whole tree in one query; categories are a few hundred rows at most. */
export async function categoryTree(db: Executor): Promise<CategoryNode[]> {
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

export async function insertCategory(db: Executor, v: { name: string; parentId: number | null }): Promise<number> {
  const [row] = await db.insert(categories).values(v).returning({ id: categories.id });
  return row!.id;
}

export async function parentOf(db: Executor, id: number): Promise<{ parentId: number | null } | undefined> {
  const [row] = await db.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, id));
  return row;
}

export async function updateCategoryRow(db: Executor, id: number, v: { name: string; parentId: number | null }) {
  await db.update(categories).set(v).where(eq(categories.id, id));
}

export async function deleteCategoryRow(db: Executor, id: number) {
  await db.delete(categories).where(eq(categories.id, id));
}

/** Category writes run one at a time (see categories.service.ts). */
export async function lockCategories(db: Executor) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('categories'))`);
}
