// @ts-nocheck
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { CsvError } from 'csv-parse';
import { LogTypes, UploadMessages as M } from '@console/shared/uploads';
import type { AppContext } from '../context.ts';
import { pushNotification, storeNotification } from '../notify.ts';
import { writeFailures } from './failures.ts';
import { ImportFileError, TargetGone, UploadTakenOver, type ImportKind, type MergeRun, type Upload } from './kind.ts';
import { logLine, logUpload } from './log.ts';
import { Progress, READ_SHARE } from './progress.ts';
import { stageFile } from './stage.ts';
import { inTransaction, transaction } from '../../db/transaction.ts';
import { beat, claimUpload, lockOwned, markDone, markFailed, releaseUpload, uploadExists } from './uploads.repo.ts';

/** Runs of one upload before it is given up (pg-boss retries plus re-queues by the recovery). */
export const MAX_ATTEMPTS = 5;
const HEARTBEAT_MS = 10_000;
/** The run's own connection: room for the sort of a million rows and the TEMP staging table. */
const SESSION = `set temp_buffers = '256MB'; set work_mem = '256MB'`;

export const failuresDir = (ctx: Pick<AppContext, 'env'>, kind: Pick<ImportKind, 'name'>) =>
  path.join(ctx.env.DATA_DIR, 'upload-failures', kind.name);

/** Errors that a retry would meet again: the file's fault, or its data refused by PostgreSQL. */
function isPermanent(e: unknown): boolean {
  if (e instanceof ImportFileError || e instanceof CsvError) return true;
  const code = (e as { code?: string }).code;
  // 22xxx: data exceptions (a value PostgreSQL refuses); ENOENT: the uploaded file is gone.
  return code === 'ENOENT' || (typeof code === 'string' && code.startsWith('22'));
}

function reasonOf(e: unknown): string {
  if (e instanceof ImportFileError) return e.message;
  if (e instanceof CsvError) return M.malformed(e.message);
  if ((e as { code?: string }).code === 'ENOENT') return M.fileMissing;
  return M.malformed((e as Error).message);
}

const short = (up: Upload) => `Upload #${up.id} (${up.originalName.slice(0, 200)})`;

/**
 * One run of an upload: the job of every kind. Idempotent, keyed by the upload id: a run first claims the
 * upload (queued, or processing with a dead heartbeat); one that is done, failed or being run elsewhere
 * is skipped. The file is staged by the kind's parser into a TEMP table of the run's own connection, so
 * a retry redoes it from the file; only the merge transaction changes anything (on a kind's direct path
 * the read is inside that transaction). A file the import can
 * never take (or a run past MAX_ATTEMPTS) fails the upload for good; anything else hands it back to
 * pg-boss for a retry.
 */
export async function runUpload(ctx: AppContext, kind: ImportKind, uploadId: number): Promise<void> {
  const up = await claimUpload(ctx.db, uploadId);
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
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  client.on('error', () => {}); // a dropped connection fails the running query, which gives the upload back
  try {
    await client.connect();
    await client.query(SESSION);
    const parser = await kind.parser(ctx, up);
    fs.mkdirSync(failuresDir(ctx, kind), { recursive: true });
    const run: MergeRun<typeof parser> = {
      upload: up,
      parser,
      rows: 0,
      direct: false,
      failuresPath: path.join(failuresDir(ctx, kind), `${up.id}.csv`),
      holdUpload: async () => {
        if (!(await lockOwned(client, up))) throw new UploadTakenOver();
      },
    };
    // Read the file (into the target itself when `into` is given), then the kind's work on the staged rows.
    const read = async (into?: string) => {
      const started = performance.now();
      run.rows = await stageFile(client, kind, parser, up.filePath, (b) => progress.onBytes(b, up.fileSize), into);
      const staged = performance.now();
      await kind.prepare?.(client, run);
      progress.report(READ_SHARE, true); // read: now merging
      return { stageMs: Math.round(staged - started), prepareMs: Math.round(performance.now() - staged) };
    };
    // The kind's direct path when its target allows it: the read, `prepare` and the merge in one transaction.
    let done = kind.direct
      ? await transaction(client, async () => {
          const into = await kind.direct!(client, run);
          if (into === undefined) return undefined;
          run.direct = true;
          return mergeAndMarkDone(client, kind, run, who.label, await read(into));
        })
      : undefined;
    if (!done) {
      const timings = await read(); // outside any lock
      done = await transaction(client, () => mergeAndMarkDone(client, kind, run, who.label, timings));
    }
    await finish(ctx, kind, up, progress, run, done);
  } catch (e) {
    if (e instanceof UploadTakenOver) return;
    if (e instanceof TargetGone) return targetGone(ctx, kind, up);
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
    await client.end().catch(() => {});
  }
}

/**
 * The merge, inside the run's ONE transaction. The kind merges the staged rows (locking its target first,
 * then the upload through `holdUpload`: the lock order of every writer), the failures file is written from
 * the staged rows that have a reason, and the upload becomes done with its counts, still only if this run
 * holds it; the uploader's notification and the log line are stored with it, so they exist exactly when it
 * does.
 */
async function mergeAndMarkDone<P>(
  client: pg.Client,
  kind: ImportKind,
  run: MergeRun<P>,
  label: string,
  timings: { stageMs: number; prepareMs: number },
) {
  const started = performance.now();
  const merged = await kind.merge(client, run as MergeRun<never>);
  if (merged.failed > 0) await writeFailures(client, run.failuresPath, kind.stage.failureColumns);
  const done = await markDone(client, run.upload, {
    rows: run.rows,
    inserted: merged.inserted,
    failed: merged.failed,
    stats: {
      ...merged.stats,
      timings: { ...timings, mergeMs: Math.round(performance.now() - started), direct: run.direct },
    },
  });
  if (!done) throw new UploadTakenOver();
  const message = kind.notice.done(label, merged);
  const notice = await storeNotification(client, run.upload.userId, { subject: kind.notice.subject, message });
  await logLine(client, kind.name, LogTypes.info, `${short(run.upload)}: ${message}`, run.upload.id);
  return { merged, notice };
}

/** After the commit: nothing here may undo or fail the import. */
async function finish(
  ctx: AppContext,
  kind: ImportKind,
  up: Upload,
  progress: Progress,
  run: MergeRun<unknown>,
  { merged, notice }: Awaited<ReturnType<typeof mergeAndMarkDone>>,
) {
  await progress.final(kind.events.done(up, merged));
  for (const f of merged.obsolete ?? []) if (f && f !== run.failuresPath) fs.rmSync(f, { force: true });
  fs.rmSync(up.filePath, { force: true });
  await pushNotification(ctx, notice.event);
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
