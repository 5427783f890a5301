// @ts-nocheck
import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TokenClaims, TokenPair } from '@console/shared/auth';
import type { Db } from '../db/client.ts';
import type { AppContext } from './context.ts';
import { refreshTokens, users, type DbUser } from '../db/schema/index.ts';

export const ACCESS_TTL_SECONDS = 15 * 60;
/** The spec's "session expiration period 5": a refresh token lives 5 days. */
export const REFRESH_TTL_DAYS = 5;

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** The shared claims, and `gen`: the user's token generation when it was issued (decision 1331). */
export type AccessClaims = TokenClaims & { gen: number };

export function claimsOf(user: Pick<DbUser, 'id' | 'username' | 'roles' | 'tokenGeneration'>): AccessClaims {
  return { id: user.id, username: user.username, roles: user.roles, gen: user.tokenGeneration };
}

export async function signAccessToken(secret: Uint8Array, claims: AccessClaims): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.id))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TTL_SECONDS}s`)
    .sign(secret);
}

/** The claims of a valid token; a token without a generation (issued before decision 1331) is not one. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    if (!Number.isSafeInteger(payload.gen)) return null;
    return {
      id: Number(payload.sub),
      username: String(payload.username),
      roles: payload.roles as string[],
      gen: payload.gen as number,
    };
  } catch {
    return null;
  }
}

export async function issueTokens(
  db: Db,
  secret: Uint8Array,
  user: DbUser,
  family: string = crypto.randomUUID(),
): Promise<TokenPair> {
  const refresh = crypto.randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    userId: user.id,
    tokenHash: sha256(refresh),
    family,
    expiresAt: new Date(Date.now() + REFRESH_TTL_DAYS * 86_400_000),
  });
  return { token: await signAccessToken(secret, claimsOf(user)), refresh_token: refresh };
}

/**
 * Marks a refresh token used and returns its row when it may be exchanged. A token presented a second
 * time means it leaked: its whole family (the login it came from) is revoked.
 */
export async function consumeRefreshToken(db: Db, refresh: string) {
  const hashed = sha256(refresh);
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.tokenHash, hashed), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ userId: refreshTokens.userId, family: refreshTokens.family, expiresAt: refreshTokens.expiresAt });
  if (!row) {
    await revokeRefreshToken(db, refresh); // reuse of a rotated token: end that login everywhere
    return null;
  }
  return row.expiresAt.getTime() > Date.now() ? row : null;
}

export async function revokeFamily(db: Db, family: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
}

/** The login (user and family) a refresh token belongs to, used or not. */
export async function loginOf(db: Db, refresh: string) {
  const [row] = await db
    .select({ userId: refreshTokens.userId, family: refreshTokens.family })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(refresh)));
  return row;
}

export async function revokeRefreshToken(db: Db, refresh: string) {
  const row = await loginOf(db, refresh);
  if (row) await revokeFamily(db, row.family);
}

export async function revokeUserTokens(db: Db, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * Ends every access token of a user issued until now: the next request with one is 401, in this process at
 * once, in the others as soon as the hub tells them (the `users_changed` trigger). Sessions with a live
 * refresh token get a new access token on their next renewal.
 */
export async function endAccessTokens(ctx: Pick<AppContext, 'db' | 'authUsers'>, userId: number) {
  await ctx.db
    .update(users)
    .set({ tokenGeneration: sql`${users.tokenGeneration} + 1` })
    .where(eq(users.id, userId));
  ctx.authUsers.forget(userId);
}

/**
 * Ends everything a user is signed in with (deactivation, deletion, a new password, a logout of all
 * sessions): refresh tokens are revoked, access tokens end (their generation), and every API process closes
 * that user's live streams.
 */
export async function endUserSessions(ctx: Pick<AppContext, 'db' | 'hub' | 'authUsers'>, userId: number) {
  await revokeUserTokens(ctx.db, userId);
  await endAccessTokens(ctx, userId);
  await ctx.hub.endSessions(userId);
}
