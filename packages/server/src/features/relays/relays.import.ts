import type { FastifyRequest } from 'fastify';
import { isId } from '@console/shared/ids';
import type { RelayKind } from '@console/shared/relays';
import type { AppContext } from '../../core/context.ts';
import { invalid } from '../../core/errors.ts';
import { isCurrentGroupOf } from './relays.repo.ts';

/** What a relay upload says when its chosen server or group will not do (each kind's own words). */
export interface TargetMessages {
  serverRequired: string;
  groupRequired: string;
  serverNotOwners: string;
  groupNotOwners: string;
}

const serverTable = { pmta: 'pmta_servers', smtp: 'smtp_servers' } as const satisfies Record<RelayKind, string>;

/**
 * An upload's chosen server and group (form fields `serverId`, `groupId`): the caller's, or for an
 * administrator the server's owner's, whose current group it must be.
 */
export async function chosenTarget(
  ctx: AppContext,
  req: FastifyRequest,
  fields: Record<string, string>,
  kind: RelayKind,
  M: TargetMessages,
) {
  const serverId = fields.serverId?.trim();
  const groupId = fields.groupId?.trim();
  if (!isId(serverId) || !isId(groupId))
    throw invalid({
      ...(!isId(serverId) && { serverId: M.serverRequired }),
      ...(!isId(groupId) && { groupId: M.groupRequired }),
    });
  const { rows } = await ctx.db.$client.query<{ userId: number }>(
    `select user_id as "userId" from ${serverTable[kind]} where id = $1 and ($2 or user_id = $3)`,
    [Number(serverId), req.user.isAdmin, req.user.id],
  );
  const ownerId = rows[0]?.userId;
  if (ownerId === undefined) throw invalid({ serverId: M.serverNotOwners });
  if (!(await isCurrentGroupOf(ctx.db, kind, Number(groupId), ownerId))) throw invalid({ groupId: M.groupNotOwners });
  return { ownerId, serverId: Number(serverId), groupId: Number(groupId) };
}
