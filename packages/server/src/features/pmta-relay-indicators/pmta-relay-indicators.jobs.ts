import { z } from 'zod';
import { INDICATORS_CRON } from '@console/shared/pmta-relay-indicators';
import type { AppContext } from '../../core/context.ts';
import { defineJob, jobRef, type JobDefinition } from '../../core/jobs.ts';
import { computeRelayIndicators } from './pmta-relay-indicators.compute.ts';

export const INDICATORS_REFRESH = jobRef('pmta-relay-indicators.refresh', z.object({}).loose());

/** Every night at 02:00 UTC (spec 3 "Reports": generated once a day at night): the whole set replaced. */
export function pmtaRelayIndicatorsJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    defineJob(INDICATORS_REFRESH, {
      cron: INDICATORS_CRON,
      retryLimit: 2,
      concurrency: 1,
      handler: async () => {
        const client = await ctx.db.$client.connect();
        try {
          await computeRelayIndicators(client);
        } finally {
          client.release();
        }
      },
    }),
  ];
}
