import {
  SmtpRelayMessages as M,
  type SmtpRelay,
  type SmtpRelayCreateInput,
  type SmtpRelayUpdateInput,
} from '@console/shared/smtp-relays';
import { Rating } from '@console/shared/enums';
import type { AppContext, AuthUser } from '../../../core/context.ts';
import { assertReferences, found, ownerFor, assertUser } from '../../../core/access.ts';
import { seal } from '../../../core/sealed.ts';
import { deleteRelays, isCurrentGroupOf, serverOf } from '../relays.repo.ts';
import { findSmtpRelay, insertSmtpRelay, isSocksOf, updateSmtpRelayRow } from './smtp-relays.repo.ts';

type Ctx = Pick<AppContext, 'db' | 'secret'>;

export async function getSmtpRelay(ctx: Pick<Ctx, 'db'>, actor: AuthUser, id: number): Promise<SmtpRelay> {
  return found(await findSmtpRelay(ctx.db, actor, id));
}

/** A relay's server, group and socks proxy are its owner's; the group a current one (spec 2). */
async function checkReferences(
  ctx: Ctx,
  userId: number,
  input: { smtpServer: number; group: number; socks?: number | null },
) {
  const server = await serverOf(ctx.db, 'smtp', input.smtpServer, userId);
  assertReferences({
    smtpServer: !server && M.serverNotOwners,
    group: !(await isCurrentGroupOf(ctx.db, 'smtp', input.group, userId)) && M.groupNotOwners,
    socks: Boolean(input.socks) && !(await isSocksOf(ctx.db, input.socks!, userId)) && M.socksNotOwners,
  });
  return server!;
}

/** New relay: Neutral, not in backoff, the password sealed, speeds from its server. */
export async function createSmtpRelay(ctx: Ctx, actor: AuthUser, input: SmtpRelayCreateInput) {
  const userId = ownerFor(actor, input.user);
  await assertUser(ctx.db, userId, M.userNotFound);
  const server = await checkReferences(ctx, userId, input);
  const id = await insertSmtpRelay(ctx.db, {
    userId,
    groupId: input.group,
    smtpServerId: server.id,
    senderEmail: input.senderEmail,
    account: input.account,
    passwordEnc: seal(ctx.secret, input.password),
    active: input.active,
    status: Rating.Neutral,
    backoff: false,
    normalSpeed: server.relayNormalSpeed,
    backoffSpeed: server.relayBackoffSpeed,
    description: input.description,
    providerSigns: input.providerSigns,
  });
  return getSmtpRelay(ctx, actor, id);
}

/** The owner stays; a blank password keeps the stored one. */
export async function updateSmtpRelay(ctx: Ctx, actor: AuthUser, id: number, input: SmtpRelayUpdateInput) {
  const current = await getSmtpRelay(ctx, actor, id);
  await checkReferences(ctx, current.user.id, input);
  const { group, smtpServer, socks, password, ...fields } = input;
  await updateSmtpRelayRow(ctx.db, id, {
    ...fields,
    groupId: group,
    smtpServerId: smtpServer,
    socksId: socks ?? null,
    ...(password ? { passwordEnc: seal(ctx.secret, password) } : {}),
  });
  return getSmtpRelay(ctx, actor, id);
}

export async function deleteSmtpRelay(ctx: Pick<Ctx, 'db'>, actor: AuthUser, id: number) {
  await getSmtpRelay(ctx, actor, id);
  await deleteRelays(ctx.db, 'smtp', [id]);
}
