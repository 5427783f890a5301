import { and, desc, eq, gt, gte, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { ROLE_ADMIN, ROLE_USER } from '@console/shared/enums';
import type { Db, Executor } from '../../db/client.ts';
import { consoleSettings, loginFailures, notifications, refreshTokens, users } from '../../db/schema/index.ts';

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

/** A signed-up account, inactive; its time is the clock's (not the transaction's), so sign-ups that took turns are in order. */
export async function insertRegisteredUser(db: Executor, v: { username: string; email: string; passwordHash: string }) {
  const [row] = await db
    .insert(users)
    .values({ ...v, roles: [ROLE_USER], createdAt: sql`clock_timestamp()` })
    .returning({ id: users.id, createdAt: users.createdAt });
  return row!;
}

/** Whether visitors may sign up (`console_settings`, one row made by the migration). */
export async function selfRegistration(db: Executor): Promise<boolean> {
  const [row] = await db.select({ on: consoleSettings.selfRegistration }).from(consoleSettings);
  return row?.on ?? true;
}

export async function setSelfRegistration(db: Executor, on: boolean) {
  await db
    .insert(consoleSettings)
    .values({ id: true, selfRegistration: on })
    .onConflictDoUpdate({ target: consoleSettings.id, set: { selfRegistration: on } });
}

/**
 * Writes an attempt under `key` unless `max` were written in the last `windowS` seconds, and answers 0; else
 * the seconds until the oldest expires. Attempts of one key take turns (an advisory lock), so a burst sent
 * at once gets exactly `max` through.
 */
export async function admitAttempt(db: Db, key: string, windowS: number, max: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const recent = await failuresOf(tx, key, windowS, []);
    if (recent.n >= max) return Math.max(1, Math.ceil(recent.untilFirstExpires));
    await tx.insert(loginFailures).values({ key });
    return 0;
  });
}

/** Sign-ups take turns for the administrators' notices (an advisory lock of the transaction). */
export async function lockNewAccountNotices(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('console.new-account-notices'))`);
}

const NEW_ACCOUNT = ['New account', 'New accounts'];

/** The administrator's unread notice about new accounts written less than `windowS` seconds ago. */
export async function openNewAccountNotice(tx: Executor, adminId: number, windowS: number) {
  const [row] = await tx
    .select({ id: notifications.id, date: notifications.date })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, adminId),
        inArray(notifications.subject, NEW_ACCOUNT),
        isNull(notifications.readAt),
        gt(notifications.date, sql`clock_timestamp() - make_interval(secs => ${windowS})`),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(1);
  return row;
}

/** Accounts made since `since` that still wait for activation. */
export async function waitingSince(tx: Executor, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.isActive, false), gte(users.createdAt, since)));
  return row!.n;
}

export async function writeNewAccountNotice(
  tx: Executor,
  notice: { id?: number; userId: number; subject: string; message: string; date: Date },
) {
  const { id, ...values } = notice;
  if (id === undefined) await tx.insert(notifications).values(values);
  else
    await tx
      .update(notifications)
      .set({ subject: values.subject, message: values.message })
      .where(eq(notifications.id, id));
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
