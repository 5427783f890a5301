// @ts-nocheck
import { z } from 'zod';
import { DELIVERABILITY_CRON } from '@console/shared/pmta-relay-deliverabilities';
import type { AppContext } from '../../core/context.ts';
import { defineJob, jobRef, type JobDefinition } from '../../core/jobs.ts';
import { computeRelayDeliverabilities } from './pmta-relay-deliverabilities.compute.ts';

export const DELIVERABILITY_REFRESH = jobRef('pmta-relay-deliverabilities.refresh', z.object({}).loose());

/** Every hour (spec 3 §9: scores computed hourly): every relay and service's scores upserted. */
export function pmtaRelayDeliverabilitiesJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    defineJob(DELIVERABILITY_REFRESH, {
      cron: DELIVERABILITY_CRON,
      retryLimit: 2,
      concurrency: 1,
      handler: async () => {
        const client = await ctx.db.$client.connect();
        try {
          await computeRelayDeliverabilities(client);
        } finally {
          client.release();
        }
      },
    }),
  ];
}
