import { LogTypes } from '@console/shared/uploads';
import type { AppContext } from '../context.ts';
import type { ImportKind } from './kind.ts';
import { logUpload } from './log.ts';
import { pendingUploads, setBossJob } from './uploads.repo.ts';

/**
 * Queues a run of an upload on its kind's job and remembers the pg-boss job that carries it; `startAfter`
 * delays it (an upload waiting for its uploader's running one).
 */
export async function queueUpload(
  ctx: Pick<AppContext, 'jobs' | 'db'>,
  kind: ImportKind,
  uploadId: number,
  startAfter?: Date,
) {
  const jobId = await ctx.jobs.send(kind.job, { uploadId }, startAfter ? { startAfter } : {});
  await setBossJob(ctx.db, uploadId, jobId);
}

/** pg-boss states of a job that will still run. */
const LIVE = new Set(['created', 'retry', 'active']);

/**
 * What pg-boss does not cover on its own. pg-boss retries a job whose handler threw (retryLimit) and one
 * whose worker vanished once it expires (15 minutes by default). That leaves: an upload whose job was
 * never queued (the process died between the row and the send), one whose retries ran out, and one whose
 * worker died mid-run (no heartbeat for a minute: re-queued now instead of after the expiry). Each is
 * queued again; runs are idempotent (the claim), so a stray second job of an upload does nothing, and a
 * run past MAX_ATTEMPTS gives the upload up. Returns how many were queued.
 */
export async function recoverUploads(ctx: AppContext, kinds: readonly ImportKind[]): Promise<number> {
  const byKind = new Map(kinds.map((k) => [k.kind as number, k]));
  let queued = 0;
  for (const up of await pendingUploads(ctx.db)) {
    const kind = byKind.get(up.kind);
    if (!kind) continue;
    if (up.status === 'queued' && up.bossJobId) {
      const state = await ctx.jobs.stateOf(kind.job, up.bossJobId).catch(() => null);
      if (state && LIVE.has(state)) continue; // still waiting its turn in the queue
    }
    await queueUpload(ctx, kind, up.id);
    await logUpload(
      ctx.db.$client,
      kind.name,
      LogTypes.warning,
      `Upload #${up.id}: ${up.status === 'queued' ? 'its job was lost' : 'its worker stopped'}; queued again`,
      up.id,
    );
    queued++;
  }
  return queued;
}
