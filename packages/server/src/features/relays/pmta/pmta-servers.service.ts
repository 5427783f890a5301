import { and, eq, ne, sql } from 'drizzle-orm';
import { PmtaServerMessages as M, type PmtaServer, type PmtaServerInput } from '@console/shared/pmta-servers';
import type { AppContext, AuthUser } from '../../../core/context.ts';
import { found, ownerFor, assertUser } from '../../../core/access.ts';
import { invalid } from '../../../core/errors.ts';
import { assertKeepsOwner } from '../relays.service.ts';
import { normalIp } from '../../../core/outbound.ts';
import { seal } from '../../../core/sealed.ts';
import { pmtaServers } from '../../../db/schema/index.ts';
import { isPrivateKey } from '../../../pmta/ssh/keys.ts';
import {
  deletePmtaServerRow,
  findPmtaServer,
  hostAddress,
  insertPmtaServer,
  updatePmtaServerRow,
  type PmtaServerValues,
} from './pmta-servers.repo.ts';

type Ctx = Pick<AppContext, 'db' | 'secret'>;

export async function getPmtaServer(ctx: Ctx, actor: AuthUser, id: number): Promise<PmtaServer> {
  return found(await findPmtaServer(ctx.db, actor, id));
}

/**
 * Whether another owner has a server on this address and SSH port (`except`: the server being edited); the
 * address compared as the host it names, whatever its spelling (`::ffff:192.0.2.1` is 192.0.2.1).
 */
async function otherOwnersHost(ctx: Ctx, serverIp: string, sshPort: number, owner: number, except?: number) {
  const [row] = await ctx.db
    .select({ id: pmtaServers.id })
    .from(pmtaServers)
    .where(
      and(
        sql`${sql.raw(hostAddress('"pmta_servers"."server_ip"'))} = ${normalIp(serverIp) ?? serverIp}::inet`,
        eq(pmtaServers.sshPort, sshPort),
        ne(pmtaServers.userId, owner),
        except === undefined ? undefined : ne(pmtaServers.id, except),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The row's values; the SSH password and key sealed when given (absent: the stored ones stay). */
async function valuesOf(
  ctx: Ctx,
  actor: AuthUser,
  input: PmtaServerInput,
  keepOwner?: number,
  serverId?: number,
): Promise<PmtaServerValues> {
  const userId = input.user ? ownerFor(actor, input.user) : (keepOwner ?? actor.id);
  await assertUser(ctx.db, userId, M.userNotFound);
  const { user: _owner, sshPassword, sshKey, ...fields } = input;
  if (sshKey && !isPrivateKey(sshKey)) throw invalid({ sshKey: M.sshKeyInvalid });
  // One host, one owner: another owner's host only when an administrator assigns it.
  const shared = await otherOwnersHost(ctx, fields.serverIp, fields.sshPort, userId, serverId);
  if (shared && !actor.isAdmin) throw invalid({ serverIp: M.hostTaken });
  return {
    ...fields,
    userId,
    ...(shared ? { hostAssigned: true } : {}),
    ...(sshPassword ? { sshPasswordEnc: seal(ctx.secret, sshPassword) } : {}),
    ...(sshKey ? { sshKeyEnc: seal(ctx.secret, sshKey) } : {}),
  };
}

export async function createPmtaServer(ctx: Ctx, actor: AuthUser, input: PmtaServerInput) {
  const id = await insertPmtaServer(ctx.db, await valuesOf(ctx, actor, input));
  return getPmtaServer(ctx, actor, id);
}

/** A server with relays keeps its owner (`assertKeepsOwner`); another address is another host. */
export async function updatePmtaServer(ctx: Ctx, actor: AuthUser, id: number, input: PmtaServerInput) {
  const current = await getPmtaServer(ctx, actor, id);
  const values = await valuesOf(ctx, actor, input, current.user.id, id);
  assertKeepsOwner(current, values.userId, M.hasRelays);
  // Another address is another host: its key is pinned afresh on the next connection.
  const moved = values.serverIp !== current.serverIp || values.sshPort !== current.sshPort;
  await updatePmtaServerRow(ctx.db, id, moved ? { ...values, hostKey: null } : values);
  return getPmtaServer(ctx, actor, id);
}

export async function deletePmtaServer(ctx: Ctx, actor: AuthUser, id: number) {
  await getPmtaServer(ctx, actor, id);
  await deletePmtaServerRow(ctx.db, id);
}
