import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { CsvError } from 'csv-parse';
import { EmailListMessages as M } from '@console/shared/email-lists';
import type { AppContext } from '../../../core/context.ts';
import { notifyUser } from '../../../core/notify.ts';
import { loadProviderMap } from '../../mail-providers/provider-of.ts';
import { ImportFileError } from './csv-to-tsv.ts';
import { stageFile } from './stage.ts';
import { MergeAbandoned, classification, markDuplicatesInFile, merge, sortCollation } from './merge.ts';
import { Progress, READ_SHARE } from './progress.ts';
import { claimUpload, failUpload, releaseUpload, type ClaimedUpload } from './uploads.repo.ts';

/** Runs of one upload before it is given up (pg-boss retries plus re-queues by the recovery). */
export const MAX_ATTEMPTS = 5;
const HEARTBEAT_MS = 10_000;

export const failuresDir = (ctx: Pick<AppContext, 'env'>) => path.join(ctx.env.DATA_DIR, 'email-list-failures');

/** Errors that a retry would meet again: the file's fault, or the list is gone. */
function isPermanent(e: unknown): boolean {
  if (e instanceof ImportFileError || e instanceof CsvError) return true;
  const code = (e as { code?: string }).code;
  // 22xxx: data exceptions (a value PostgreSQL refuses); ENOENT: the uploaded file is gone.
  return code === 'ENOENT' || (typeof code === 'string' && code.startsWith('22'));
}

function describe(e: unknown): string {
  if (e instanceof ImportFileError) return e.message;
  if (e instanceof CsvError) return M.malformed(e.message);
  if ((e as { code?: string }).code === 'ENOENT') return 'The uploaded file is missing.';
  return M.malformed((e as Error).message);
}

/**
 * The import job of one upload (email-lists.jobs.ts). Idempotent, keyed by the upload id: a run first
 * claims the upload (queued, or processing with a dead heartbeat); an upload that is done, failed or
 * being run elsewhere is skipped. Staging lives in TEMP tables of the run's own connection, so a retry
 * redoes it from the file; only the final transaction (merge.ts) changes the list.
 */
export async function runImport(ctx: AppContext, uploadId: number): Promise<void> {
  const up = await claimUpload(ctx.db, uploadId);
  if (!up) return;
  const progress = new Progress(ctx, up.emailListId, up.id, up.ownerId);
  const beat = setInterval(() => {
    ctx.db.$client
      .query('update email_list_uploads set heartbeat_at = now() where id = $1 and attempts = $2', [up.id, up.attempts])
      .catch(() => {});
  }, HEARTBEAT_MS);
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  try {
    await client.connect();
    // Session settings of this connection only: room for the sort of the ranking and the temp tables.
    await client.query(`set temp_buffers = '256MB'; set work_mem = '256MB'`);
    const started = performance.now();
    const providers = await loadProviderMap(ctx.db);
    const counts = await stageFile(client, {
      file: up.filePath,
      domains: providers.domains,
      otherId: providers.otherId,
      onBytes: (bytes) => progress.onBytes(bytes, up.fileSize),
    });
    const staged = performance.now();
    const dupInFile = await markDuplicatesInFile(client);
    progress.report(READ_SHARE, true); // read: now merging
    fs.mkdirSync(failuresDir(ctx), { recursive: true });
    const r = await merge(client, {
      listId: up.emailListId,
      uploadId: up.id,
      attempt: up.attempts,
      rows: counts.rows,
      bad: counts.bad,
      dupInFile,
      timings: { stageMs: Math.round(staged - started), duplicatesMs: Math.round(performance.now() - staged) },
      failedPath: path.join(failuresDir(ctx), `${up.emailListId}-${up.id}.csv`),
      sortCollation: await sortCollation(client),
      classify: await classification(client),
    });
    await progress.final({ emailListId: up.emailListId, completion: r.completion, jobId: r.job });
    if (
      r.previousFailedFile &&
      r.previousFailedFile !== path.join(failuresDir(ctx), `${up.emailListId}-${up.id}.csv`)
    ) {
      fs.rmSync(r.previousFailedFile, { force: true });
    }
    fs.rmSync(up.filePath, { force: true });
    await notifyUser(ctx, up.userId, {
      subject: M.notifySubject,
      message: `${r.listName}: ${r.inserted} added, ${r.inserted - r.valid} invalid, ${r.failed} failed`,
      status: 'success',
    });
  } catch (e) {
    if (e instanceof MergeAbandoned) {
      // The list (and with it the upload row) was deleted meanwhile: the file has no owner any more.
      const { rowCount } = await ctx.db.$client.query('select 1 from email_list_uploads where id = $1', [up.id]);
      if (!rowCount) fs.rmSync(up.filePath, { force: true });
      return;
    }
    if (isPermanent(e) || up.attempts >= MAX_ATTEMPTS) {
      await giveUp(ctx, up, progress, isPermanent(e) ? describe(e) : `The import failed: ${(e as Error).message}`);
      return;
    }
    await releaseUpload(ctx.db, up).catch(() => {});
    throw e; // pg-boss retries the job
  } finally {
    clearInterval(beat);
    await client.end().catch(() => {});
  }
}

/** The upload failed for good: the list keeps what it had, the uploader is told why. */
async function giveUp(ctx: AppContext, up: ClaimedUpload, progress: Progress, reason: string) {
  const list = await failUpload(ctx.db, up, reason);
  fs.rmSync(up.filePath, { force: true });
  if (list) await progress.final({ emailListId: up.emailListId, completion: list.completion, jobId: list.job });
  await notifyUser(ctx, up.userId, {
    subject: M.notifySubject,
    message: `${up.listName}: ${reason}`,
    status: 'error',
  });
}
