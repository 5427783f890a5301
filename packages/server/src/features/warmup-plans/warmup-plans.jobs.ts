import { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { defineJob, jobRef, type JobDefinition } from '../../core/jobs.ts';
import { WARMUP_CONFIG_UPLOAD, followMoves, uploadForPlans } from './config-follow.ts';
import { runDailySteps } from './warmup-plans.service.ts';

export const WARMUP_DAILY = jobRef('warmup.daily', z.object({}).loose());

/**
 * Every day at 00:10 UTC (decision 1433): each warmed-up relay advances, holds or steps back by yesterday; the
 * PMTA servers of the relays that moved get their configuration with the new day's rates (decision 1486: the
 * upload job, as after any change of a plan).
 */
export function warmupPlanJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    defineJob(WARMUP_DAILY, {
      cron: '10 0 * * *',
      retryLimit: 3,
      concurrency: 1,
      handler: async () => {
        await followMoves(ctx, await runDailySteps(ctx));
      },
    }),
    defineJob(WARMUP_CONFIG_UPLOAD, {
      policy: 'stately',
      retryLimit: 0,
      concurrency: 1,
      handler: async ({ serverId }) => {
        await uploadForPlans(ctx, serverId);
      },
    }),
  ];
}
