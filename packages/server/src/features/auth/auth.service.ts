import { AuthMessages, type Login, type Register, type RegistrationSetting } from '@console/shared/auth';
import type { NotificationEvent } from '@console/shared/hub';
import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../core/context.ts';
import { assertUnique } from '../../core/accounts.ts';
import { AppError, conflict, forbidden } from '../../core/errors.ts';
import { isUniqueViolation } from '../../core/db-errors.ts';
import { hashPassword, verifyPassword } from '../../core/passwords.ts';
import { notifyUser, pushNotification } from '../../core/notify.ts';
import {
  consumeRefreshToken,
  endAccessTokens,
  endUserSessions,
  issueTokens,
  loginOf,
  revokeFamily,
} from '../../core/tokens.ts';
import {
  adminIds,
  admitAttempt,
  clearFailures,
  deleteFailures,
  failuresOf,
  insertRegisteredUser,
  lockNewAccountNotices,
  openNewAccountNotice,
  recordFailures,
  selfRegistration,
  setSelfRegistration,
  userByEmail,
  userById,
  waitingSince,
  writeNewAccountNotice,
} from './auth.repo.ts';

/**
 * Guessing is slowed per e-mail and client address together, never per e-mail alone: a stranger who
 * types wrong passwords for someone's e-mail delays only their own address, and the owner signs in from
 * theirs as usual. docs/decisions/0008-login-throttling.md.
 * - the pair (e-mail, address): FREE_FAILURES free tries, then each try waits BASE_DELAY_S * 2^(n-FREE)
 *   seconds after the last failure, at most MAX_DELAY_S (failures older than an hour are forgotten);
 * - the address alone: MAX_PER_ADDRESS failures in 15 minutes, whatever the e-mails (one address
 *   spraying many accounts).
 */
const FREE_FAILURES = 4;
const BASE_DELAY_S = 30;
const MAX_DELAY_S = 15 * 60;
const PAIR_WINDOW_S = 60 * 60;
const ADDRESS_WINDOW_S = 15 * 60;
const MAX_PER_ADDRESS = 20;
/** Sign-ups per client address: at most MAX_SIGNUPS in SIGNUP_WINDOW_S, whatever their outcome (decision 1332). */
const SIGNUP_WINDOW_S = 60 * 60;
const MAX_SIGNUPS = 10;
/** A sign-up within this long of an administrator's unread notice about new accounts joins that notice. */
const NOTICE_WINDOW_S = 15 * 60;
const signupKey = (ip: string) => `signup:${ip}`;
// Verified when the e-mail is unknown, so that both answers take the same time.
const dummyHash = hashPassword('not-a-real-password');

type Ctx = Pick<AppContext, 'db' | 'secret' | 'hub' | 'authUsers' | 'env'>;

const pairKey = (email: string, ip: string) => `pair:${email}|${ip}`;
const addressKey = (ip: string) => `ip:${ip}`;

/** The longest look-back of the throttling rules: older failures are swept (auth.jobs.ts). */
export const FAILURES_KEPT_S = Math.max(PAIR_WINDOW_S, ADDRESS_WINDOW_S, SIGNUP_WINDOW_S);

/** Seconds the next try must wait after `failures` failures of a pair (0: no wait). */
export function pairDelay(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_S, BASE_DELAY_S * 2 ** (failures - FREE_FAILURES));
}

/** Refuses a sign-in (429 with the seconds to wait) while its pair or its address is throttled. */
async function assertNotThrottled(ctx: Ctx, keys: { pair: string; address: string }, own: number[]) {
  const pair = await failuresOf(ctx.db, keys.pair, PAIR_WINDOW_S, own);
  const wait = pairDelay(pair.n) - pair.sinceLast;
  if (wait > 0) throw new AppError(429, AuthMessages.tooManyAttempts(Math.ceil(wait)));
  const address = await failuresOf(ctx.db, keys.address, ADDRESS_WINDOW_S, own);
  if (address.n >= MAX_PER_ADDRESS) {
    throw new AppError(429, AuthMessages.tooManyAttempts(Math.max(1, Math.ceil(address.untilFirstExpires))));
  }
}

/**
 * The attempt is written down as a failure before it is judged, so that parallel attempts count each
 * other (a burst is not a burst of free tries); a refused or successful attempt then takes its rows back.
 */
export async function login(ctx: Ctx, input: Login, ip: string) {
  const email = input.email.toLowerCase();
  const keys = { pair: pairKey(email, ip), address: addressKey(ip) };
  const own = await recordFailures(ctx.db, [keys.pair, keys.address]);
  const takeBack = () => deleteFailures(ctx.db, own);
  try {
    await assertNotThrottled(ctx, keys, own);
  } catch (e) {
    await takeBack();
    throw e;
  }
  const user = await userByEmail(ctx.db, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
  if (!user || !ok) throw new AppError(401, AuthMessages.badCredentials);
  await takeBack();
  if (!user.isActive) throw new AppError(401, AuthMessages.inactive);
  await clearFailures(ctx.db, keys.pair);
  return issueTokens(ctx.db, ctx.secret, user);
}

export async function refresh(ctx: Ctx, refreshToken: string) {
  const row = await consumeRefreshToken(ctx.db, refreshToken);
  if (!row) throw new AppError(401, AuthMessages.refreshInvalid);
  const user = await userById(ctx.db, row.userId);
  if (!user?.isActive) throw new AppError(401, AuthMessages.inactive);
  return issueTokens(ctx.db, ctx.secret, user, row.family);
}

/**
 * Ends the login the refresh token belongs to, and the user's access tokens with it (the others' logins
 * renew theirs with their refresh token); `all`: every login of that user, live streams included. An
 * unknown token ends nothing, and the answer does not say so.
 */
export async function logout(ctx: Ctx, refreshToken: string, all: boolean) {
  const login = await loginOf(ctx.db, refreshToken);
  if (!login) return;
  if (all) return endUserSessions(ctx, login.userId);
  await revokeFamily(ctx.db, login.family);
  await endAccessTokens(ctx, login.userId);
}

/** Whether visitors may sign up: the register page asks (anyone), the Users screen changes it (administrators). */
export async function registrationSetting(ctx: Pick<AppContext, 'db'>): Promise<RegistrationSetting> {
  return { selfRegistration: await selfRegistration(ctx.db) };
}

export async function changeRegistrationSetting(ctx: Pick<AppContext, 'db'>, v: RegistrationSetting) {
  await setSelfRegistration(ctx.db, v.selfRegistration);
  return registrationSetting(ctx);
}

/**
 * A new account waits, inactive, until an administrator activates it; the administrators are told, once
 * per burst. Sign-ups can be turned off (403) and are throttled per address (429) before any work is done.
 * Two registrations of one name can both pass the pre-check: the unique index decides, and the loser gets
 * the same 409 as a taken name.
 */
export async function register(ctx: Ctx, input: Register, ip: string) {
  if (!(await selfRegistration(ctx.db))) throw forbidden(AuthMessages.registrationClosed);
  const wait = await admitAttempt(ctx.db, signupKey(ip), SIGNUP_WINDOW_S, MAX_SIGNUPS);
  if (wait) throw new AppError(429, AuthMessages.tooManySignUps(wait));
  await assertUnique(ctx, input);
  const passwordHash = await hashPassword(input.password);
  const { id, told } = await ctx.db
    .transaction(async (tx) => {
      await lockNewAccountNotices(tx);
      const user = await insertRegisteredUser(tx, { username: input.username, email: input.email, passwordHash });
      return { id: user.id, told: await tellAdmins(tx, input, user.createdAt) };
    })
    .catch((e: unknown) => {
      if (isUniqueViolation(e, 'users_username_key')) throw conflict({ username: AuthMessages.usernameTaken });
      if (isUniqueViolation(e, 'users_email_key')) throw conflict({ email: AuthMessages.emailTaken });
      throw e;
    });
  for (const event of told) await pushNotification(ctx, event);
  return id;
}

/**
 * Each administrator gets one notice per burst of sign-ups: the first sign-up writes "<name> (<e-mail>)
 * registered and waits for activation." (and it is pushed live); the next ones, while that notice is unread
 * and younger than NOTICE_WINDOW_S, rewrite it as "N new accounts wait for activation; the latest: ...",
 * N counting the accounts made since that are still inactive. Returns the live pushes of new notices.
 */
async function tellAdmins(tx: Executor, who: Register, at: Date): Promise<NotificationEvent[]> {
  const pushes: NotificationEvent[] = [];
  for (const adminId of await adminIds(tx)) {
    const open = await openNewAccountNotice(tx, adminId, NOTICE_WINDOW_S);
    const n = open ? await waitingSince(tx, open.date) : 1;
    const message =
      n > 1
        ? `${n} new accounts wait for activation; the latest: ${who.username} (${who.email}).`
        : `${who.username} (${who.email}) registered and waits for activation.`;
    const subject = n > 1 ? 'New accounts' : 'New account';
    await writeNewAccountNotice(tx, { id: open?.id, userId: adminId, subject, message, date: at });
    if (!open) pushes.push({ message, status: 'success', userId: adminId });
  }
  return pushes;
}

/**
 * The console sends no system mail (it has no mail account of its own), so a reset request reaches the
 * administrators, who set a new password in the users screen. The answer never tells whether the
 * e-mail exists.
 */
export async function requestPasswordReset(ctx: Ctx, email: string) {
  const user = await userByEmail(ctx.db, email);
  if (user)
    await notifyAdmins(ctx, 'Password reset requested', `${user.username} (${email}) asked for a new password.`);
}

async function notifyAdmins(ctx: Ctx, subject: string, message: string) {
  for (const id of await adminIds(ctx.db)) await notifyUser(ctx, id, { subject, message });
}
