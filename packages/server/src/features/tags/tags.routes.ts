import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tagItem, tagSchema } from '@console/shared/tags';
import { idParams } from '../../core/access.ts';
import { tagsCollection } from './tags.repo.ts';
import { createTag, deleteTag, getTag, updateTag } from './tags.service.ts';

const tags = ['tags'];

/** Dynamic content: the saved tags `{name}` of messages, subjects and senders. */
export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  tagsCollection.serveList(app, '/tags', { tags });
  app.get('/tags/:id', { schema: { tags, params: idParams, response: { 200: tagItem } } }, (req) =>
    getTag(ctx, req.user, req.params.id),
  );
  app.post('/tags', { schema: { tags, body: tagSchema, response: { 201: tagItem } } }, async (req, reply) =>
    reply.status(201).send(await createTag(ctx, req.user, req.body)),
  );
  app.put('/tags/:id', { schema: { tags, params: idParams, body: tagSchema, response: { 200: tagItem } } }, (req) =>
    updateTag(ctx, req.user, req.params.id, req.body),
  );
  app.delete('/tags/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteTag(ctx, req.user, req.params.id);
    return reply.status(204).send();
  });
};
