import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { defineJob, jobRef, type JobDefinition } from '../jobs.ts';
import { sweepOrphans } from '../uploads.ts';
import { uploadsDir } from './accept.ts';
import type { ImportKind } from './kind.ts';
import { recoverUploads } from './queue.ts';
import { MAX_ATTEMPTS, runUpload } from './run.ts';
import { ImportThread } from './thread.ts';
import { liveUploadFiles } from './uploads.repo.ts';

export const RECOVER_UPLOADS = jobRef('imports.recover', z.object({}).loose());
export const SWEEP_UPLOADS = jobRef('imports.sweep', z.object({}).loose());

/**
 * The jobs of every upload kind: one run job per kind (its queue, so a long e-mail import never holds up
 * a socks file), the recovery of uploads whose job got lost (every minute), and the orphan sweep.
 * `thread`: the import thread's entry (src/import-thread.ts, which must list these kinds): each run's
 * heavy part goes there (decision 1310), ended first when the jobs stop. Without it (tests with kinds
 * of their own) the runs read and merge on this thread.
 */
export function importJobs(ctx: AppContext, kinds: readonly ImportKind[], thread?: URL): JobDefinition<z.ZodType>[] {
  const runner = thread ? new ImportThread(thread, ctx) : undefined;
  const running = new Set<Promise<void>>();
  // The thread first: its runs end at once, and each gives its upload back before the jobs stop.
  if (runner)
    ctx.jobs.beforeStop(async () => {
      await runner.stop();
      await Promise.allSettled(running);
    });
  return [
    ...kinds.map((kind) =>
      defineJob(kind.job, {
        handler: async (data) => {
          const run = runUpload(ctx, kind, data.uploadId, runner?.run);
          running.add(run);
          try {
            await run;
          } finally {
            running.delete(run);
          }
        },
        retryLimit: MAX_ATTEMPTS - 1,
        concurrency: 2,
      }),
    ),
    defineJob(RECOVER_UPLOADS, {
      cron: '* * * * *',
      retryLimit: 0,
      concurrency: 1,
      handler: async () => {
        await recoverUploads(ctx, kinds);
      },
    }),
    defineJob(SWEEP_UPLOADS, {
      cron: '*/15 * * * *',
      retryLimit: 0,
      concurrency: 1,
      // Files no live upload names, older than an hour: left by a crash between the write and the row.
      handler: async () => {
        const live = await liveUploadFiles(ctx.db);
        for (const kind of kinds) sweepOrphans(uploadsDir(ctx, kind), live);
      },
    }),
  ];
}
