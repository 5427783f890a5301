import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { linkGroupItem, linkGroupSchema } from '@console/shared/link-groups';
import { idParams } from '../../core/access.ts';
import { linkGroupsCollection } from './link-groups.repo.ts';
import { createLinkGroup, deleteLinkGroup, getLinkGroup, updateLinkGroup } from './link-groups.service.ts';

const tags = ['link_groups'];

export const linkGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  linkGroupsCollection.serveList(app, '/link_groups', { tags });
  app.get('/link_groups/:id', { schema: { tags, params: idParams, response: { 200: linkGroupItem } } }, (req) =>
    getLinkGroup(ctx, req.user, req.params.id),
  );
  app.post(
    '/link_groups',
    { schema: { tags, body: linkGroupSchema, response: { 201: linkGroupItem } } },
    async (req, reply) => reply.status(201).send(await createLinkGroup(ctx, req.user, req.body)),
  );
  app.put(
    '/link_groups/:id',
    { schema: { tags, params: idParams, body: linkGroupSchema, response: { 200: linkGroupItem } } },
    (req) => updateLinkGroup(ctx, req.user, req.params.id, req.body),
  );
  /** Deletes the group with its links (the web asks 'Are you sure you want to delete?' first). */
  app.delete('/link_groups/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteLinkGroup(ctx, req.user, req.params.id);
    return reply.status(204).send();
  });
};
