import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FILE_ACCEPTED,
  fileAcceptedItem,
  ROW_CAP_NAMES,
  UploadKinds,
  uploadedFileItem,
  uploadFilesQuery,
  uploadLimitsItem,
  type FileAccepted,
} from '@console/shared/uploads';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { acceptUpload, type KindChoice } from './accept.ts';
import type { ImportKind } from './kind.ts';
import { filesInProgress } from './uploads.repo.ts';
import { mine } from '../access.ts';
import { uploads } from '../../db/schema/index.ts';

/** GET /api/upload_files?type=: the caller's files of one kind still in progress (spec 2, listed at load). */
export const uploadFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/upload_files',
    {
      config: { scope: mine(uploads.userId) },
      schema: { tags: ['uploads'], querystring: uploadFilesQuery, response: { 200: z.array(uploadedFileItem) } },
    },
    async (req) => filesInProgress(app.ctx.db, req.user.id, req.query.type),
  );
  // What the upload dialogs tell before a file is chosen: "At most N rows per file" (decision 1311).
  app.get(
    '/upload_limits',
    {
      schema: {
        tags: ['uploads'],
        description: 'The most data rows one file of each upload kind may hold, by kind number (IMPORT_MAX_ROWS).',
        response: { 200: uploadLimitsItem },
      },
    },
    async () => Object.fromEntries(ROW_CAP_NAMES.map((n) => [String(UploadKinds[n]), app.ctx.env.IMPORT_MAX_ROWS[n]])),
  );
};

/** How every upload route reads its multipart form (the OpenAPI description of each; issue 22). */
export const UPLOAD_ORDER_NOTE =
  'multipart/form-data. Send the form fields (e.g. serverId and groupId) before the file part, as browsers do: ' +
  'the request is then checked before the file is stored. Fields sent after the file are read too, and ' +
  'checked once the whole file has arrived.';

/** The route schema of a file upload of any kind: multipart in, the accepted file out (200, as the spec has it). */
export const fileUploadSchema = (tag: string) => ({
  tags: [tag],
  description: UPLOAD_ORDER_NOTE,
  response: { 200: fileAcceptedItem },
});

/** Accepts one file of `kind` (core/imports/accept.ts) and answers the file with the spec's accepted text. */
export async function acceptFile(
  ctx: AppContext,
  req: FastifyRequest,
  kind: ImportKind | KindChoice,
): Promise<FileAccepted> {
  const upload = await acceptUpload(ctx, req, kind);
  return { id: upload.id, originalName: upload.originalName, completion: 0, message: FILE_ACCEPTED };
}
