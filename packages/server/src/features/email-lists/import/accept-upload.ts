import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { EmailListMessages as M, type UploadAccepted } from '@console/shared/email-lists';
import type { AppContext } from '../../../core/context.ts';
import { AppError, invalid, loggable } from '../../../core/errors.ts';
import { assertCanChange } from '../../../core/access.ts';
import { isId } from '@console/shared/ids';
import { discard, isCsv, receiveUpload, type ReceivedFile } from '../../../core/uploads.ts';
import { visibleList } from '../email-lists.service.ts';
import type { ListAccess } from '../email-lists.repo.ts';
import { checkHeader } from './header.ts';
import { queueImport } from './recover.ts';
import { createUpload } from './uploads.repo.ts';

export const uploadsDir = (ctx: Pick<AppContext, 'env'>) => path.join(ctx.env.DATA_DIR, 'uploads', 'email-lists');

/** The list the caller may add e-mails to: 422/404 when it cannot be, 403 for an assigned user. */
async function targetList(ctx: AppContext, req: FastifyRequest, fields: Record<string, string>): Promise<ListAccess> {
  if (!isId(fields.emailListId)) throw invalid({ emailListId: M.listNotFound });
  const list = await visibleList(ctx.db, req.user, Number(fields.emailListId)).catch((e) => {
    throw e instanceof AppError && e.status === 404 ? new AppError(404, { emailListId: M.listNotFound }) : e;
  });
  assertCanChange(list, req.user);
  return list;
}

/**
 * POST /api/add-emails: the list and the caller's right to change it are checked when the file part
 * begins (the form sends emailListId first), so a refused upload stores nothing; the file is streamed to
 * disk, then its type and header row are checked, so that a file the import could never use is a 4xx and
 * changes nothing. An accepted file becomes an upload row and the list's job; the import runs in the
 * background.
 */
export async function acceptUpload(ctx: AppContext, req: FastifyRequest): Promise<UploadAccepted> {
  if (!req.isMultipart()) throw invalid({ emails: M.chooseFile });
  let list: ListAccess | undefined;
  const { fields, file } = await receiveUpload(req, 'emails', uploadsDir(ctx), {
    beforeFile: async (early) => {
      list = await targetList(ctx, req, early);
    },
  });
  try {
    return await accept(ctx, req, fields, list, file);
  } catch (e) {
    discard(file);
    throw e;
  }
}

async function accept(
  ctx: AppContext,
  req: FastifyRequest,
  fields: Record<string, string>,
  early: ListAccess | undefined,
  file?: ReceivedFile,
) {
  const missing: Record<string, string> = {};
  if (!isId(fields.emailListId)) missing.emailListId = M.listNotFound;
  // A browser form without a chosen file still sends an empty, nameless part.
  if (!file || (!file.filename && file.size === 0)) missing.emails = M.chooseFile;
  if (Object.keys(missing).length) throw invalid(missing);

  // Fields sent after the file (not a browser form) are checked now.
  const list = early ?? (await targetList(ctx, req, fields));
  if (!isCsv(file!)) throw invalid({ emails: M.notCsv });
  const header = await checkHeader(file!.path);
  if ('error' in header) throw invalid({ emails: header.error });

  const uploadId = await createUpload(ctx.db, {
    emailListId: list.id,
    userId: req.user.id,
    fileName: file!.filename.slice(0, 255),
    filePath: file!.path,
    fileSize: file!.size,
    context: fields.context?.slice(0, 255),
  });
  // From here the upload exists: should queueing fail, the recovery job queues it within a minute.
  await queueImport(ctx, uploadId).catch((e) =>
    req.log.error({ err: loggable(e) }, 'queueing an email-list import failed'),
  );
  return { message: M.uploadAccepted, jobId: uploadId };
}
