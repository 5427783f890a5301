import { eq, sql } from 'drizzle-orm';
import { AuthMessages } from '@console/shared/auth';
import { userItem, type User } from '@console/shared/users';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { defineCollection, filters } from '../../core/collection.ts';
import { constraintAnswer } from '../../core/db-errors.ts';

constraintAnswer('users_username_key', 409, { username: AuthMessages.usernameTaken });
constraintAnswer('users_email_key', 409, { email: AuthMessages.emailTaken });

// The lists a user can use: the ones they own and the ones assigned to them. The outer row is named
// explicitly: drizzle writes a single table's columns unqualified, and a bare "id" here would bind to l.id.
const userLists = sql<User['emailLists']>`coalesce((
  select json_agg(json_build_object('id', l.id, 'name', l.name) order by l.id)
  from email_lists l
  where l.user_id = "users"."id"
     or exists (select 1 from email_list_users a where a.email_list_id = l.id and a.user_id = "users"."id")
), '[]'::json)`;

/** GET /api/users (administrators): username search, every column sortable, `groups[]=select` {id, name}. */
export const usersCollection = defineCollection({
  table: users,
  item: userItem,
  fields: {
    id: users.id,
    username: users.username,
    email: users.email,
    isActive: users.isActive,
    profitRate: users.profitRate,
    roles: users.roles,
    emailLists: userLists,
  },
  scope: 'adminOnly',
  filters: { username: filters.contains(users.username, 'Username') },
  sortable: {
    id: users.id,
    username: users.username,
    email: users.email,
    isActive: users.isActive,
    profitRate: users.profitRate,
  },
  order: [sql`${users.id} asc`],
  select: { fields: { id: users.id, name: users.username }, order: [sql`lower(${users.username})`] },
});

export const findUser = (db: Executor, id: number): Promise<User | undefined> =>
  usersCollection.one(db, null, eq(users.id, id));

export type UserValues = Pick<typeof users.$inferInsert, 'username' | 'email' | 'isActive' | 'profitRate'> & {
  passwordHash?: string;
};

export async function insertUser(db: Executor, v: UserValues & { passwordHash: string }): Promise<number> {
  const [row] = await db.insert(users).values(v).returning({ id: users.id });
  return row!.id;
}

export async function updateUser(db: Executor, id: number, v: UserValues): Promise<boolean> {
  const done = await db.update(users).set(v).where(eq(users.id, id)).returning({ id: users.id });
  return done.length > 0;
}

export async function deleteUser(db: Executor, id: number): Promise<boolean> {
  const done = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return done.length > 0;
}
