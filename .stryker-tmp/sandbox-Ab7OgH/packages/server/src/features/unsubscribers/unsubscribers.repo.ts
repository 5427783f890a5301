// @ts-nocheck
import { eq, sql } from 'drizzle-orm';
import { UNSUBSCRIBERS_PAGE_SIZE, unsubscriberItem, type Unsubscriber } from '@console/shared/unsubscribers';
import type { Executor } from '../../db/client.ts';
import { categories, unsubscribers as u } from '../../db/schema/index.ts';
import { defineCollection, filters } from '../../core/collection.ts';

/** GET /api/unsubscribers (administrators): newest first, 30 a page; category.id and email.email (contains). */
export const unsubscribersCollection = defineCollection({
  table: u,
  item: unsubscriberItem,
  fields: {
    id: u.id,
    email: u.email,
    category: sql<Unsubscriber['category']>`json_build_object('id', ${categories.id}, 'name', ${categories.name})`,
    createdAt: u.createdAt,
  },
  join: (q) => q.innerJoin(categories, eq(categories.id, u.categoryId)),
  scope: 'adminOnly',
  filters: { 'category.id': filters.id(u.categoryId), 'email.email': filters.contains(u.email, 'Email') },
  sortable: { id: u.id, email: u.email, createdAt: u.createdAt },
  order: [sql`${u.id} desc`],
  pageSize: UNSUBSCRIBERS_PAGE_SIZE,
  present: (r) => ({ ...r, createdAt: r.createdAt.toISOString() }),
});

export const findUnsubscriber = (db: Executor, id: number) => unsubscribersCollection.one(db, null, eq(u.id, id));
