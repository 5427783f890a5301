import { eq, sql } from 'drizzle-orm';
import {
  LINK_GROUPS_PAGE_SIZE,
  LinkTypeNames,
  linkGroupItem,
  linkTypeField,
  linkTypeNumber,
  type LinkGroup,
  type LinkTypeName,
} from '@console/shared/link-groups';
import type { Executor } from '../../db/client.ts';
import { linkGroups as g, links, users } from '../../db/schema/index.ts';
import { defineCollection, filters } from '../../core/collection.ts';
import { ownedBy } from '../../core/access.ts';
import type { AuthUser } from '../../core/context.ts';

/** The stored number as the API's name. */
const typeName = sql<LinkTypeName>`(array[${sql.raw(LinkTypeNames.map((n) => `'${n}'`).join(','))}])[${g.type} + 1]`;

/**
 * GET /api/link_groups: newest first, 30 a page. Filters: name (contains), type (offer | unsubscribe |
 * pixel, or 0-2), user.id (administrators). `groups[]=select&type=offer` is a campaign form's select.
 */
export const linkGroupsCollection = defineCollection({
  table: g,
  item: linkGroupItem,
  fields: {
    id: g.id,
    name: g.name,
    type: typeName,
    user: sql<LinkGroup['user']>`json_build_object('id', ${users.id}, 'username', ${users.username})`,
    linksCount: sql<number>`(select count(*)::int from ${links} where ${links.groupId} = ${g.id})`,
  },
  join: (q) => q.innerJoin(users, eq(users.id, g.userId)),
  scope: ownedBy(g.userId),
  filters: {
    name: filters.contains(g.name, 'Group Name'),
    type: filters.equals(g.type, linkTypeField(), (v) => linkTypeNumber[v]),
    'user.id': filters.owner(g.userId),
  },
  sortable: { id: g.id, name: g.name, type: g.type, user: users.username },
  order: [sql`${g.id} desc`],
  select: { fields: { id: g.id, name: g.name }, order: [sql`${g.name}`, sql`${g.id}`] },
  pageSize: LINK_GROUPS_PAGE_SIZE,
});

export const findLinkGroup = (db: Executor, user: AuthUser, id: number) =>
  linkGroupsCollection.one(db, user, eq(g.id, id));

type Values = { name: string; type: number; userId: number };
export async function insertLinkGroup(db: Executor, v: Values) {
  const [row] = await db.insert(g).values(v).returning({ id: g.id });
  return row!.id;
}
export const updateLinkGroupRow = (db: Executor, id: number, v: Values) => db.update(g).set(v).where(eq(g.id, id));
/** Its links go with it. */
export const deleteLinkGroupRow = (db: Executor, id: number) => db.delete(g).where(eq(g.id, id));
