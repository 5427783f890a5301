// @ts-nocheck
import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../core/context.ts';
import { ownerSecrets } from '../db/schema/index.ts';

/*
 * Each owner's postback key (issue 24, decision 1010): `/postback` counts a conversion only with `key=` equal
 * to the offer owner's key. Kept in owner_secrets beside the owner's SSH identity; made on first use.
 */

const newPostbackKey = () => crypto.randomBytes(18).toString('base64url');

/** The owner's postback key (24 URL-safe characters), made on first use. */
export async function ownerPostbackKey(ctx: Pick<AppContext, 'db'>, userId: number): Promise<string> {
  const [row] = await ctx.db
    .select({ key: ownerSecrets.postbackKey })
    .from(ownerSecrets)
    .where(eq(ownerSecrets.userId, userId));
  if (row?.key) return row.key;
  await ctx.db.insert(ownerSecrets).values({ userId }).onConflictDoNothing();
  await ctx.db
    .update(ownerSecrets)
    .set({ postbackKey: newPostbackKey() })
    .where(and(eq(ownerSecrets.userId, userId), isNull(ownerSecrets.postbackKey)));
  const [now] = await ctx.db
    .select({ key: ownerSecrets.postbackKey })
    .from(ownerSecrets)
    .where(eq(ownerSecrets.userId, userId));
  return now!.key!;
}

/** A new postback key: postback URLs with the old one are refused from now on. */
export async function rotateOwnerPostbackKey(ctx: Pick<AppContext, 'db'>, userId: number): Promise<string> {
  const key = newPostbackKey();
  await ctx.db
    .insert(ownerSecrets)
    .values({ userId, postbackKey: key })
    .onConflictDoUpdate({ target: ownerSecrets.userId, set: { postbackKey: key } });
  return key;
}
