import { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { defineJob, jobRef, type JobDefinition } from '../../core/jobs.ts';
import { runPolling } from './delivery.service.ts';

export const DELIVERY_POLL = jobRef('delivery.poll', z.object({}).loose());
/** The job ends this long before the next minute's starts: two never overlap. */
const MARGIN_MS = 5_000;

/**
 * Every minute (decision 1400): every PMTA server once (the notices need it), then the watched servers and
 * the SMTP relays every DELIVERY_WATCHED_POLL_SECONDS for the rest of the minute.
 */
export function deliveryJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    defineJob(DELIVERY_POLL, {
      cron: '* * * * *',
      retryLimit: 0,
      concurrency: 1,
      handler: async () => {
        await runPolling(ctx, Date.now() + 60_000 - MARGIN_MS);
      },
    }),
  ];
}
