import {
  NEW_PMTA_RELAY,
  PmtaRelayMessages as M,
  countPoorSchema,
  type PmtaRelay,
  type PmtaRelayCreateInput,
  type PmtaRelayUpdateInput,
} from '@console/shared/pmta-relays';
import type { z } from 'zod';
import type { AppContext, AuthUser } from '../../../core/context.ts';
import { assertReferences, found, ownerFor, assertUser } from '../../../core/access.ts';
import { invalid } from '../../../core/errors.ts';
import { indicatorsSoon } from '../../../pmta/indicators-refresh.ts';
import { deleteRelays, isCurrentGroupOf, serverOf } from '../relays.repo.ts';
import {
  countPoor,
  findPmtaRelay,
  insertPmtaRelay,
  pmtaRelaysCollection,
  updatePmtaRelayRow,
} from './pmta-relays.repo.ts';

type Ctx = Pick<AppContext, 'db'>;

export async function getPmtaRelay(ctx: Ctx, actor: AuthUser, id: number): Promise<PmtaRelay> {
  return found(await findPmtaRelay(ctx.db, actor, id));
}

/** A relay's server and group must be its owner's (spec 2); the group must be current. */
async function assertGroupOf(ctx: Ctx, groupId: number, userId: number) {
  assertReferences({ group: !(await isCurrentGroupOf(ctx.db, 'pmta', groupId, userId)) && M.groupNotOwners });
}

/** New relay: status 1, backoff off; speeds from its server; withoutVmta only here (spec 2). */
export async function createPmtaRelay(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  actor: AuthUser,
  input: PmtaRelayCreateInput,
) {
  const userId = ownerFor(actor, input.user);
  await assertUser(ctx.db, userId, M.userNotFound);
  const server = await serverOf(ctx.db, 'pmta', input.pmtaServer, userId);
  assertReferences({
    pmtaServer: !server && M.serverNotOwners,
    group: !(await isCurrentGroupOf(ctx.db, 'pmta', input.group, userId)) && M.groupNotOwners,
  });
  const id = await insertPmtaRelay(ctx.db, {
    userId,
    groupId: input.group,
    pmtaServerId: server!.id,
    smtpHost: input.smtpHost.toLowerCase(),
    ip: input.ip,
    senderEmail: input.senderEmail,
    active: input.active,
    status: NEW_PMTA_RELAY.status,
    backoff: NEW_PMTA_RELAY.backoff,
    normalSpeed: server!.relayNormalSpeed,
    backoffSpeed: server!.relayBackoffSpeed,
    withoutVmta: input.withoutVmta,
    description: input.description,
  });
  await indicatorsSoon(ctx);
  return getPmtaRelay(ctx, actor, id);
}

/** Server, SMTP host and owner are locked on edit (spec 2); the group must stay the owner's. */
export async function updatePmtaRelay(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  actor: AuthUser,
  id: number,
  input: PmtaRelayUpdateInput,
) {
  const current = await getPmtaRelay(ctx, actor, id);
  if (input.group !== current.group.id) await assertGroupOf(ctx, input.group, current.user.id);
  const { group, ...fields } = input;
  await updatePmtaRelayRow(ctx.db, id, { ...fields, groupId: group });
  await indicatorsSoon(ctx);
  return getPmtaRelay(ctx, actor, id);
}

export async function deletePmtaRelay(ctx: Ctx, actor: AuthUser, id: number) {
  await getPmtaRelay(ctx, actor, id);
  await deleteRelays(ctx.db, 'pmta', [id]);
}

/** count_poor's body names the list's filters its own way; parsed by the list's query schema. */
export async function countPoorRelays(ctx: Ctx, actor: AuthUser, body: z.infer<typeof countPoorSchema>) {
  const raw: Record<string, unknown> = {
    smtpHost: body.hostname,
    description: body.description,
    'user.id': body.userId,
    'group.id': body.pmtaRelayGroupId,
    'pmtaServer.id': body.pmtaServerId,
    id: body.id,
    'pmtaServer.isVps': body.isVps,
  };
  const given = Object.fromEntries(
    Object.entries(raw)
      .filter(([, v]) => v !== undefined && v !== '' && v !== null)
      .map(([k, v]) => [k, String(v)]),
  );
  const q = pmtaRelaysCollection.query.safeParse(given);
  if (!q.success) throw invalid(Object.fromEntries(q.error.issues.map((i) => [i.path.join('.'), i.message])));
  return { count: await countPoor(ctx.db, actor, q.data) };
}
