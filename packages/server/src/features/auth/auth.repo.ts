import { and, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import { ROLE_ADMIN, ROLE_USER } from '@console/shared/enums';
import type { Executor } from '../../db/client.ts';
import { loginFailures, refreshTokens, users } from '../../db/schema/index.ts';

/** The user signing in, by e-mail (case-insensitive: the unique index is on lower(email)). */
export async function userByEmail(db: Executor, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user;
}

export async function userById(db: Executor, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** Users whose username or e-mail equals one of these, case-insensitively. */
export function usersNamedLike(db: Executor, v: { username: string; email: string }) {
  return db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(sql`(lower(${users.username}) = lower(${v.username}) or lower(${users.email}) = lower(${v.email}))`);
}

export async function insertRegisteredUser(db: Executor, v: { username: string; email: string; passwordHash: string }) {
  const [row] = await db
    .insert(users)
    .values({ ...v, roles: [ROLE_USER] })
    .returning({ id: users.id });
  return row!.id;
}

export async function adminIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${ROLE_ADMIN} = any(${users.roles})`);
  return rows.map((r) => r.id);
}

/** Records failures under `keys` (one row each) and returns their ids. */
export async function recordFailures(db: Executor, keys: string[]): Promise<number[]> {
  const rows = await db
    .insert(loginFailures)
    .values(keys.map((key) => ({ key })))
    .returning({ id: loginFailures.id });
  return rows.map((r) => r.id);
}

export async function deleteFailures(db: Executor, ids: number[]) {
  await db.delete(loginFailures).where(inArray(loginFailures.id, ids));
}

/** Forgets failures older than `windowS` seconds (no throttling rule looks back further) and dead refresh tokens. */
export async function sweepSignInRecords(db: Executor, windowS: number) {
  const failures = await db
    .delete(loginFailures)
    .where(sql`${loginFailures.at} < now() - make_interval(secs => ${windowS})`);
  // A token past its expiry can never be used again; a revoked family is kept until then for reuse detection.
  const tokens = await db.delete(refreshTokens).where(sql`${refreshTokens.expiresAt} < now()`);
  return { failures: failures.rowCount ?? 0, tokens: tokens.rowCount ?? 0 };
}

export async function clearFailures(db: Executor, key: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

/**
 * Failures of one key in the last `windowS` seconds, other than the rows `except`: how many, seconds
 * since the last, until the first expires.
 */
export async function failuresOf(db: Executor, key: string, windowS: number, except: number[]) {
  const [r] = await db
    .select({
      n: sql<number>`count(*)::int`,
      sinceLast: sql<number>`coalesce(extract(epoch from now() - max(${loginFailures.at})), 0)::float`,
      untilFirstExpires: sql<number>`coalesce(extract(epoch from min(${loginFailures.at}) + make_interval(secs => ${windowS}) - now()), 0)::float`,
    })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.key, key),
        gt(loginFailures.at, sql`now() - make_interval(secs => ${windowS})`),
        notInArray(loginFailures.id, except),
      ),
    );
  return r!;
}
