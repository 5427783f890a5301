// @ts-nocheck
import type { z } from 'zod';
import type { ReputationProvider, reputationProviderSchema } from '@console/shared/reputation-providers';
import type { AppContext } from '../../core/context.ts';
import { found } from '../../core/access.ts';
import { recomputeRelayStatus } from '../../pmta/relay-status.ts';
import { findReputationProvider, updateReputationProviderRow } from './reputation-providers.repo.ts';

type Ctx = Pick<AppContext, 'db'>;

export async function getReputationProvider(ctx: Ctx, id: number): Promise<ReputationProvider> {
  return found(await findReputationProvider(ctx.db, id));
}

/** The two flags; every relay's status follows at once (a provider may stop or start counting). */
export async function updateReputationProvider(ctx: Ctx, id: number, input: z.infer<typeof reputationProviderSchema>) {
  await getReputationProvider(ctx, id);
  await updateReputationProviderRow(ctx.db, id, { affectsRelayStatus: input.affectsRelayStatus, active: input.active });
  await recomputeRelayStatus(ctx.db);
  return getReputationProvider(ctx, id);
}
