import { SmtpServerMessages as M, type SmtpServer, type SmtpServerInput } from '@console/shared/smtp-servers';
import type { AppContext, AuthUser } from '../../../core/context.ts';
import { found, ownerFor, assertUser } from '../../../core/access.ts';
import { assertKeepsOwner } from '../relays.service.ts';
import {
  deleteSmtpServerRow,
  findSmtpServer,
  insertSmtpServer,
  updateSmtpServerRow,
  type SmtpServerValues,
} from './smtp-servers.repo.ts';

type Ctx = Pick<AppContext, 'db'>;

export const SmtpServerOwnerMessages = {
  hasRelays: 'The server has relays of its owner: it cannot change owner.',
} as const;

export async function getSmtpServer(ctx: Ctx, actor: AuthUser, id: number): Promise<SmtpServer> {
  return found(await findSmtpServer(ctx.db, actor, id));
}

async function valuesOf(
  ctx: Ctx,
  actor: AuthUser,
  input: SmtpServerInput,
  keepOwner?: number,
): Promise<SmtpServerValues> {
  const userId = input.user ? ownerFor(actor, input.user) : (keepOwner ?? actor.id);
  await assertUser(ctx.db, userId, M.userNotFound);
  const { user: _owner, ...fields } = input;
  return { ...fields, userId };
}

export async function createSmtpServer(ctx: Ctx, actor: AuthUser, input: SmtpServerInput) {
  const id = await insertSmtpServer(ctx.db, await valuesOf(ctx, actor, input));
  return getSmtpServer(ctx, actor, id);
}

export async function updateSmtpServer(ctx: Ctx, actor: AuthUser, id: number, input: SmtpServerInput) {
  const current = await getSmtpServer(ctx, actor, id);
  const values = await valuesOf(ctx, actor, input, current.user.id);
  assertKeepsOwner(current, values.userId, SmtpServerOwnerMessages.hasRelays);
  await updateSmtpServerRow(ctx.db, id, values);
  return getSmtpServer(ctx, actor, id);
}

export async function deleteSmtpServer(ctx: Ctx, actor: AuthUser, id: number) {
  await getSmtpServer(ctx, actor, id);
  await deleteSmtpServerRow(ctx.db, id);
}
