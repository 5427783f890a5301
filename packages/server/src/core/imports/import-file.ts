import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { CsvError } from 'csv-parse';
import { capNameOf, LogTypes, UploadMessages as M } from '@console/shared/uploads';
import type { RunContext } from '../context.ts';
import type { NotificationEvent } from '@console/shared/hub';
import { storeNotification } from '../notify.ts';
import { writeFailures } from './failures.ts';
import { ImportFileError, TargetGone, UploadTakenOver, type ImportKind, type Merged, type MergeRun } from './kind.ts';
import type { Upload } from './kind.ts';
import { logLine } from './log.ts';
import { stageFile } from './stage.ts';
import { transaction } from '../../db/transaction.ts';
import { lockOwned, markDone } from './uploads.repo.ts';

/** The run's own connection: room for the sort of a million rows and the TEMP staging table. */
const SESSION = `set temp_buffers = '256MB'; set work_mem = '256MB'`;

export const failuresDir = (ctx: Pick<RunContext, 'env'>, kind: Pick<ImportKind, 'name'>) =>
  path.join(ctx.env.DATA_DIR, 'upload-failures', kind.name);

/** The most rows one file of `kind` may hold (decision 1311: the defaults, IMPORT_MAX_ROWS over them). */
export const rowCap = (ctx: Pick<RunContext, 'env'>, kind: Pick<ImportKind, 'kind'>) =>
  ctx.env.IMPORT_MAX_ROWS[capNameOf(kind.kind)];

export const short = (up: Upload) => `Upload #${up.id} (${up.originalName.slice(0, 200)})`;

/** What a committed import hands back to the thread that answers requests: the outcome and the push. */
export interface Imported {
  merged: Merged;
  notice: NotificationEvent;
}

/** How the heavy part tells the run how far it is: bytes read, then "read, now merging". */
export interface ImportHooks {
  onBytes(bytes: number): void;
  onRead(): void;
}

/**
 * The heavy part of one run of a claimed upload, all of it in the import thread (core/imports/thread.ts):
 * the file is staged by the kind's parser into a TEMP table of the run's own connection, so a retry redoes
 * it from the file; only the merge transaction changes anything (on a kind's direct path the read is inside
 * that transaction). Throws what run.ts classifies (a file the import can never take, a lost target, a
 * takeover, anything else to retry).
 */
export async function importFile(
  ctx: RunContext,
  kind: ImportKind,
  up: Upload,
  label: string,
  hooks: ImportHooks,
): Promise<Imported> {
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  client.on('error', () => {}); // a dropped connection fails the running query, which gives the upload back
  try {
    await client.connect();
    await client.query(SESSION);
    const parser = await kind.parser(ctx, up);
    fs.mkdirSync(failuresDir(ctx, kind), { recursive: true, mode: 0o700 });
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
    const cap = rowCap(ctx, kind);
    // Read the file (into the target itself when `into` is given), then the kind's work on the staged rows.
    const read = async (into?: string) => {
      const started = performance.now();
      run.rows = await stageFile(client, kind, parser, up.filePath, hooks.onBytes, into, cap);
      const staged = performance.now();
      await kind.prepare?.(client, run);
      hooks.onRead();
      return { stageMs: Math.round(staged - started), prepareMs: Math.round(performance.now() - staged) };
    };
    // The kind's direct path when its target allows it: the read, `prepare` and the merge in one transaction.
    let done = kind.direct
      ? await transaction(client, async () => {
          const into = await kind.direct!(client, run);
          if (into === undefined) return undefined;
          run.direct = true;
          return mergeAndMarkDone(client, kind, run, label, await read(into));
        })
      : undefined;
    if (!done) {
      const timings = await read(); // outside any lock
      done = await transaction(client, () => mergeAndMarkDone(client, kind, run, label, timings));
    }
    return done;
  } finally {
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
): Promise<Imported> {
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
  return { merged, notice: notice.event };
}

/** Errors that a retry would meet again: the file's fault, or its data refused by PostgreSQL. */
export function isPermanent(e: unknown): boolean {
  if (e instanceof ImportFileError || e instanceof CsvError) return true;
  const code = (e as { code?: string }).code;
  // 22xxx: data exceptions (a value PostgreSQL refuses); ENOENT: the uploaded file is gone.
  return code === 'ENOENT' || (typeof code === 'string' && code.startsWith('22'));
}

export function reasonOf(e: unknown): string {
  if (e instanceof ImportFileError) return e.message;
  if (e instanceof CsvError) return M.malformed(e.message);
  if ((e as { code?: string }).code === 'ENOENT') return M.fileMissing;
  return M.malformed((e as Error).message);
}

/** An error as it crosses from the import thread: what run.ts needs to tell the cases apart. */
export type WireError =
  { as: 'file'; reason: string } | { as: 'gone' } | { as: 'taken' } | { as: 'retry'; message: string };

export function toWire(e: unknown): WireError {
  if (e instanceof TargetGone) return { as: 'gone' };
  if (e instanceof UploadTakenOver) return { as: 'taken' };
  if (isPermanent(e)) return { as: 'file', reason: reasonOf(e) };
  return { as: 'retry', message: (e as Error)?.message ?? String(e) };
}

export function fromWire(w: WireError): Error {
  if (w.as === 'gone') return new TargetGone();
  if (w.as === 'taken') return new UploadTakenOver();
  if (w.as === 'file') return new ImportFileError(w.reason);
  return new Error(w.message);
}
