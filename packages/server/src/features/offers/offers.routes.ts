import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OFFERS_PAGE_SIZE } from '@console/shared/hydra';
import { offerSchema } from '@console/shared/offers';
import { collectionQuery, hydra, numberFilter, pageOf, wantsSelect } from '../../core/hydra.ts';
import { ownerCondition } from '../../core/scope.ts';
import { offers } from '../../db/schema.ts';
import { findOffers, offersWhere, selectOffers } from './offers.repo.ts';
import { archiveOffer, createOffer, getOffer, updateOffer } from './offers.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const tags = ['offers'];
// The spec gives add, edit and archive to administrators; owners read their own offers.
const admin = { admin: true };

const listQuery = collectionQuery.extend({
  itemsPerPage: z.coerce.number().int().min(1).max(1000).default(OFFERS_PAGE_SIZE),
  name: z.string().optional(),
  'user.id': z.string().optional(),
  'archive[exists]': z.enum(['true', 'false', '1', '0']).optional(),
});

export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /**
   * Hydra collection, newest first. Filters: name (contains), user.id (administrators; others always get
   * their own), archive[exists]=true|false. `groups[]=select` gives {id, name} ordered by name.
   */
  app.get('/offers', { schema: { tags, querystring: listQuery } }, async (req) => {
    const q = req.query;
    const exists = q['archive[exists]'];
    const where = offersWhere({
      name: q.name,
      owner: ownerCondition(offers.userId, req.user, numberFilter(q, 'user.id')),
      archived: exists === undefined ? undefined : exists === 'true' || exists === '1',
    });
    const find = wantsSelect(q) ? selectOffers : findOffers;
    const { rows, total } = await find(ctx.db, where, pageOf(q));
    return hydra(rows, total);
  });

  app.get('/offers/:id', { schema: { tags, params: idParams } }, async (req) => getOffer(ctx, req.user, req.params.id));

  app.post('/offers', { config: admin, schema: { tags, body: offerSchema } }, async (req, reply) => {
    return reply.status(201).send(await createOffer(ctx, req.user, req.body));
  });

  app.put('/offers/:id', { config: admin, schema: { tags, params: idParams, body: offerSchema } }, async (req) => {
    return updateOffer(ctx, req.user, req.params.id, req.body);
  });

  /** Moves an offer to the archive (archive = now). There is no unarchive and no delete. */
  app.post('/offers/archive/:id', { config: admin, schema: { tags, params: idParams } }, async (req) => {
    return archiveOffer(ctx, req.user, req.params.id);
  });
};
