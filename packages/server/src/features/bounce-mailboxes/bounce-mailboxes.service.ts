import {
  BounceMailboxMessages as M,
  type BounceMailbox,
  type BounceMailboxCreateInput,
  type BounceMailboxUpdateInput,
} from '@console/shared/bounce-mailboxes';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { assertUser, found, ownerFor } from '../../core/access.ts';
import { invalid } from '../../core/errors.ts';
import { seal } from '../../core/sealed.ts';
import {
  deleteBounceMailboxRow,
  findBounceMailbox,
  findBounceReport,
  insertBounceMailbox,
  ownersServers,
  reportRaw,
  setMailboxServers,
  updateBounceMailboxRow,
} from './bounce-mailboxes.repo.ts';
import { MAILBOX_CHECK } from './bounce-mailboxes.jobs.ts';

type Ctx = Pick<AppContext, 'db' | 'secret'>;

export async function getBounceMailbox(
  ctx: Pick<AppContext, 'db'>,
  actor: AuthUser,
  id: number,
): Promise<BounceMailbox> {
  return found(await findBounceMailbox(ctx.db, actor, id));
}

/** The servers must be the owner's (a mailbox never names another owner's server). */
async function checkServers(ctx: Ctx, userId: number, ids: number[]) {
  const own = await ownersServers(ctx.db, userId, ids);
  if (ids.some((id) => !own.has(id))) throw invalid({ smtpServers: M.serverNotOwners });
}

const fieldsOf = (input: BounceMailboxCreateInput | BounceMailboxUpdateInput) => ({
  name: input.name,
  host: input.host,
  port: input.port,
  security: input.security,
  username: input.username,
  folder: input.folder,
  active: input.active,
});

export async function createBounceMailbox(ctx: Ctx, actor: AuthUser, input: BounceMailboxCreateInput) {
  const userId = ownerFor(actor, input.user);
  await assertUser(ctx.db, userId, M.userNotFound);
  await checkServers(ctx, userId, input.smtpServers);
  const id = await ctx.db.transaction(async (tx) => {
    const id = await insertBounceMailbox(tx, {
      ...fieldsOf(input),
      passwordEnc: seal(ctx.secret, input.password),
      userId,
    });
    await setMailboxServers(tx, id, input.smtpServers);
    return id;
  });
  return getBounceMailbox(ctx, actor, id);
}

/**
 * The owner stays; a blank password keeps the stored one. A change of host, user or folder starts reading
 * over (another mailbox's UIDs mean nothing here); reports already read still count once (their Message-ID).
 */
export async function updateBounceMailbox(ctx: Ctx, actor: AuthUser, id: number, input: BounceMailboxUpdateInput) {
  const current = await getBounceMailbox(ctx, actor, id);
  await checkServers(ctx, current.user.id, input.smtpServers);
  const moved =
    current.host !== input.host ||
    current.port !== input.port ||
    current.username !== input.username ||
    current.folder !== input.folder;
  await ctx.db.transaction(async (tx) => {
    await updateBounceMailboxRow(tx, id, {
      ...fieldsOf(input),
      ...(input.password ? { passwordEnc: seal(ctx.secret, input.password) } : {}),
      ...(moved ? { uidValidity: null, lastUid: 0 } : {}),
      error: null,
    });
    await setMailboxServers(tx, id, input.smtpServers);
  });
  return getBounceMailbox(ctx, actor, id);
}

/** Deletes the mailbox and the reports read from it (the mailbox itself is not touched). */
export async function deleteBounceMailbox(ctx: Pick<AppContext, 'db'>, actor: AuthUser, id: number) {
  await getBounceMailbox(ctx, actor, id);
  await deleteBounceMailboxRow(ctx.db, id);
}

/** "Check now": the check job for this mailbox, at once (one queued at a time). */
export async function checkBounceMailboxNow(ctx: Pick<AppContext, 'db' | 'jobs'>, actor: AuthUser, id: number) {
  await getBounceMailbox(ctx, actor, id);
  // one already queued answers for this one too (pg-boss queues no second job of the same key)
  await ctx.jobs.send(MAILBOX_CHECK, { mailboxId: id }, { singletonKey: `mailbox-${id}` }).catch(() => {});
  return { message: M.checkQueued };
}

export async function getBounceReport(ctx: Pick<AppContext, 'db'>, actor: AuthUser, id: number) {
  const row = found(await findBounceReport(ctx.db, actor, id));
  // latin1: every byte shown as it was read, whatever charset the report claims
  const kept = await reportRaw(ctx.db, id);
  return {
    ...row,
    raw: kept.raw?.toString('latin1') ?? null,
    rawPurgedAt: kept.purgedAt?.toISOString() ?? null,
    rawKeptUntil: kept.keptUntil ? new Date(kept.keptUntil).toISOString() : null,
  };
}
