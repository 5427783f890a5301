// @ts-nocheck
import { sql } from 'drizzle-orm';
import { MessageMessages as M, type Message, type MessageInput } from '@console/shared/messages';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { found, ownerFor, assertUser } from '../../core/access.ts';
import { conflict } from '../../core/errors.ts';
import { findMessage, insertMessage, updateCurrentMessage } from './messages.repo.ts';

type Ctx = Pick<AppContext, 'db'>;

export async function getMessage(ctx: Ctx, actor: AuthUser, id: number): Promise<Message> {
  return found(await findMessage(ctx.db, actor, id));
}

export async function createMessage(ctx: Ctx, actor: AuthUser, input: MessageInput) {
  const userId = await assertUser(ctx.db, ownerFor(actor, input.user), M.userNotFound);
  const id = await insertMessage(ctx.db, {
    name: input.name,
    subject: input.subject,
    content: input.htmlContent,
    textContent: input.textContent,
    userId,
  });
  return getMessage(ctx, actor, id);
}

/** Archived messages are read-only (409); administrators may give a message to another owner. */
export async function updateMessage(ctx: Ctx, actor: AuthUser, id: number, input: MessageInput) {
  const current = await getMessage(ctx, actor, id);
  if (current.archive) throw conflict(M.readOnly);
  const userId = actor.isAdmin && input.user ? await assertUser(ctx.db, input.user, M.userNotFound) : current.user.id;
  const values = {
    name: input.name,
    subject: input.subject,
    content: input.htmlContent,
    textContent: input.textContent,
    userId,
  };
  if (!(await updateCurrentMessage(ctx.db, id, values))) throw conflict(M.readOnly);
  return getMessage(ctx, actor, id);
}

/** Current -> archived; there is no way back (spec 3). Campaigns that use it keep it. */
export async function archiveMessage(ctx: Ctx, actor: AuthUser, id: number) {
  const current = await getMessage(ctx, actor, id);
  if (current.archive) throw conflict(M.alreadyArchived);
  if (!(await updateCurrentMessage(ctx.db, id, { archive: sql`now()` }))) throw conflict(M.alreadyArchived);
  return getMessage(ctx, actor, id);
}
