// @ts-nocheck
import { TagMessages as M, type Tag, type TagInput } from '@console/shared/tags';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { found, ownerFor, assertUser } from '../../core/access.ts';
import { deleteTagRow, findTag, insertTag, updateTagRow } from './tags.repo.ts';

type Ctx = Pick<AppContext, 'db'>;

export async function getTag(ctx: Ctx, actor: AuthUser, id: number): Promise<Tag> {
  return found(await findTag(ctx.db, actor, id));
}

/** A tag's name is unique per owner (409 'You already have a tag with this name.'). */
export async function createTag(ctx: Ctx, actor: AuthUser, input: TagInput) {
  const userId = await assertUser(ctx.db, ownerFor(actor, input.user), M.userNotFound);
  const id = await insertTag(ctx.db, { name: input.name, content: input.content, userId });
  return getTag(ctx, actor, id);
}

/** Administrators may give a tag to another owner; anyone else keeps it. */
export async function updateTag(ctx: Ctx, actor: AuthUser, id: number, input: TagInput) {
  const current = await getTag(ctx, actor, id);
  const userId = actor.isAdmin && input.user ? await assertUser(ctx.db, input.user, M.userNotFound) : current.user.id;
  await updateTagRow(ctx.db, id, { name: input.name, content: input.content, userId });
  return getTag(ctx, actor, id);
}

/** Messages that write `{name}` show it as written from then on (the preview lists it as unresolved). */
export async function deleteTag(ctx: Ctx, actor: AuthUser, id: number) {
  await getTag(ctx, actor, id);
  await deleteTagRow(ctx.db, id);
}
