import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { linkItem, linkSchema } from '@console/shared/links';
import { idParams } from '../../core/access.ts';
import { linksCollection } from './links.repo.ts';
import { createLink, deleteLink, getLink, updateLink } from './links.service.ts';

const tags = ['links'];

export const linksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  linksCollection.serveList(app, '/links', { tags });
  app.get('/links/:id', { schema: { tags, params: idParams, response: { 200: linkItem } } }, (req) =>
    getLink(ctx, req.user, req.params.id),
  );
  app.post('/links', { schema: { tags, body: linkSchema, response: { 201: linkItem } } }, async (req, reply) =>
    reply.status(201).send(await createLink(ctx, req.user, req.body)),
  );
  app.put('/links/:id', { schema: { tags, params: idParams, body: linkSchema, response: { 200: linkItem } } }, (req) =>
    updateLink(ctx, req.user, req.params.id, req.body),
  );
  app.delete('/links/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteLink(ctx, req.user, req.params.id);
    return reply.status(204).send();
  });
};
