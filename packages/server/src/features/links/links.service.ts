import { LinkMessages as M, type Link, type LinkInput } from '@console/shared/links';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { found } from '../../core/access.ts';
import { invalid } from '../../core/errors.ts';
import { deleteLinkRow, findLink, insertLink, linkGroupOwner, updateLinkRow } from './links.repo.ts';

type Ctx = Pick<AppContext, 'db'>;

export async function getLink(ctx: Ctx, actor: AuthUser, id: number): Promise<Link> {
  return found(await findLink(ctx.db, actor, id));
}

/**
 * A link belongs to its group's owner. An ordinary user's group must be theirs; an administrator's choice
 * of owner (when given) must match the group's.
 */
async function ownerOfGroup(ctx: Ctx, actor: AuthUser, input: LinkInput) {
  const owner = await linkGroupOwner(ctx.db, input.group, actor.isAdmin ? undefined : actor.id);
  if (owner === undefined || (actor.isAdmin && input.user && input.user !== owner)) {
    throw invalid({ group: M.groupNotOwners });
  }
  return owner;
}

export async function createLink(ctx: Ctx, actor: AuthUser, input: LinkInput) {
  const userId = await ownerOfGroup(ctx, actor, input);
  const id = await insertLink(ctx.db, { groupId: input.group, url: input.url, userId });
  return getLink(ctx, actor, id);
}

export async function updateLink(ctx: Ctx, actor: AuthUser, id: number, input: LinkInput) {
  await getLink(ctx, actor, id);
  const userId = await ownerOfGroup(ctx, actor, input);
  await updateLinkRow(ctx.db, id, { groupId: input.group, url: input.url, userId });
  return getLink(ctx, actor, id);
}

export async function deleteLink(ctx: Ctx, actor: AuthUser, id: number) {
  await getLink(ctx, actor, id);
  await deleteLinkRow(ctx.db, id);
}
