import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { offerItem, offerSchema, postbackKeyItem, postbackKeyRotateSchema, postbackUrl } from '@console/shared/offers';
import { idParams } from '../../core/access.ts';
import { invalid } from '../../core/errors.ts';
import { ownerPostbackKey, rotateOwnerPostbackKey } from '../../tracking/postback-key.ts';
import { offersCollection } from './offers.repo.ts';
import { archiveOffer, createOffer, getOffer, updateOffer } from './offers.service.ts';

const tags = ['offers'];
// The spec gives add, edit and archive to administrators; owners read their own offers.
const admin = { admin: true };

export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  offersCollection.serveList(app, '/offers', { tags });

  /** The offer; to its owner with `postbackUrl` (their postback key in it). */
  app.get('/offers/:id', { schema: { tags, params: idParams, response: { 200: offerItem } } }, async (req) => {
    const offer = await getOffer(ctx, req.user, req.params.id);
    if (offer.user.id !== req.user.id) return offer;
    const key = await ownerPostbackKey(ctx, req.user.id);
    return { ...offer, postbackUrl: postbackUrl(`${req.protocol}://${req.host}`, key) };
  });

  /** A new postback key for the caller: the networks must get the new postback URL. */
  app.post(
    '/postback_key/rotate',
    { schema: { tags, body: postbackKeyRotateSchema, response: { 200: postbackKeyItem } } },
    async (req) => {
      if (req.body.confirm !== true) throw invalid({ confirm: 'Confirm the new key.' });
      return { postbackKey: await rotateOwnerPostbackKey(ctx, req.user.id) };
    },
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
