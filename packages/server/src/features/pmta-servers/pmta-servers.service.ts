import { eq } from 'drizzle-orm';
import { PmtaServerMessages as M, type PmtaServer, type PmtaServerInput } from '@console/shared/pmta-servers';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { assertReferences, exists, found, ownerFor } from '../../core/access.ts';
import { invalid } from '../../core/errors.ts';
import { users } from '../../db/schema.ts';
import {
  deletePmtaServerRow,
  findPmtaServer,
  insertPmtaServer,
  updatePmtaServerRow,
  type PmtaServerValues,
} from './pmta-servers.repo.ts';

type Ctx = Pick<AppContext, 'db'>;

export async function getPmtaServer(ctx: Ctx, actor: AuthUser, id: number): Promise<PmtaServer> {
  return found(await findPmtaServer(ctx.db, actor, id));
}

async function valuesOf(
  ctx: Ctx,
  actor: AuthUser,
  input: PmtaServerInput,
  keepOwner?: number,
): Promise<PmtaServerValues> {
  const userId = input.user ? ownerFor(actor, input.user) : (keepOwner ?? actor.id);
  assertReferences({ user: !(await exists(ctx.db, users, eq(users.id, userId))) && M.userNotFound });
  const { user: _owner, ...fields } = input;
  return { ...fields, userId };
}

export async function createPmtaServer(ctx: Ctx, actor: AuthUser, input: PmtaServerInput) {
  const id = await insertPmtaServer(ctx.db, await valuesOf(ctx, actor, input));
  return getPmtaServer(ctx, actor, id);
}

/** A server with relays keeps its owner: a relay's server must be its owner's (spec 2). */
export async function updatePmtaServer(ctx: Ctx, actor: AuthUser, id: number, input: PmtaServerInput) {
  const current = await getPmtaServer(ctx, actor, id);
  const values = await valuesOf(ctx, actor, input, current.user.id);
  if (values.userId !== current.user.id && current.relaysCount > 0) throw invalid({ user: M.hasRelays });
  await updatePmtaServerRow(ctx.db, id, values);
  return getPmtaServer(ctx, actor, id);
}

export async function deletePmtaServer(ctx: Ctx, actor: AuthUser, id: number) {
  await getPmtaServer(ctx, actor, id);
  await deletePmtaServerRow(ctx.db, id);
}
