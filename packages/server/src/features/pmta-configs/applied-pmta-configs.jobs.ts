import { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { defineJob, jobRef, type JobDefinition } from '../../core/jobs.ts';
import { uploadPending } from './applied-pmta-configs.remote.ts';

/** Uploads every applied config not uploaded yet (version 0); every minute, and sent after each change. */
export const APPLIED_CONFIGS_UPLOAD = jobRef('applied-pmta-configs.upload', z.object({}).loose());

export function appliedPmtaConfigJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    defineJob(APPLIED_CONFIGS_UPLOAD, {
      cron: '* * * * *',
      // A failure is kept on its row and retried by the next run: the job itself is not retried.
      retryLimit: 0,
      concurrency: 1,
      handler: () => uploadPending(ctx),
    }),
  ];
}

/** Runs the upload now instead of within the minute (the list shows the new versions sooner). */
export const uploadSoon = (ctx: AppContext) =>
  ctx.jobs.send(APPLIED_CONFIGS_UPLOAD, {}).then(
    () => undefined,
    () => undefined,
  );
