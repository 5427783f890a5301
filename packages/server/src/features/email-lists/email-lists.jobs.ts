import { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { defineJob, type JobDefinition } from '../../core/jobs.ts';
import { runImport } from './import/run-import.ts';
import { IMPORT_JOB, recoverUploads } from './import/recover.ts';

export const RECOVER_JOB = 'email-lists.recover-uploads';

/** The import of uploaded CSV files, and the recovery of uploads whose job got lost (every minute). */
export function emailListJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    defineJob({
      name: IMPORT_JOB,
      payload: z.object({ uploadId: z.number().int().positive() }),
      handler: (data) => runImport(ctx, data.uploadId),
      retryLimit: 4,
      concurrency: 2,
    }),
    defineJob({
      name: RECOVER_JOB,
      payload: z.object({}).loose(),
      cron: '* * * * *',
      retryLimit: 0,
      concurrency: 1,
      handler: async () => {
        await recoverUploads(ctx);
      },
    }),
  ];
}
