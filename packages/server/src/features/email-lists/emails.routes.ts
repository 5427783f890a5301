import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmailListMessages as M,
  emailsPageItem,
  type EmailsDeleted,
  type EmailsPage,
} from '@console/shared/email-lists';
import { emailHistoryResponse, type EmailHistory } from '@console/shared/address-history';
import { isBigId, isId } from '@console/shared/ids';
import { AppError, notFound } from '../../core/errors.ts';
import { assertCanChange, idParams } from '../../core/access.ts';
import type { AuthUser } from '../../core/context.ts';
import type { Db } from '../../db/client.ts';
import { visibleList } from './email-lists.service.ts';
import { deleteEmails, emailOfList, emailsCollection, ofList } from './emails.repo.ts';
import { addressHistory } from '../../suppression/address-history.ts';
import { acceptUpload } from './import/accept-upload.ts';
import { UPLOAD_ORDER_NOTE } from '../../core/imports/routes.ts';

const listId = z
  .union([z.number(), z.string()], { error: M.listNotFound })
  .refine(isId, M.listNotFound)
  .transform(Number);
/** E-mail ids are bigint: up to 2^53-1. */
const emailIdParams = z.object({ id: z.string().refine(isBigId, M.emailNotFound).transform(Number) });
const historyParams = z.object({
  id: z.string().refine(isId, M.listNotFound).transform(Number),
  emailId: z.string().refine(isBigId, M.emailNotFound).transform(Number),
});

/** `idsToDelete`: "1,2,3", a repeated form field, `idsToDelete[]`, or a JSON array; at most 10,000. */
const ids = z.preprocess(
  (v) =>
    (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v])
      .flatMap((x) => String(x).split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  z
    .array(z.string().refine(isBigId, 'Each id must be a number.').transform(Number))
    .min(1, M.nothingToDelete)
    .max(10_000, 'At most 10000 e-mails at once.'),
);
const batchBody = z.preprocess(
  (b) => {
    if (!b || typeof b !== 'object') return b;
    const o = b as Record<string, unknown>;
    return 'idsToDelete[]' in o && !('idsToDelete' in o) ? { ...o, idsToDelete: o['idsToDelete[]'] } : o;
  },
  z.object({ idsToDelete: ids, emailListId: listId }),
);

type EmailsPageRows = Omit<EmailsPage, 'emailListUsername'>;

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
    { schema: { tags, params: idParams, querystring: emailsCollection.query, response: { 200: emailsPageItem } } },
    async (req): Promise<EmailsPage> => {
      const list = await visibleList(db, req.user, req.params.id);
      const page = await emailsCollection.list(db, req.user, req.query, {
        where: ofList(list.id),
        total: req.query.email ? undefined : list.totalCounter,
      });
      return { ...(page as EmailsPageRows), emailListUsername: list.ownerUsername };
    },
  );

  // An address's history as the list's user may see it (decision 1480): an administrator sees every event,
  // anyone else those of their own campaigns.
  app.get(
    '/email_lists/:id/emails/:emailId/history',
    { schema: { tags, params: historyParams, response: { 200: emailHistoryResponse } } },
    async (req): Promise<EmailHistory> => {
      const list = await visibleList(db, req.user, req.params.id);
      const email = await emailOfList(db, list.id, req.params.emailId);
      if (email === undefined) throw notFound(M.emailNotFound);
      const viewer = req.user.isAdmin ? null : req.user.id;
      return { email, history: await addressHistory(db.$client, email, viewer) };
    },
  );

  app.post(
    '/delete-emails-list/:id',
    { schema: { tags, params: emailIdParams, body: z.object({ emailListId: listId }) } },
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

  app.post(
    '/add-emails',
    { schema: { tags, consumes: ['multipart/form-data'], description: UPLOAD_ORDER_NOTE } },
    async (req) => acceptUpload(app.ctx, req),
  );
};
