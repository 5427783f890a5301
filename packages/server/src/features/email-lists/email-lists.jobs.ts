import { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { defineJob, jobRef, type JobDefinition } from '../../core/jobs.ts';
import { sweepOrphans } from '../../core/uploads.ts';
import { runImport } from './import/run-import.ts';
import { IMPORT_JOB, recoverUploads } from './import/recover.ts';
import { uploadsDir } from './import/accept-upload.ts';
import { liveUploadFiles } from './import/uploads.repo.ts';

export const RECOVER_JOB = jobRef('email-lists.recover-uploads', z.object({}).loose());
export const SWEEP_JOB = jobRef('email-lists.sweep-upload-files', z.object({}).loose());

/** The import of uploaded CSV files, the recovery of uploads whose job got lost (every minute), the orphan sweep. */
export function emailListJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    defineJob(IMPORT_JOB, {
      handler: (data) => runImport(ctx, data.uploadId),
      retryLimit: 4,
      concurrency: 2,
    }),
    defineJob(RECOVER_JOB, {
      cron: '* * * * *',
      retryLimit: 0,
      concurrency: 1,
      handler: async () => {
        await recoverUploads(ctx);
      },
    }),
    defineJob(SWEEP_JOB, {
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
