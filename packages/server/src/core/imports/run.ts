import fs from 'node:fs';
import path from 'node:path';
import { LogTypes, UploadMessages as M } from '@console/shared/uploads';
import type { AppContext } from '../context.ts';
import { pushNotification, storeNotification } from '../notify.ts';
import {
  failuresDir,
  importFile,
  isPermanent,
  reasonOf,
  short,
  type ImportHooks,
  type Imported,
} from './import-file.ts';
import { ImportStopped, TargetGone, UploadTakenOver, type ImportKind, type Upload } from './kind.ts';
import { logLine, logUpload } from './log.ts';
import { Progress, READ_SHARE } from './progress.ts';
import { queueUpload } from './queue.ts';
import { inTransaction } from '../../db/transaction.ts';
import { beat, claimUpload, markFailed, releaseUpload, uploadExists } from './uploads.repo.ts';

/** Runs of one upload before it is given up (pg-boss retries plus re-queues by the recovery). */
export const MAX_ATTEMPTS = 5;
const HEARTBEAT_MS = 10_000;
/** An upload whose uploader has another import running looks again after this long (decision 1310). */
export const OWNER_WAIT_MS = 3_000;

export { failuresDir } from './import-file.ts';

/**
 * Where the heavy part of a run goes: `importFile` itself (tests with kinds of their own), or the import
 * thread (core/imports/thread.ts), so that no row is parsed, sealed or staged on the thread that answers
 * requests (decision 1310).
 */
export type ImportRunner = (kind: ImportKind, up: Upload, label: string, hooks: ImportHooks) => Promise<Imported>;

export const inlineRunner =
  (ctx: AppContext): ImportRunner =>
  (kind, up, label, hooks) =>
    importFile(ctx, kind, up, label, hooks);

/**
 * One run of an upload: the job of every kind. Idempotent, keyed by the upload id: a run first claims the
 * upload (queued, or processing with a dead heartbeat); one that is done, failed or being run elsewhere
 * is skipped, and one whose uploader has another import running waits its turn (queued again a little
 * later). This side keeps the claim, the heartbeat, the progress, the notices and the outcome; the
 * runner reads, stages and merges (import-file.ts). A file the import can never take (or a run past
 * MAX_ATTEMPTS) fails the upload for good; anything else hands it back to pg-boss for a retry.
 */
export async function runUpload(
  ctx: AppContext,
  kind: ImportKind,
  uploadId: number,
  runner: ImportRunner = inlineRunner(ctx),
): Promise<void> {
  const up = await claimUpload(ctx.db, uploadId);
  if (up === 'busy') return queueUpload(ctx, kind, uploadId, new Date(Date.now() + OWNER_WAIT_MS));
  if (!up) return;
  let who: { label: string; audience: number } | undefined;
  try {
    who = kind.describe ? await kind.describe(ctx, up) : { label: up.originalName, audience: up.userId };
  } catch (e) {
    await releaseUpload(ctx.db, up).catch(() => {});
    throw e; // pg-boss retries the job
  }
  if (!who) return targetGone(ctx, kind, up);
  const progress = new Progress(ctx, kind, up, who.audience);
  if (up.attempts > MAX_ATTEMPTS) return giveUp(ctx, kind, up, progress, who.label, M.failed('too many attempts'));

  // One beat at a time: a beat still waiting (a slow database) is not joined by another on the pool.
  let beating = false;
  const heartbeat = setInterval(() => {
    if (beating) return;
    beating = true;
    void beat(ctx.db, up)
      .catch(() => {})
      .finally(() => (beating = false));
  }, HEARTBEAT_MS);
  try {
    const done = await runner(kind, up, who.label, {
      onBytes: (b) => progress.onBytes(b, up.fileSize),
      onRead: () => progress.report(READ_SHARE, true), // read: now merging
    });
    await finish(ctx, kind, up, progress, done);
  } catch (e) {
    if (e instanceof UploadTakenOver) return;
    if (e instanceof TargetGone) return targetGone(ctx, kind, up);
    if (e instanceof ImportStopped) {
      // Rolled back with the thread's connections: queued again, taken up by the next start (or another worker).
      await releaseUpload(ctx.db, up).catch(() => {});
      throw e;
    }
    if (isPermanent(e) || up.attempts >= MAX_ATTEMPTS) {
      const reason = isPermanent(e) ? reasonOf(e) : M.failed((e as Error).message);
      return giveUp(ctx, kind, up, progress, who.label, reason);
    }
    await logUpload(
      ctx.db.$client,
      kind.name,
      LogTypes.warning,
      `${short(up)}: run ${up.attempts} failed, will retry: ${(e as Error).message}`,
      up.id,
    );
    await releaseUpload(ctx.db, up).catch(() => {});
    throw e; // pg-boss retries the job
  } finally {
    clearInterval(heartbeat);
  }
}

/** After the commit: nothing here may undo or fail the import. The uploaded file goes (decision 1312). */
async function finish(ctx: AppContext, kind: ImportKind, up: Upload, progress: Progress, { merged, notice }: Imported) {
  await progress.final(kind.events.done(up, merged));
  const failuresPath = path.join(failuresDir(ctx, kind), `${up.id}.csv`);
  for (const f of merged.obsolete ?? []) if (f && f !== failuresPath) fs.rmSync(f, { force: true });
  fs.rmSync(up.filePath, { force: true });
  await pushNotification(ctx, notice);
}

/**
 * The upload failed for good: the target keeps what it had (`onFailed`: the list returns to idle), the
 * upload is failed, the uploader's notification and the log line stored, and the file, of no use any
 * more, removed, all before the commit; then the final event and the push.
 */
async function giveUp(
  ctx: AppContext,
  kind: ImportKind,
  up: Upload,
  progress: Progress,
  label: string,
  reason: string,
) {
  const outcome = await inTransaction(ctx.db, async (client) => {
    // The target first (it locks its row), then the upload: the lock order of every writer.
    const event = await kind.onFailed?.(client, up);
    if (!(await markFailed(client, up, reason))) throw new UploadTakenOver();
    const notice = await storeNotification(client, up.userId, {
      subject: kind.notice.subject,
      message: `${label}: ${reason}`,
      status: 'error',
    });
    await logLine(client, kind.name, LogTypes.error, `${short(up)}: ${reason}`, up.id);
    fs.rmSync(up.filePath, { force: true }); // should the commit fail, the retry finds no file: failed
    return { event, notice };
  }).catch((e) => {
    if (e instanceof UploadTakenOver) return undefined; // another run holds it now
    throw e;
  });
  if (!outcome) return;
  const { event, notice } = outcome;
  await progress.final(event ?? kind.events.failed(up, reason));
  await pushNotification(ctx, notice.event);
}

/**
 * The target was deleted meanwhile. Its deletion removes its uploads (the e-mail lists' trigger); an
 * upload row still there is failed. Either way its file has no use any more.
 */
async function targetGone(ctx: AppContext, kind: ImportKind, up: Upload) {
  if (await uploadExists(ctx.db, up.id)) {
    const client = await ctx.db.$client.connect();
    try {
      await markFailed(client, up, M.targetGone);
    } finally {
      client.release();
    }
  }
  fs.rmSync(up.filePath, { force: true });
  await logUpload(ctx.db.$client, kind.name, LogTypes.warning, `${short(up)}: ${M.targetGone}`);
}
