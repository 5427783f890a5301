import { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { defineJob, type JobDefinition } from '../../core/jobs.ts';
import { runImport } from './import/run-import.ts';
import { IMPORT_JOB, recoverUploads } from './import/recover.ts';
import { uploadsDir } from './import/accept-upload.ts';
import { liveUploadFiles } from './import/uploads.repo.ts';
import { sweepOrphans } from '../../core/uploads.ts';

export const RECOVER_JOB = 'email-lists.recover-uploads';
export const SWEEP_JOB = 'email-lists.sweep-upload-files';

/** The import of uploaded CSV files, the recovery of uploads whose job got lost (every minute), the orphan sweep. */
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
    defineJob({
      name: SWEEP_JOB,
      payload: z.object({}).loose(),
      cron: '*/15 * * * *',
      retryLimit: 0,
      concurrency: 1,
      // Files no live upload names, older than an hour: left by a crash between the write and the row.
      handler: async () => {
        sweepOrphans(uploadsDir(ctx), await liveUploadFiles(ctx.db));
      },
    }),
  ];
}
