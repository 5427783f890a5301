import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TokenClaims, TokenPair } from '@console/shared/auth';
import type { Db } from '../db/client.ts';
import type { AppContext } from './context.ts';
import { refreshTokens, type DbUser } from '../db/schema/index.ts';

export const ACCESS_TTL_SECONDS = 15 * 60;
/** The spec's "session expiration period 5": a refresh token lives 5 days. */
export const REFRESH_TTL_DAYS = 5;

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

export function claimsOf(user: Pick<DbUser, 'id' | 'username' | 'roles'>): TokenClaims {
  return { id: user.id, username: user.username, roles: user.roles };
}

export async function signAccessToken(secret: Uint8Array, claims: TokenClaims): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.id))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TTL_SECONDS}s`)
    .sign(secret);
}

export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    return { id: Number(payload.sub), username: String(payload.username), roles: payload.roles as string[] };
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

export async function revokeRefreshToken(db: Db, refresh: string) {
  const [row] = await db
    .select({ family: refreshTokens.family })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(refresh)));
  if (row) await revokeFamily(db, row.family);
}

export async function revokeUserTokens(db: Db, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * Ends everything a user is signed in with (deactivation, deletion, a new password): refresh tokens are
 * revoked and every API process closes that user's live streams. Access tokens need nothing: each request
 * re-reads the user.
 */
export async function endUserSessions(ctx: Pick<AppContext, 'db' | 'hub'>, userId: number) {
  await revokeUserTokens(ctx.db, userId);
  await ctx.hub.endSessions(userId);
}
