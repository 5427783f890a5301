import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryCreateSchema, categoryUpdateSchema } from '@console/shared/categories';
import { collectionQuery, hydra, pageOf, wantsSelect } from '../../core/hydra.ts';
import { notFound } from '../../core/errors.ts';
import { categoriesWhere, categoryTree, findCategories, findCategory, selectCategories } from './categories.repo.ts';
import { createCategory, deleteCategory, updateCategory } from './categories.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const tags = ['categories'];
// Reads are open to every signed-in user: the email-list and offer forms need the category select.
const admin = { admin: true };

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  /** The spec's tree form: [{id, text, children: [...]}], every level ordered by name. */
  app.get('/categories/tree', { schema: { tags } }, async () => categoryTree(db));

  /** Hydra collection of {id, name, parent}; `groups[]=select` gives {id, name}. Filter: name (contains). */
  app.get(
    '/categories',
    { schema: { tags, querystring: collectionQuery.extend({ name: z.string().optional() }) } },
    async (req) => {
      const where = categoriesWhere({ name: req.query.name });
      const find = wantsSelect(req.query) ? selectCategories : findCategories;
      const { rows, total } = await find(db, where, pageOf(req.query));
      return hydra(rows, total);
    },
  );

  app.get('/categories/:id', { schema: { tags, params: idParams } }, async (req) => {
    return (await findCategory(db, req.params.id)) ?? Promise.reject(notFound());
  });

  app.post('/categories', { config: admin, schema: { tags, body: categoryCreateSchema } }, async (req, reply) => {
    return reply.status(201).send(await createCategory(db, req.body));
  });

  app.put(
    '/categories/:id',
    { config: admin, schema: { tags, params: idParams, body: categoryUpdateSchema } },
    async (req) => {
      return updateCategory(db, req.params.id, req.body);
    },
  );

  app.delete('/categories/:id', { config: admin, schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteCategory(db, req.params.id);
    return reply.status(204).send();
  });
};
