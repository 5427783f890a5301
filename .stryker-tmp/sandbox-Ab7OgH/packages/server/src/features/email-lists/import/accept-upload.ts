// @ts-nocheck
import type { FastifyRequest } from 'fastify';
import { EmailListMessages as M, type UploadAccepted } from '@console/shared/email-lists';
import type { AppContext } from '../../../core/context.ts';
import { acceptUpload as accept, uploadsDir as dirOf } from '../../../core/imports/accept.ts';
import { emailListImport } from './kind.ts';

export const uploadsDir = (ctx: Pick<AppContext, 'env'>) => dirOf(ctx, emailListImport);

/** POST /api/add-emails (core/imports/accept.ts): the answer names the upload, the list's job. */
export async function acceptUpload(ctx: AppContext, req: FastifyRequest): Promise<UploadAccepted> {
  const upload = await accept(ctx, req, emailListImport);
  return { message: M.uploadAccepted, jobId: upload.id };
}
