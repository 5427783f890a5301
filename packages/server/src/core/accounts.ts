import { eq, sql } from 'drizzle-orm';
import { AuthMessages } from '@console/shared/auth';
import type { Executor } from '../db/client.ts';
import { notifications, users } from '../db/schema/index.ts';
import type { AppContext } from './context.ts';
import { conflict } from './errors.ts';

/*
 * The account rules both sign-up (features/auth) and the Users screen (features/users) apply, kept below
 * the features so that neither imports the other (issue 41, item 1).
 */

/** Users whose username or e-mail equals one of these, case-insensitively. */
export function usersNamedLike(db: Executor, v: { username: string; email: string }) {
  return db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(sql`(lower(${users.username}) = lower(${v.username}) or lower(${users.email}) = lower(${v.email}))`);
}

/**
 * An account was activated (issue 38): the administrators' unread "New account" notices about it are
 * read: the one that names it, and a burst's notice once no account it counts still waits.
 */
export async function readNewAccountNotices(tx: Executor, who: { username: string; email: string }) {
  await tx.execute(sql`
    update ${notifications} n set read_at = now()
    where n.read_at is null and n.subject in ('New account', 'New accounts')
      and (n.message = ${`${who.username} (${who.email}) registered and waits for activation.`}
           or not exists (select 1 from ${users} u where not u.is_active and u.created_at >= n.date))`);
}

/** Answers 409 with the field that is already taken. */
export async function assertUnique(
  ctx: Pick<AppContext, 'db'>,
  v: { username: string; email: string },
  exceptId?: number,
) {
  const rows = await usersNamedLike(ctx.db, v);
  for (const r of rows) {
    if (r.id === exceptId) continue;
    if (r.username.toLowerCase() === v.username.toLowerCase()) throw conflict({ username: AuthMessages.usernameTaken });
    throw conflict({ email: AuthMessages.emailTaken });
  }
}

/** The signed-in user's own profile (GET /api/profile). */
export async function findProfile(db: Executor, id: number) {
  const [u] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      roles: users.roles,
      profitRate: users.profitRate,
    })
    .from(users)
    .where(eq(users.id, id));
  return u;
}
