import type { z } from 'zod';
import { RelayMessages as M, type RelayKind, type editDescriptionSchema } from '@console/shared/relays';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { found, requireAllOwned } from '../../core/access.ts';
import { invalid } from '../../core/errors.ts';
import {
  deleteRelays,
  isCurrentGroupOf,
  moveRelays,
  ownersOf,
  relayTables,
  setDescription,
  setRelaysActivity,
} from './relays.repo.ts';

type Ctx = Pick<AppContext, 'db'>;

/**
 * A server or relay group with relays keeps its owner: a relay's server and group are its owner's (spec 2).
 * `userId`: the owner the form asks for; `message`: the kind's words for the refusal (422 on `user`).
 */
export function assertKeepsOwner(
  current: { user: { id: number }; relaysCount: number },
  userId: number,
  message: string,
) {
  if (userId !== current.user.id && current.relaysCount > 0) throw invalid({ user: message });
}

/** Bulk calls: the whole set is the caller's, or nothing changes (404 naming the others). */
function requireRelays(ctx: Ctx, actor: AuthUser, kind: RelayKind, ids: number[]) {
  const r = relayTables[kind].relays;
  return requireAllOwned(ctx.db, actor, { table: r, id: r.id, owner: r.userId }, ids, 'relaysIds');
}

export async function bulkMove(ctx: Ctx, actor: AuthUser, kind: RelayKind, ids: number[], groupId: number) {
  const all = await requireRelays(ctx, actor, kind, ids);
  // The target group must be a current group of every moved relay's owner: one owner, and theirs.
  const owners = await ownersOf(ctx.db, kind, all);
  if (owners.length !== 1 || !(await isCurrentGroupOf(ctx.db, kind, groupId, owners[0]!))) {
    throw invalid({ groupId: M.groupNotOwners });
  }
  await moveRelays(ctx.db, kind, all, groupId);
  return { count: all.length, message: M.moved };
}

export async function bulkActivity(ctx: Ctx, actor: AuthUser, kind: RelayKind, ids: number[], active: boolean) {
  const all = await requireRelays(ctx, actor, kind, ids);
  await setRelaysActivity(ctx.db, kind, all, active);
  return { count: all.length, message: M.changed };
}

export async function bulkDelete(ctx: Ctx, actor: AuthUser, kind: RelayKind, ids: number[]) {
  const all = await requireRelays(ctx, actor, kind, ids);
  await deleteRelays(ctx.db, kind, all);
  return { count: all.length, message: M.deleted };
}

/** POST /api/relays/edit_description: a PMTA or an SMTP relay of the caller (administrators: any). */
export async function editDescription(ctx: Ctx, actor: AuthUser, input: z.infer<typeof editDescriptionSchema>) {
  const row = await setDescription(ctx.db, actor, input.relayType, input.relayId, input.description);
  return found(row, 'Relay not found.');
}
