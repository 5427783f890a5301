import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { offerItem, offerSchema } from '@console/shared/offers';
import { idParams } from '../../core/access.ts';
import { offersCollection } from './offers.repo.ts';
import { archiveOffer, createOffer, getOffer, updateOffer } from './offers.service.ts';

const tags = ['offers'];
// The spec gives add, edit and archive to administrators; owners read their own offers.
const admin = { admin: true };

export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/offers',
    { schema: { tags, querystring: offersCollection.query, response: { 200: offersCollection.response } } },
    async (req) => offersCollection.list(ctx.db, req.user, req.query),
  );

  app.get('/offers/:id', { schema: { tags, params: idParams, response: { 200: offerItem } } }, async (req) =>
    getOffer(ctx, req.user, req.params.id),
  );

  app.post(
    '/offers',
    { config: admin, schema: { tags, body: offerSchema, response: { 201: offerItem } } },
    async (req, reply) => reply.status(201).send(await createOffer(ctx, req.user, req.body)),
  );

  app.put(
    '/offers/:id',
    { config: admin, schema: { tags, params: idParams, body: offerSchema, response: { 200: offerItem } } },
    async (req) => updateOffer(ctx, req.user, req.params.id, req.body),
  );

  /** Moves an offer to the archive (archive = now). There is no unarchive and no delete. */
  app.post(
    '/offers/archive/:id',
    { config: admin, schema: { tags, params: idParams, response: { 200: offerItem } } },
    async (req) => archiveOffer(ctx, req.user, req.params.id),
  );
};
