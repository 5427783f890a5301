import { eq } from 'drizzle-orm';
import { PmtaServerMessages as M, type PmtaServer, type PmtaServerInput } from '@console/shared/pmta-servers';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { assertReferences, exists, found, ownerFor } from '../../core/access.ts';
import { invalid } from '../../core/errors.ts';
import { seal } from '../../core/sealed.ts';
import { users } from '../../db/schema.ts';
import { isPrivateKey } from '../../pmta/ssh/keys.ts';
import {
  deletePmtaServerRow,
  findPmtaServer,
  insertPmtaServer,
  updatePmtaServerRow,
  type PmtaServerValues,
} from './pmta-servers.repo.ts';

type Ctx = Pick<AppContext, 'db' | 'secret'>;

export async function getPmtaServer(ctx: Ctx, actor: AuthUser, id: number): Promise<PmtaServer> {
  return found(await findPmtaServer(ctx.db, actor, id));
}

/** The row's values; the SSH password and key sealed when given (absent: the stored ones stay). */
async function valuesOf(
  ctx: Ctx,
  actor: AuthUser,
  input: PmtaServerInput,
  keepOwner?: number,
): Promise<PmtaServerValues> {
  const userId = input.user ? ownerFor(actor, input.user) : (keepOwner ?? actor.id);
  assertReferences({ user: !(await exists(ctx.db, users, eq(users.id, userId))) && M.userNotFound });
  const { user: _owner, sshPassword, sshKey, ...fields } = input;
  if (sshKey && !isPrivateKey(sshKey)) throw invalid({ sshKey: M.sshKeyInvalid });
  return {
    ...fields,
    userId,
    ...(sshPassword ? { sshPasswordEnc: seal(ctx.secret, sshPassword) } : {}),
    ...(sshKey ? { sshKeyEnc: seal(ctx.secret, sshKey) } : {}),
  };
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
  // Another address is another host: its key is pinned afresh on the next connection.
  const moved = values.serverIp !== current.serverIp || values.sshPort !== current.sshPort;
  await updatePmtaServerRow(ctx.db, id, moved ? { ...values, hostKey: null } : values);
  return getPmtaServer(ctx, actor, id);
}

export async function deletePmtaServer(ctx: Ctx, actor: AuthUser, id: number) {
  await getPmtaServer(ctx, actor, id);
  await deletePmtaServerRow(ctx.db, id);
}
