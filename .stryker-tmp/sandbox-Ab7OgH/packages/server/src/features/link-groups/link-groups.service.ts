// @ts-nocheck
import {
  LinkGroupMessages as M,
  linkTypeNumber,
  type LinkGroup,
  type LinkGroupInput,
} from '@console/shared/link-groups';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { found, ownerFor, assertUser } from '../../core/access.ts';
import { invalid } from '../../core/errors.ts';
import { deleteLinkGroupRow, findLinkGroup, insertLinkGroup, updateLinkGroupRow } from './link-groups.repo.ts';

type Ctx = Pick<AppContext, 'db'>;

export async function getLinkGroup(ctx: Ctx, actor: AuthUser, id: number): Promise<LinkGroup> {
  return found(await findLinkGroup(ctx.db, actor, id));
}

export async function createLinkGroup(ctx: Ctx, actor: AuthUser, input: LinkGroupInput) {
  const userId = await assertUser(ctx.db, ownerFor(actor, input.user), M.userNotFound);
  const id = await insertLinkGroup(ctx.db, { name: input.name, type: linkTypeNumber[input.type], userId });
  return getLinkGroup(ctx, actor, id);
}

/**
 * A group with links keeps its type (its links lead to that kind of tracking path) and its owner (a
 * link's group is its owner's); an empty one may change both.
 */
export async function updateLinkGroup(ctx: Ctx, actor: AuthUser, id: number, input: LinkGroupInput) {
  const current = await getLinkGroup(ctx, actor, id);
  const userId = actor.isAdmin && input.user ? await assertUser(ctx.db, input.user, M.userNotFound) : current.user.id;
  if (current.linksCount > 0 && input.type !== current.type) throw invalid({ type: M.hasLinksOfType });
  if (current.linksCount > 0 && userId !== current.user.id)
    throw invalid({ user: 'The group holds links of its owner: it cannot change owner.' });
  await updateLinkGroupRow(ctx.db, id, { name: input.name, type: linkTypeNumber[input.type], userId });
  return getLinkGroup(ctx, actor, id);
}

/** Deletes the group and its links. */
export async function deleteLinkGroup(ctx: Ctx, actor: AuthUser, id: number) {
  await getLinkGroup(ctx, actor, id);
  await deleteLinkGroupRow(ctx.db, id);
}
