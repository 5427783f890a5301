import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailListUsers, emailLists, users } from '../../db/schema.ts';
import { containsPattern, orderOf, type CollectionQuery } from '../../core/hydra.ts';

// The lists a user can use: the ones they own and the ones assigned to them.
const userLists = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', l.id, 'name', l.name) order by l.id)
  from ${emailLists} l
  where l.user_id = ${users.id}
     or exists (select 1 from ${emailListUsers} a where a.email_list_id = l.id and a.user_id = ${users.id})
), '[]'::json)`;

export const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  isActive: users.isActive,
  profitRate: users.profitRate,
  roles: users.roles,
  emailLists: userLists,
};

export function usersWhere(filters: { username?: string }): SQL | undefined {
  return and(filters.username ? ilike(users.username, containsPattern(filters.username)) : undefined);
}

const sortable = { id: users.id, username: users.username, email: users.email, isActive: users.isActive, profitRate: users.profitRate };

export async function findUsers(db: Db, where: SQL | undefined, page: { limit?: number; offset?: number }, query: CollectionQuery) {
  const q = db.select(userColumns).from(users).where(where).orderBy(...orderOf(query, sortable, asc(users.id))).$dynamic();
  if (page.limit) q.limit(page.limit).offset(page.offset ?? 0);
  const [rows, [total]] = await Promise.all([q, db.select({ n: count() }).from(users).where(where)]);
  return { rows, total: total!.n };
}

export async function findUser(db: Db, id: number) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row;
}
