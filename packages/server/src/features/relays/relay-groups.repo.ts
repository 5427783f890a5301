import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  RELAY_GROUPS_PAGE_SIZE,
  relayGroupItem,
  type RelayGroup,
  type RelayGroupKind,
} from '@console/shared/relay-groups';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { defineCollection, filters } from '../../core/collection.ts';
import { ownedBy } from '../../core/access.ts';
import { relayTables } from './relays.repo.ts';
import type { AuthUser } from '../../core/context.ts';

/**
 * GET /api/{pmta,smtp}_relay_groups: newest first, 30 a page. Filters: name (contains), user.id
 * (administrators), archive[exists] (left out for All). `groups[]=select` gives {id, name} by name; the
 * forms ask it with archive[exists]=false, so archived groups are never offered.
 */
function collectionOf(kind: RelayGroupKind) {
  const { groups: g, relays: r } = relayTables[kind];
  return defineCollection({
    table: g,
    item: relayGroupItem,
    fields: {
      id: g.id,
      name: g.name,
      archive: g.archive,
      user: sql<RelayGroup['user']>`json_build_object('id', ${users.id}, 'username', ${users.username})`,
      // A counted subquery per row of the page (the page is small; the relays' group index answers it).
      relaysCount: sql<number>`(select count(*)::int from ${r} where ${r.groupId} = ${g.id})`,
    },
    join: (q) => q.innerJoin(users, eq(users.id, g.userId)),
    scope: ownedBy(g.userId),
    filters: {
      name: filters.contains(g.name),
      'user.id': filters.owner(g.userId),
      'archive[exists]': filters.exists(g.archive),
    },
    sortable: { id: g.id, name: g.name, archive: g.archive, user: users.username },
    order: [sql`${g.id} desc`],
    select: { fields: { id: g.id, name: g.name }, order: [sql`${g.name}`, sql`${g.id}`] },
    pageSize: RELAY_GROUPS_PAGE_SIZE,
    present: (row): RelayGroup => ({ ...row, archive: row.archive?.toISOString() ?? null }),
  });
}

export const relayGroupCollections = { pmta: collectionOf('pmta'), smtp: collectionOf('smtp') };

export const findRelayGroup = (db: Executor, kind: RelayGroupKind, user: AuthUser, id: number) =>
  relayGroupCollections[kind].one(db, user, eq(relayTables[kind].groups.id, id));

export async function insertRelayGroup(db: Executor, kind: RelayGroupKind, v: { name: string; userId: number }) {
  const g = relayTables[kind].groups;
  const [row] = await db.insert(g).values(v).returning({ id: g.id });
  return row!.id;
}

/**
 * Writes a current group; false when it was archived meanwhile. A new owner takes the group's relays
 * along only if they are already theirs: a group never holds relays of another owner (the relays'
 * servers are the old owner's), so a group that holds relays keeps its owner (service).
 */
export async function updateCurrentRelayGroup(
  db: Executor,
  kind: RelayGroupKind,
  id: number,
  v: { name?: string; userId?: number; archive?: ReturnType<typeof sql> },
) {
  const g = relayTables[kind].groups;
  const done = await db
    .update(g)
    .set(v)
    .where(and(eq(g.id, id), isNull(g.archive)))
    .returning({ id: g.id });
  return done.length > 0;
}
