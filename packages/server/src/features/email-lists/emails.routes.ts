import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMAILS_PAGE_SIZE } from '@console/shared/hydra';
import { EmailListMessages as M, type EmailsDeleted, type EmailsPage } from '@console/shared/email-lists';
import { AppError, notFound } from '../../core/errors.ts';
import type { AuthUser } from '../../core/context.ts';
import type { Db } from '../../db/client.ts';
import { assertCanChange, visibleList } from './email-lists.service.ts';
import { deleteEmails, findEmails } from './emails.repo.ts';
import { acceptUpload } from './import/accept-upload.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const listId = z.coerce.number({ error: M.listNotFound }).int(M.listNotFound).positive(M.listNotFound);

/** `idsToDelete`: "1,2,3", a repeated form field, `idsToDelete[]`, or a JSON array. */
const ids = z.preprocess(
  (v) =>
    (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v])
      .flatMap((x) => String(x).split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  z.array(z.string().regex(/^\d+$/, 'Each id must be a number.').transform(Number)).min(1, M.nothingToDelete),
);
const batchBody = z.preprocess(
  (b) => {
    if (!b || typeof b !== 'object') return b;
    const o = b as Record<string, unknown>;
    return 'idsToDelete[]' in o && !('idsToDelete' in o) ? { ...o, idsToDelete: o['idsToDelete[]'] } : o;
  },
  z.object({ idsToDelete: ids, emailListId: listId }),
);

/** The list whose e-mails the user wants to change: 404 when they cannot see it, 403 when they only read it. */
async function changeableList(db: Db, user: AuthUser, id: number) {
  const list = await visibleList(db, user, id).catch((e) => {
    throw e instanceof AppError && e.status === 404 ? new AppError(404, { emailListId: M.listNotFound }) : e;
  });
  assertCanChange(list, user);
  return list;
}

/** The emails viewer (/email-list/{id}/emails) and its add, delete and batch delete. */
export const emailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const tags = ['email lists'];

  app.get(
    '/get-emails-list/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: z.object({
          _page: z.coerce.number().int().min(1).default(1),
          itemsPerPage: z.coerce.number().int().min(1).max(1000).default(EMAILS_PAGE_SIZE),
          email: z.string().optional(),
        }),
      },
    },
    async (req): Promise<EmailsPage> => {
      const list = await visibleList(db, req.user, req.params.id);
      const { _page, itemsPerPage, email } = req.query;
      const page = await findEmails(db, list.id, { email, limit: itemsPerPage, offset: (_page - 1) * itemsPerPage });
      return { ...page, emailListUsername: list.ownerUsername };
    },
  );

  app.post(
    '/delete-emails-list/:id',
    { schema: { tags, params: idParams, body: z.object({ emailListId: listId }) } },
    async (req): Promise<EmailsDeleted> => {
      const list = await changeableList(db, req.user, req.body.emailListId);
      const deleted = await deleteEmails(db, list.id, [req.params.id]);
      if (!deleted) throw notFound(M.emailNotFound);
      return { deleted };
    },
  );

  app.post('/batch-delete-emails', { schema: { tags, body: batchBody } }, async (req): Promise<EmailsDeleted> => {
    const list = await changeableList(db, req.user, req.body.emailListId);
    return { deleted: await deleteEmails(db, list.id, req.body.idsToDelete) };
  });

  app.post('/add-emails', { schema: { tags, consumes: ['multipart/form-data'] } }, async (req) =>
    acceptUpload(app.ctx, req),
  );
};
