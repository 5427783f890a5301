import { z } from 'zod';
import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isId } from '@console/shared/ids';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { AuthUser } from './context.ts';
import { AppError, forbidden, invalid, notFound } from './errors.ts';

/**
 * The ownership rules of the whole API (ARCHITECTURE §3): an ordinary user is confined to their own rows
 * whatever they send; an administrator sees and changes everything. Another user's item answers 404, as if
 * it did not exist; an item a user may see but not change (an e-mail list assigned to them) answers 403.
 */

/**
 * Who sees which rows of a collection: `defineCollection` requires one, so no resource forgets it.
 * - `ownedBy(column)` or a rule of the resource's own (`visibleTo`): the rows this user may see;
 * - `'global'`: every signed-in user sees every row (shared reference data: categories, mail providers);
 * - `'adminOnly'`: an administrators' screen (its routes say `config: { admin: true }`); anyone else sees
 *   no row, should a route forget the flag;
 * - `'parent'`: rows reached only through a parent the route has already found for the user, passed as
 *   `where` (the e-mails of one list); listing them without it is a programming error.
 * A hand-written list route declares its rows the same way, `config: { scope }` (issue 41, item 3).
 */
export type Scope = ((user: AuthUser) => SQL | undefined) | 'global' | 'adminOnly' | 'parent';

/** Scope of a resource owned through one column: `defineCollection({ scope: ownedBy(offers.userId) })`. */
export const ownedBy =
  (column: AnyColumn) =>
  (user: AuthUser): SQL | undefined =>
    user.isAdmin ? undefined : eq(column, user.id);

/** Scope of a list of the caller's own rows only, administrators included (their notifications, uploads). */
export const mine =
  (column: AnyColumn) =>
  (user: AuthUser): SQL | undefined =>
    eq(column, user.id);

/** The condition a scope puts on `user`'s rows (undefined: all of them); `parent` is the caller's `where`. */
export function scopeWhere(scope: Scope, user: AuthUser, parent: SQL | undefined): SQL | undefined {
  if (scope === 'global') return undefined;
  if (scope === 'adminOnly') return user.isAdmin ? undefined : sql`false`;
  if (scope === 'parent') {
    if (!parent) throw new Error('A nested collection is read through its parent: pass `where`.');
    return undefined;
  }
  return scope(user);
}

/** The row, or 404 when it does not exist or is not the user's to see. */
export function found<T>(row: T | undefined, message = 'Not found.'): T {
  if (!row) throw notFound(message);
  return row;
}

/** 403 unless the user owns the row (or is an administrator); for rows the user may see but not change. */
export function assertCanChange(row: { userId: number }, user: AuthUser) {
  if (!user.isAdmin && row.userId !== user.id) throw forbidden();
}

/** The owner a write gets: administrators choose it, anyone else always owns what they write. */
export const ownerFor = (user: AuthUser, requested: number | undefined | null) =>
  user.isAdmin && requested ? requested : user.id;

/** Path parameter `{id}`: a canonical decimal id in the column's range (`0x10`, `1e1`, ` 5`, 2^31 are 422). */
export const idParams = z.object({
  id: z.string().refine(isId, 'Invalid id.').transform(Number),
});

/**
 * Reduces `ids` to those the user may change in `table` (scoped by `owner`, all for administrators).
 * A bulk call over ids that are not all the caller's changes nothing: `requireAll` answers 404 naming the
 * ids that are missing or someone else's.
 */
export async function ownedIds(
  db: Executor,
  user: AuthUser,
  on: { table: PgTable; id: PgColumn; owner: PgColumn },
  ids: number[],
): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: on.id })
    .from(on.table)
    .where(and(inArray(on.id, ids), user.isAdmin ? undefined : eq(on.owner, user.id)));
  return rows.map((r) => Number(r.id));
}

export async function requireAllOwned(
  db: Executor,
  user: AuthUser,
  on: { table: PgTable; id: PgColumn; owner: PgColumn },
  ids: number[],
  field = 'ids',
): Promise<number[]> {
  const wanted = [...new Set(ids)];
  const mine = new Set(await ownedIds(db, user, on, wanted));
  const missing = wanted.filter((id) => !mine.has(id));
  if (missing.length) {
    throw new AppError(404, {
      [field]: `Not found: ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ', ...' : ''}.`,
    });
  }
  return wanted;
}

/** A list of ids in a body: `[1, 2]`, `"1,2"`, canonical decimals only, at most `max`. */
export const idList = (message = 'Invalid id.', max = 10_000) =>
  z.preprocess(
    (v) =>
      (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]).flatMap((x) =>
        typeof x === 'string'
          ? x
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : [x],
      ),
    z
      .array(z.union([z.number(), z.string()]).refine(isId, message).transform(Number))
      .max(max, `At most ${max} ids at once.`),
  );

/** Throws 422 when a referenced row is missing: one message per field. */
export function assertReferences(missing: Record<string, string | false | undefined>) {
  const errors = Object.fromEntries(Object.entries(missing).filter(([, m]) => m)) as Record<string, string>;
  if (Object.keys(errors).length) throw invalid(errors);
}

/** The user a write names as its owner must exist: 422 `{user: message}` otherwise. Returns the id. */
export async function assertUser(db: Executor, userId: number, message: string): Promise<number> {
  assertReferences({ user: !(await exists(db, users, eq(users.id, userId))) && message });
  return userId;
}

/** `select exists(...)` for reference checks. */
export async function exists(db: Executor, table: PgTable, where: SQL): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(table)
    .where(where)
    .limit(1);
  return Boolean(row);
}
