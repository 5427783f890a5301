import { z } from 'zod';
import type { AppContext } from '../core/context.ts';
import { jobRef } from '../core/jobs.ts';

/*
 * The relay indicators' refresh, named here so that whoever changes relays can ask for it without importing
 * the feature that runs it (features/pmta-relay-indicators: the nightly job and its computation).
 */

export const INDICATORS_REFRESH = jobRef('pmta-relay-indicators.refresh', z.object({}).loose());

/**
 * A relay was created or changed (issue 38 item 8): its indicators are computed now, not at the next 02:00
 * run or the next process start. Queued once while one waits (a singleton); a refresh that cannot be queued
 * is not the relay's failure, the nightly run catches up.
 */
export async function indicatorsSoon(ctx: Pick<AppContext, 'jobs'>): Promise<void> {
  await ctx.jobs.send(INDICATORS_REFRESH, {}, { singletonKey: 'relays-changed' }).catch(() => undefined);
}
