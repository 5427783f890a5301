// @ts-nocheck
import { z } from 'zod';
import type { AppContext } from '../core/context.ts';
import { defineJob, jobRef, type JobDefinition } from '../core/jobs.ts';
import { ensureEventPartitions } from './events.ts';

export const EVENT_PARTITIONS = jobRef('events.partitions', z.object({}).loose());

/** Daily: the events table's partitions for this month and the next two exist before they are needed. */
export function trackingJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    defineJob(EVENT_PARTITIONS, {
      cron: '7 3 * * *',
      retryLimit: 0,
      handler: async () => {
        await ensureEventPartitions(ctx.db.$client);
      },
    }),
  ];
}
