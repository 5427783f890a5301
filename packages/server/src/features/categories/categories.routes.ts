import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryCreateSchema, categoryItem, categoryNodeItem, categoryUpdateSchema } from '@console/shared/categories';
import { found, idParams } from '../../core/access.ts';
import { categoriesCollection, categoryTree, findCategory } from './categories.repo.ts';
import { createCategory, deleteCategory, updateCategory } from './categories.service.ts';

const tags = ['categories'];
// Reads are open to every signed-in user: the email-list and offer forms need the category select.
const admin = { admin: true };

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  /** The spec's tree form: [{id, text, children: [...]}], every level ordered by name. */
  app.get(
    '/categories/tree',
    { config: { scope: 'global' }, schema: { tags, response: { 200: z.array(categoryNodeItem) } } },
    async () => categoryTree(db),
  );

  categoriesCollection.serveList(app, '/categories', { tags });

  app.get('/categories/:id', { schema: { tags, params: idParams, response: { 200: categoryItem } } }, async (req) =>
    found(await findCategory(db, req.params.id)),
  );

  app.post(
    '/categories',
    { config: admin, schema: { tags, body: categoryCreateSchema, response: { 201: categoryItem } } },
    async (req, reply) => reply.status(201).send(await createCategory(db, req.body)),
  );

  app.put(
    '/categories/:id',
    { config: admin, schema: { tags, params: idParams, body: categoryUpdateSchema, response: { 200: categoryItem } } },
    async (req) => updateCategory(db, req.params.id, req.body),
  );

  app.delete('/categories/:id', { config: admin, schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteCategory(db, req.params.id);
    return reply.status(204).send();
  });
};
