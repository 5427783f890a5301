import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { AuthMessages, type Login, type Register } from '@console/shared/auth';
import { ROLE_ADMIN, ROLE_USER } from '@console/shared/enums';
import type { AppContext } from '../../core/context.ts';
import { AppError, conflict } from '../../core/errors.ts';
import { hashPassword, verifyPassword } from '../../core/passwords.ts';
import { notifyUser } from '../../core/notify.ts';
import { consumeRefreshToken, issueTokens } from '../../core/tokens.ts';
import { loginFailures, users } from '../../db/schema.ts';

const WINDOW_MINUTES = 15;
const MAX_PER_EMAIL = 5;
const MAX_PER_ADDRESS = 20;
// Verified when the e-mail is unknown, so that both answers take the same time.
const dummyHash = hashPassword('not-a-real-password');

type Ctx = Pick<AppContext, 'db' | 'secret' | 'hub'>;

/** Refuses a sign-in while its e-mail or client address has too many recent failures. */
async function assertNotThrottled(ctx: Ctx, keys: { email: string; ip: string }) {
  const rows = await ctx.db
    .select({
      key: loginFailures.key,
      count: sql<number>`count(*)::int`,
      retry: sql<number>`ceil(extract(epoch from min(${loginFailures.at}) + interval '${sql.raw(String(WINDOW_MINUTES))} minutes' - now()))::int`,
    })
    .from(loginFailures)
    .where(
      and(
        inArray(loginFailures.key, [`email:${keys.email}`, `ip:${keys.ip}`]),
        gt(loginFailures.at, sql`now() - interval '${sql.raw(String(WINDOW_MINUTES))} minutes'`),
      ),
    )
    .groupBy(loginFailures.key);
  for (const r of rows) {
    const limit = r.key.startsWith('email:') ? MAX_PER_EMAIL : MAX_PER_ADDRESS;
    if (r.count >= limit) throw new AppError(429, AuthMessages.tooManyAttempts(Math.max(1, r.retry)));
  }
}

export async function login(ctx: Ctx, input: Login, ip: string) {
  const email = input.email.toLowerCase();
  await assertNotThrottled(ctx, { email, ip });
  const [user] = await ctx.db.select().from(users).where(eq(sql`lower(${users.email})`, email));
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
  if (!user || !ok) {
    await ctx.db.insert(loginFailures).values([{ key: `email:${email}` }, { key: `ip:${ip}` }]);
    throw new AppError(401, AuthMessages.badCredentials);
  }
  if (!user.isActive) throw new AppError(401, AuthMessages.inactive);
  await ctx.db.delete(loginFailures).where(eq(loginFailures.key, `email:${email}`));
  return issueTokens(ctx.db, ctx.secret, user);
}

export async function refresh(ctx: Ctx, refreshToken: string) {
  const row = await consumeRefreshToken(ctx.db, refreshToken);
  if (!row) throw new AppError(401, AuthMessages.refreshInvalid);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId));
  if (!user?.isActive) throw new AppError(401, AuthMessages.inactive);
  return issueTokens(ctx.db, ctx.secret, user, row.family);
}

/** Answers 409 with the field that is already taken. */
export async function assertUnique(ctx: Pick<AppContext, 'db'>, v: { username: string; email: string }, exceptId?: number) {
  const rows = await ctx.db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(sql`(lower(${users.username}) = lower(${v.username}) or lower(${users.email}) = lower(${v.email}))`);
  for (const r of rows) {
    if (r.id === exceptId) continue;
    if (r.username.toLowerCase() === v.username.toLowerCase()) throw conflict({ username: AuthMessages.usernameTaken });
    throw conflict({ email: AuthMessages.emailTaken });
  }
}

/** A new account waits, inactive, until an administrator activates it; the administrators are told. */
export async function register(ctx: Ctx, input: Register) {
  await assertUnique(ctx, input);
  const [user] = await ctx.db
    .insert(users)
    .values({ username: input.username, email: input.email, passwordHash: await hashPassword(input.password), roles: [ROLE_USER] })
    .returning({ id: users.id });
  await notifyAdmins(ctx, 'New account', `${input.username} (${input.email}) registered and waits for activation.`);
  return user!.id;
}

/**
 * The console sends no system mail (it has no mail account of its own), so a reset request reaches the
 * administrators, who set a new password in the users screen. The answer never tells whether the
 * e-mail exists.
 */
export async function requestPasswordReset(ctx: Ctx, email: string) {
  const [user] = await ctx.db.select({ username: users.username }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (user) await notifyAdmins(ctx, 'Password reset requested', `${user.username} (${email}) asked for a new password.`);
}

async function notifyAdmins(ctx: Ctx, subject: string, message: string) {
  const admins = await ctx.db.select({ id: users.id }).from(users).where(sql`${ROLE_ADMIN} = any(${users.roles})`);
  for (const a of admins) await notifyUser(ctx, a.id, { subject, message });
}
