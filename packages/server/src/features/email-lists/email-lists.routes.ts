import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EmailListMessages as M,
  cloneEmailListSchema,
  emailListItem,
  smartEmailListItem,
  emailListSchema,
  type EmailList,
} from '@console/shared/email-lists';
import { hydraOf } from '@console/shared/hydra';
import { found, idParams } from '../../core/access.ts';
import { emailListsCollection, findList } from './email-lists.repo.ts';
import { cloneList, createList, deleteList, failuresFile, smartLists, updateList } from './email-lists.service.ts';
import { emailsRoutes } from './emails.routes.ts';

const admin = { admin: true };
const tags = ['email lists'];

export const emailListsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  emailListsCollection.serveList(app, '/email_lists', { tags });

  app.get(
    '/email_lists/:id',
    { schema: { tags, params: idParams, response: { 200: emailListItem } } },
    async (req): Promise<EmailList> => found(await findList(db, req.user, req.params.id), M.listNotFound),
  );

  app.post(
    '/email_lists',
    { config: admin, schema: { tags, body: emailListSchema, response: { 201: emailListItem } } },
    async (req, reply) => {
      return reply.status(201).send(await createList(app.ctx, req.user, req.body));
    },
  );

  app.put(
    '/email_lists/:id',
    { config: admin, schema: { tags, params: idParams, body: emailListSchema, response: { 200: emailListItem } } },
    async (req): Promise<EmailList> => updateList(app.ctx, req.user, req.params.id, req.body),
  );

  app.delete('/email_lists/:id', { config: admin, schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteList(app.ctx, req.user, req.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/clone-email-list',
    { config: admin, schema: { tags, body: cloneEmailListSchema, response: { 201: emailListItem } } },
    async (req, reply) => {
      return reply.status(201).send(await cloneList(app.ctx, req.user, req.body));
    },
  );

  /** The failures of the list's latest upload: CSV `row,email,reason`. */
  app.get('/email_lists/failed/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    const { list, file } = await failuresFile(db, req.user, req.params.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="email-list-${list.id}-failures.csv"`)
      .send(file);
  });

  /** The lists for selectors (campaign forms): `label` 'name (valid/total)', `color` the list's state. */
  app.get(
    '/smart_email_lists',
    { config: { scope: emailListsCollection.scope }, schema: { tags, response: { 200: hydraOf(smartEmailListItem) } } },
    async (req) => {
      const items = await smartLists(db, req.user);
      return { 'hydra:member': items, 'hydra:totalItems': items.length };
    },
  );

  await app.register(emailsRoutes);
};
