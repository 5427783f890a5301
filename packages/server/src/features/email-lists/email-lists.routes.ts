import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '@console/shared/hydra';
import {
  EmailListMessages as M,
  SmartListColor,
  cloneEmailListSchema,
  emailListSchema,
  type EmailList,
  type EmailListPage,
  type SmartEmailList,
} from '@console/shared/email-lists';
import { hydra } from '../../core/hydra.ts';
import { notFound } from '../../core/errors.ts';
import { findList, findLists, findSmartLists, type SmartRow } from './email-lists.repo.ts';
import { cloneList, createList, deleteList, updateList, visibleList } from './email-lists.service.ts';
import { emailsRoutes } from './emails.routes.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const admin = { admin: true };
const tags = ['email lists'];

/** `category=7` or `category=/api/categories/7`; anything else is no filter. */
const categoryFilter = z
  .string()
  .optional()
  .transform((v) => {
    const n = Number(v?.split('/').pop());
    return Number.isInteger(n) && n > 0 ? n : undefined;
  });

/** docs/decisions/0205-smart-email-lists.md */
function colorOf(r: SmartRow): SmartEmailList['color'] {
  if (r.job !== null) return SmartListColor.uploading;
  if (r.total_counter === 0) return SmartListColor.empty;
  if (r.valid_counter === 0) return SmartListColor.noValid;
  return SmartListColor.ready;
}

export const emailListsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/email_lists',
    {
      schema: {
        tags,
        querystring: z.object({
          _page: z.coerce.number().int().min(1).default(1),
          itemsPerPage: z.coerce.number().int().min(1).max(1000).default(DEFAULT_PAGE_SIZE),
          name: z.string().optional(),
          category: categoryFilter,
        }),
      },
    },
    async (req): Promise<EmailListPage> => {
      const { _page, itemsPerPage, name, category } = req.query;
      return findLists(
        db,
        req.user,
        { name: name?.trim(), category },
        { limit: itemsPerPage, offset: (_page - 1) * itemsPerPage },
      );
    },
  );

  app.get('/email_lists/:id', { schema: { tags, params: idParams } }, async (req): Promise<EmailList> => {
    return (await findList(db, req.user, req.params.id)) ?? Promise.reject(notFound(M.listNotFound));
  });

  app.post('/email_lists', { config: admin, schema: { tags, body: emailListSchema } }, async (req, reply) => {
    return reply.status(201).send(await createList(app.ctx, req.user, req.body));
  });

  app.put(
    '/email_lists/:id',
    { config: admin, schema: { tags, params: idParams, body: emailListSchema } },
    async (req): Promise<EmailList> => updateList(app.ctx, req.user, req.params.id, req.body),
  );

  app.delete('/email_lists/:id', { config: admin, schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteList(app.ctx, req.user, req.params.id);
    return reply.status(204).send();
  });

  app.post('/clone-email-list', { config: admin, schema: { tags, body: cloneEmailListSchema } }, async (req, reply) => {
    return reply.status(201).send(await cloneList(app.ctx, req.user, req.body));
  });

  /** The failures of the list's latest upload: CSV `row,email,reason`. */
  app.get('/email_lists/failed/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    const list = await visibleList(db, req.user, req.params.id);
    if (!list.failedFile || !fs.existsSync(list.failedFile)) throw notFound('This email list has no upload failures.');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="email-list-${list.id}-failures.csv"`)
      .send(fs.createReadStream(list.failedFile));
  });

  /** The lists for selectors (campaign forms): `label` 'name (valid/total)', `color` the list's state. */
  app.get('/smart_email_lists', { schema: { tags } }, async (req) => {
    const rows = await findSmartLists(db, req.user);
    const items: SmartEmailList[] = rows.map((r) => ({
      id: r.id,
      label: `${r.name} (${r.valid_counter}/${r.total_counter})`,
      color: colorOf(r),
    }));
    return hydra(items, items.length);
  });

  await app.register(emailsRoutes);
};
