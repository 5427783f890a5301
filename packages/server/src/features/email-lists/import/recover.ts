import { z } from 'zod';
import { jobRef } from '../../../core/jobs.ts';
import type { AppContext } from '../../../core/context.ts';
import { pendingUploads, setBossJob } from './uploads.repo.ts';

export const IMPORT_JOB = jobRef('email-lists.import', z.object({ uploadId: z.number().int().positive() }));

/** Queues the import of an upload and remembers the pg-boss job that carries it. */
export async function queueImport(ctx: AppContext, uploadId: number) {
  const jobId = await ctx.jobs.send(IMPORT_JOB, { uploadId });
  await setBossJob(ctx.db, uploadId, jobId);
}

const LIVE = new Set(['created', 'retry', 'active']);

/**
 * What pg-boss does not cover on its own. pg-boss retries a job whose handler threw (retryLimit) and one
 * whose worker vanished once it expires (expireInSeconds, 15 minutes by default). That leaves: an upload
 * whose job was never queued (the process died between the upload's insert and the send), one whose
 * retries ran out, and one whose worker died mid-run (no heartbeat for a minute: re-queued now instead
 * of after the expiry). Each is queued again; runs are idempotent (the claim in run-import.ts), so a
 * stray second job of an upload does nothing.
 */
export async function recoverUploads(ctx: AppContext): Promise<number> {
  let queued = 0;
  for (const up of await pendingUploads(ctx.db)) {
    if (up.status === 'queued' && up.bossJobId) {
      const job = await ctx.jobs.boss.getJobById(IMPORT_JOB.name, up.bossJobId).catch(() => null);
      if (job && LIVE.has(job.state)) continue; // still waiting its turn in the queue
    }
    await queueImport(ctx, up.id);
    queued++;
  }
  return queued;
}
