import { and, eq, sql } from 'drizzle-orm';
import { LINKS_PAGE_SIZE, linkItem, type Link } from '@console/shared/links';
import { LinkTypeNames } from '@console/shared/link-groups';
import type { Executor } from '../../db/client.ts';
import { linkGroups as g, links as l, users } from '../../db/schema/index.ts';
import { defineCollection, filters } from '../../core/collection.ts';
import { ownedBy } from '../../core/access.ts';
import type { AuthUser } from '../../core/context.ts';

const typeNames = sql.raw(`array[${LinkTypeNames.map((n) => `'${n}'`).join(',')}]`);

/** GET /api/links: newest first, 30 a page. Filters: group.id, url (contains), user.id (administrators). */
export const linksCollection = defineCollection({
  table: l,
  item: linkItem,
  fields: {
    id: l.id,
    url: l.url,
    group: sql<
      Link['group']
    >`json_build_object('id', ${g.id}, 'name', ${g.name}, 'type', (${typeNames})[${g.type} + 1])`,
    user: sql<Link['user']>`json_build_object('id', ${users.id}, 'username', ${users.username})`,
  },
  join: (q) => q.innerJoin(g, eq(g.id, l.groupId)).innerJoin(users, eq(users.id, l.userId)),
  scope: ownedBy(l.userId),
  filters: {
    'group.id': filters.id(l.groupId),
    url: filters.contains(l.url, 'URL'),
    'user.id': filters.owner(l.userId),
  },
  sortable: { id: l.id, url: l.url, 'group.name': g.name, user: users.username },
  order: [sql`${l.id} desc`],
  select: { fields: { id: l.id, name: l.url }, order: [sql`${l.url}`, sql`${l.id}`] },
  pageSize: LINKS_PAGE_SIZE,
});

export const findLink = (db: Executor, user: AuthUser, id: number) => linksCollection.one(db, user, eq(l.id, id));

type Values = { groupId: number; url: string; userId: number };
export async function insertLink(db: Executor, v: Values) {
  const [row] = await db.insert(l).values(v).returning({ id: l.id });
  return row!.id;
}
export const updateLinkRow = (db: Executor, id: number, v: Values) => db.update(l).set(v).where(eq(l.id, id));
export const deleteLinkRow = (db: Executor, id: number) => db.delete(l).where(eq(l.id, id));

/** A group's owner, when it is `userId`'s (or anyone's for `userId` undefined). */
export const linkGroupOwner = (db: Executor, groupId: number, userId?: number) =>
  db
    .select({ userId: g.userId })
    .from(g)
    .where(and(eq(g.id, groupId), userId === undefined ? undefined : eq(g.userId, userId)))
    .then((rows) => rows[0]?.userId);
