// @ts-nocheck
import { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { defineJob, jobRef, type JobDefinition } from '../../core/jobs.ts';
import { logOf } from '../../core/log.ts';
import { runRetention } from './retention.service.ts';

export const RETENTION_RUN = jobRef('retention.run', z.object({}).loose());

/** Nightly, after events.partitions (3:07): archive and drop what fell out of the retention settings. */
export function retentionJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    defineJob(RETENTION_RUN, {
      cron: '23 3 * * *',
      retryLimit: 0,
      concurrency: 1,
      handler: async () => {
        const run = await runRetention(ctx);
        if (run.archived.length || run.skipped.length) logOf(ctx).info({ retention: run }, 'retention run');
      },
    }),
  ];
}
