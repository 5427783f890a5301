import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { EmailListMessages as M, type UploadAccepted } from '@console/shared/email-lists';
import type { AppContext } from '../../../core/context.ts';
import { AppError, invalid } from '../../../core/errors.ts';
import { discard, isCsv, receiveUpload, type ReceivedFile } from '../../../core/uploads.ts';
import { assertCanChange, visibleList } from '../email-lists.service.ts';
import { checkHeader } from './header.ts';
import { queueImport } from './recover.ts';
import { createUpload } from './uploads.repo.ts';

export const uploadsDir = (ctx: Pick<AppContext, 'env'>) => path.join(ctx.env.DATA_DIR, 'uploads', 'email-lists');

/**
 * POST /api/add-emails: the file is streamed to disk, then everything that can be known at once is
 * checked (the list, the caller's right to change it, the file's presence, type and header row) so that
 * a file the import could never use is a 4xx and changes nothing. An accepted file becomes an upload row
 * and the list's job; the import itself runs in the background.
 */
export async function acceptUpload(ctx: AppContext, req: FastifyRequest): Promise<UploadAccepted> {
  if (!req.isMultipart()) throw invalid({ emails: M.chooseFile });
  const { fields, file } = await receiveUpload(req, 'emails', uploadsDir(ctx));
  try {
    return await accept(ctx, req, fields, file);
  } catch (e) {
    discard(file);
    throw e;
  }
}

async function accept(ctx: AppContext, req: FastifyRequest, fields: Record<string, string>, file?: ReceivedFile) {
  const listId = Number(fields.emailListId);
  const missing: Record<string, string> = {};
  if (!Number.isInteger(listId) || listId <= 0) missing.emailListId = M.listNotFound;
  // A browser form without a chosen file still sends an empty, nameless part.
  if (!file || (!file.filename && file.size === 0)) missing.emails = M.chooseFile;
  if (Object.keys(missing).length) throw invalid(missing);

  const list = await visibleList(ctx.db, req.user, listId).catch((e) => {
    throw e instanceof AppError && e.status === 404 ? new AppError(404, { emailListId: M.listNotFound }) : e;
  });
  assertCanChange(list, req.user);
  if (!isCsv(file!)) throw invalid({ emails: M.notCsv });
  const header = await checkHeader(file!.path);
  if ('error' in header) throw invalid({ emails: header.error });

  const uploadId = await createUpload(ctx.db, {
    emailListId: list.id,
    userId: req.user.id,
    fileName: file!.filename,
    filePath: file!.path,
    fileSize: file!.size,
    context: fields.context,
  });
  // From here the upload exists: should queueing fail, the recovery job queues it within a minute.
  await queueImport(ctx, uploadId).catch((e) => req.log.error(e, 'queueing an email-list import failed'));
  return { message: M.uploadAccepted, jobId: uploadId };
}
