// @ts-nocheck
import { isId } from '@console/shared/ids';
import { SocksMessages as M, type Socks, type SocksCheck, type SocksInput } from '@console/shared/socks-proxies';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { found, ownerFor, assertUser } from '../../core/access.ts';
import { invalid } from '../../core/errors.ts';
import { OutboundRefusedError, connectorFor, outboundPolicy } from '../../core/outbound.ts';
import { open, seal } from '../../core/sealed.ts';
import { checkSocks } from './socks-check.ts';
import {
  deleteAllOf,
  deleteInactive,
  deleteSocksRow,
  findSocks,
  insertSocks,
  recordCheck,
  restoreActivity,
  socksForCheck,
  updateSocksRow,
} from './socks-proxies.repo.ts';

type Ctx = Pick<AppContext, 'db' | 'secret' | 'env'>;

export async function getSocks(ctx: Ctx, actor: AuthUser, id: number): Promise<Socks> {
  return found(await findSocks(ctx.db, actor, id));
}

export async function createSocks(ctx: Ctx, actor: AuthUser, input: SocksInput) {
  const userId = await assertUser(ctx.db, ownerFor(actor, input.user), M.userNotFound);
  const id = await insertSocks(ctx.db, {
    ip: input.ip,
    port: input.port,
    login: input.login,
    passwordEnc: input.password ? seal(ctx.secret, input.password) : null,
    active: input.active,
    userId,
  });
  return getSocks(ctx, actor, id);
}

/** The password is write-only: blank keeps the stored one, `clearPassword` removes it. */
export async function updateSocks(ctx: Ctx, actor: AuthUser, id: number, input: SocksInput) {
  const current = await getSocks(ctx, actor, id);
  const userId = input.user ? await assertUser(ctx.db, ownerFor(actor, input.user), M.userNotFound) : current.user.id;
  await updateSocksRow(ctx.db, id, {
    ip: input.ip,
    port: input.port,
    login: input.login,
    active: input.active,
    userId,
    ...(input.password
      ? { passwordEnc: seal(ctx.secret, input.password) }
      : input.clearPassword
        ? { passwordEnc: null }
        : {}),
  });
  return getSocks(ctx, actor, id);
}

export async function deleteSocks(ctx: Ctx, actor: AuthUser, id: number) {
  await getSocks(ctx, actor, id);
  await deleteSocksRow(ctx.db, id);
}

/**
 * GET /api/socks/check/{id}: a SOCKS5 handshake and a CONNECT to the check target; the proxy becomes
 * active when it works and inactive when it does not. An internal address is refused like any
 * user-supplied address (ALLOW_INTERNAL_URLS), so a check cannot probe the console's own network.
 */
export async function checkProxy(ctx: Ctx, actor: AuthUser, id: number): Promise<SocksCheck> {
  await getSocks(ctx, actor, id);
  const proxy = found(await socksForCheck(ctx.db, id));
  const outcome = await checkSocks(
    { ...proxy, password: proxy.passwordEnc ? open(ctx.secret, proxy.passwordEnc) : null },
    { ...ctx.env.SOCKS_CHECK_TARGET, timeoutMs: ctx.env.SOCKS_CHECK_TIMEOUT_MS },
    connectorFor(outboundPolicy(ctx.env), 'Socks IP'),
  ).catch((e: unknown) => {
    if (e instanceof OutboundRefusedError) return { result: false, msg: M.internal, boundIp: null };
    throw e;
  });
  await recordCheck(ctx.db, id, outcome.result, outcome.boundIp);
  return outcome;
}

/** The owner a bulk call acts for: an administrator may name one (default: themselves), others never. */
export async function bulkOwner(ctx: Ctx, actor: AuthUser, userId: string | undefined) {
  if (!actor.isAdmin || userId === undefined || userId === '') return actor.id;
  if (!isId(userId)) throw invalid({ userId: M.userNotFound });
  return assertUser(ctx.db, Number(userId), M.userNotFound).catch(() => {
    throw invalid({ userId: M.userNotFound });
  });
}

export const bulkActions = {
  'reset-activity': { run: restoreActivity, message: M.reset },
  'delete-inactive': { run: deleteInactive, message: M.removed },
  'delete-all': { run: deleteAllOf, message: M.removed },
} as const;
