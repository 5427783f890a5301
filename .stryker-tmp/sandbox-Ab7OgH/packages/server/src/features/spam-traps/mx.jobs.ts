// @ts-nocheck
import { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { defineJob, jobRef, type JobDefinition } from '../../core/jobs.ts';
import { refreshMx } from './mx.ts';

export const MX_REFRESH = jobRef('spam-traps.mx-refresh', z.object({}).loose());

/** Every ten minutes: the lists' domains without a fresh MX answer are looked up (2,000 a run). */
export function spamTrapJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    defineJob(MX_REFRESH, {
      cron: '*/10 * * * *',
      retryLimit: 0,
      handler: async () => {
        await refreshMx(ctx);
      },
    }),
  ];
}
