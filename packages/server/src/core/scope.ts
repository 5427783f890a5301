import { eq, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AuthUser } from './context.ts';
import { notFound } from './errors.ts';

/**
 * The ownership rule of the whole API: an ordinary user is confined to their own rows whatever filter
 * they send; an administrator sees everything and may filter by owner (`user.id`).
 */
export function ownerCondition(column: AnyColumn, user: AuthUser, requestedOwner?: number): SQL | undefined {
  if (!user.isAdmin) return eq(column, user.id);
  return requestedOwner ? eq(column, requestedOwner) : undefined;
}

/** Another user's item answers 404, as if it did not exist. */
export function assertOwner<T extends { userId: number }>(row: T | undefined, user: AuthUser): T {
  if (!row || (!user.isAdmin && row.userId !== user.id)) throw notFound();
  return row;
}
