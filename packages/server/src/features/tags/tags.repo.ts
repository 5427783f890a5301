import { eq, sql } from 'drizzle-orm';
import { TAGS_PAGE_SIZE, TagMessages, tagItem, type Tag } from '@console/shared/tags';
import type { Executor } from '../../db/client.ts';
import { tags, users } from '../../db/schema/index.ts';
import { defineCollection, filters } from '../../core/collection.ts';
import { ownedBy } from '../../core/access.ts';
import { constraintAnswer } from '../../core/db-errors.ts';
import type { AuthUser } from '../../core/context.ts';

constraintAnswer('tags_user_name_key', 409, { name: TagMessages.duplicate });

/**
 * GET /api/tags: newest first, 30 a page. Filters: name (contains), user.id (administrators).
 * `groups[]=select` gives {id, name} by name: the editor's Dynamic Content picker.
 */
export const tagsCollection = defineCollection({
  table: tags,
  item: tagItem,
  fields: {
    id: tags.id,
    name: tags.name,
    content: tags.content,
    user: sql<Tag['user']>`json_build_object('id', ${users.id}, 'username', ${users.username})`,
  },
  join: (q) => q.innerJoin(users, eq(users.id, tags.userId)),
  scope: ownedBy(tags.userId),
  filters: { name: filters.contains(tags.name, 'Tag Name'), 'user.id': filters.owner(tags.userId) },
  sortable: { id: tags.id, name: tags.name, user: users.username },
  order: [sql`${tags.id} desc`],
  select: { fields: { id: tags.id, name: tags.name }, order: [sql`${tags.name}`, sql`${tags.id}`] },
  pageSize: TAGS_PAGE_SIZE,
});

export const findTag = (db: Executor, user: AuthUser, id: number) => tagsCollection.one(db, user, eq(tags.id, id));

type TagValues = { name: string; content: string[]; userId: number };

export async function insertTag(db: Executor, v: TagValues) {
  const [row] = await db.insert(tags).values(v).returning({ id: tags.id });
  return row!.id;
}
export const updateTagRow = (db: Executor, id: number, v: TagValues) => db.update(tags).set(v).where(eq(tags.id, id));
export const deleteTagRow = (db: Executor, id: number) => db.delete(tags).where(eq(tags.id, id));
