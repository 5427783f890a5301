import { sql } from 'drizzle-orm';
import {
  RelayGroupMessages as M,
  type RelayGroup,
  type RelayGroupInput,
  type RelayGroupKind,
} from '@console/shared/relay-groups';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { found, ownerFor, assertUser } from '../../core/access.ts';
import { conflict } from '../../core/errors.ts';
import { assertKeepsOwner } from './relays.service.ts';
import { findRelayGroup, insertRelayGroup, updateCurrentRelayGroup } from './relay-groups.repo.ts';

type Ctx = Pick<AppContext, 'db'>;

export const GroupOwnerMessages = {
  hasRelays: 'The group holds relays of its owner: it cannot change owner.',
} as const;

export async function getRelayGroup(ctx: Ctx, kind: RelayGroupKind, actor: AuthUser, id: number): Promise<RelayGroup> {
  return found(await findRelayGroup(ctx.db, kind, actor, id));
}

async function ownerOf(ctx: Ctx, actor: AuthUser, input: RelayGroupInput) {
  const userId = ownerFor(actor, input.user);
  await assertUser(ctx.db, userId, M.userNotFound);
  return userId;
}

export async function createRelayGroup(ctx: Ctx, kind: RelayGroupKind, actor: AuthUser, input: RelayGroupInput) {
  const id = await insertRelayGroup(ctx.db, kind, { name: input.name, userId: await ownerOf(ctx, actor, input) });
  return getRelayGroup(ctx, kind, actor, id);
}

/**
 * Archived groups are read-only (409). An administrator may give a group to another owner while it is
 * empty; a group with relays keeps its owner, since a relay's group must be its owner's (spec 2).
 */
export async function updateRelayGroup(
  ctx: Ctx,
  kind: RelayGroupKind,
  actor: AuthUser,
  id: number,
  input: RelayGroupInput,
) {
  const current = await getRelayGroup(ctx, kind, actor, id);
  if (current.archive) throw conflict(M.readOnly);
  const userId = input.user === undefined || input.user === null ? current.user.id : await ownerOf(ctx, actor, input);
  assertKeepsOwner(current, userId, GroupOwnerMessages.hasRelays);
  if (!(await updateCurrentRelayGroup(ctx.db, kind, id, { name: input.name, userId }))) throw conflict(M.readOnly);
  return getRelayGroup(ctx, kind, actor, id);
}

/** Current -> archived (there is no way back). Its relays stay in it; the forms no longer offer it. */
export async function archiveRelayGroup(ctx: Ctx, kind: RelayGroupKind, actor: AuthUser, id: number) {
  const current = await getRelayGroup(ctx, kind, actor, id);
  if (current.archive) throw conflict(M.alreadyArchived);
  if (!(await updateCurrentRelayGroup(ctx.db, kind, id, { archive: sql`now()` }))) throw conflict(M.alreadyArchived);
  return getRelayGroup(ctx, kind, actor, id);
}
