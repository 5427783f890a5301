// @ts-nocheck
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { LogTypes, UploadMessages as M } from '@console/shared/uploads';
import type { AppContext } from '../context.ts';
import { AppError, invalid, loggable } from '../errors.ts';
import { discard, isCsv, receiveUpload, type ReceivedFile } from '../uploads.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { ImportKind, Target, Upload } from './kind.ts';
import { logLine } from './log.ts';
import { queueUpload } from './queue.ts';
import { insertUpload } from './uploads.repo.ts';

export const uploadsDir = (ctx: Pick<AppContext, 'env'>, kind: Pick<ImportKind, 'name' | 'folder'>) =>
  path.join(ctx.env.DATA_DIR, 'uploads', kind.folder ?? kind.name);

/**
 * One upload route for several kinds (the PMTA servers' `type`: simple or with relays): the kinds share
 * the file field and the folder, and the request's fields sent before the file pick the kind.
 */
export interface KindChoice {
  fileField: string;
  folder: string;
  /** The kind the fields ask for; a 4xx when they name none. */
  choose: (fields: Record<string, string>) => ImportKind;
}

/**
 * An upload request of any kind. The kind's own checks (its target exists and is the caller's) run when
 * the file part begins, with the fields sent before it (forms send them first), so a refused upload
 * stores nothing; when they only miss fields not sent yet, they run once the whole form is read (fields
 * after the file, issue 22); the file is streamed to disk (core/uploads.ts removes it on every error path); then its
 * type and first record are checked, so that a file the import could never use is a 4xx and changes
 * nothing. An accepted file becomes an uploads row and a job; the import runs in the background.
 */
export async function acceptUpload(
  ctx: AppContext,
  req: FastifyRequest,
  kindOrChoice: ImportKind | KindChoice,
): Promise<Upload> {
  const choice: KindChoice =
    'choose' in kindOrChoice
      ? kindOrChoice
      : {
          fileField: kindOrChoice.fileField,
          folder: kindOrChoice.folder ?? kindOrChoice.name,
          choose: () => kindOrChoice,
        };
  const field = choice.fileField;
  if (!req.isMultipart()) throw invalid({ [field]: M.chooseFile });
  let kind: ImportKind | undefined;
  let target: Target | undefined;
  const received = await receiveUpload(req, field, uploadsDir(ctx, { name: choice.folder }), {
    // A client that sends its fields after the file (issue 22): the file streams to disk as usual and the
    // checks run on the whole form once it is read; a refusal then removes the file.
    beforeFile: unlessSentLater(async (early) => {
      kind = undefined;
      const chosen = choice.choose(early);
      target = await chosen.target(ctx, req, early);
      kind = chosen;
    }),
  });
  return acceptReceived(ctx, req, kind ?? choice.choose(received.fields), received, target);
}

/**
 * A `beforeFile` check that lets fields come after the file: a refusal that only names fields not sent
 * yet waits for the whole form (the caller checks again then); any other refusal stops the upload at once.
 */
export const unlessSentLater =
  (check: (fields: Record<string, string>) => Promise<unknown>) => async (fields: Record<string, string>) => {
    try {
      await check(fields);
    } catch (e) {
      if (!onlyMissing(e, fields)) throw e;
    }
  };

/** Whether a refusal only names fields the request has not sent yet (so they may still come after the file). */
function onlyMissing(e: unknown, sent: Record<string, string>): boolean {
  if (!(e instanceof AppError) || e.status !== 422 || typeof e.error !== 'object' || e.error === null) return false;
  const named = Object.keys(e.error);
  return named.length > 0 && named.every((k) => !(k in sent));
}

/**
 * The second half of `acceptUpload`, for a route that read the request itself (a form that carries a
 * file or, without one, a single entry: the unsubscribers' create): checks the file and records the upload.
 */
export async function acceptReceived(
  ctx: AppContext,
  req: FastifyRequest,
  kind: ImportKind,
  { fields, file }: { fields: Record<string, string>; file?: ReceivedFile },
  target?: Target,
): Promise<Upload> {
  const field = kind.fileField;
  try {
    // A browser form without a chosen file still sends an empty, nameless part.
    if (!hasFile(file)) throw await noFile(ctx, req, kind, fields);
    target ??= await kind.target(ctx, req, fields);
    if (!isCsv(file)) throw invalid({ [field]: M.notCsv });
    const refused = await kind.checkHeader(file.path);
    if (refused) throw invalid({ [field]: refused });
    return await record(ctx, req, kind, file, target);
  } catch (e) {
    discard(file);
    throw e;
  }
}

/** Whether a form really sent a file (a browser sends an empty, nameless part when none was chosen). */
export const hasFile = (file: ReceivedFile | undefined): file is ReceivedFile =>
  Boolean(file && (file.filename || file.size > 0));

/** 422 for the missing file, with the fields' own 422 messages in the same answer (a form that sent neither). */
async function noFile(ctx: AppContext, req: FastifyRequest, kind: ImportKind, fields: Record<string, string>) {
  const missing = { [kind.fileField]: M.chooseFile };
  try {
    await kind.target(ctx, req, fields);
  } catch (e) {
    if (e instanceof AppError && e.status === 422 && typeof e.error === 'object')
      return invalid({ ...e.error, ...missing });
  }
  return invalid(missing);
}

/** The uploads row and the kind's side (the list's running job) in one transaction, then the job. */
async function record(ctx: AppContext, req: FastifyRequest, kind: ImportKind, file: ReceivedFile, target: Target) {
  const upload = await inTransaction(ctx.db, async (client) => {
    const row = await insertUpload(client, {
      kind: kind.kind,
      userId: req.user.id,
      targetId: target.id ?? null,
      originalName: file.filename.slice(0, 255),
      filePath: file.path,
      fileSize: file.size,
      params: target.params,
    });
    await kind.onAccepted?.(client, row);
    await logLine(
      client,
      kind.name,
      LogTypes.info,
      `Upload #${row.id} (${row.originalName}) accepted from user #${row.userId}: ${file.size} bytes`,
      row.id,
    );
    return row;
  });
  // From here the upload exists: should queueing fail, the recovery job queues it within a minute.
  await queueUpload(ctx, kind, upload.id).catch((e) =>
    req.log.error({ err: loggable(e) }, `queueing a ${kind.name} import failed`),
  );
  return upload;
}
