import type { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CampaignInput, CampaignItem } from '@console/shared/campaigns';
import { idParams } from '../../core/access.ts';
import type { AuthUser } from '../../core/context.ts';
import type { Executor } from '../../db/client.ts';
import type { campaignService } from './campaigns.service.ts';

/** What the routes use of a kind's collection (campaignCollection). */
interface Collection<Q extends z.ZodType> {
  query: Q;
  response: z.ZodType;
  item: z.ZodType;
  list: (db: Executor, user: AuthUser, q: z.infer<Q>) => Promise<unknown>;
}

/**
 * GET /api/{kind}_campaigns, GET /api/{kind}_campaigns/{id}, POST and PUT: the same four calls for each
 * kind, from its collection, schemas and service. Every user runs their own campaigns; administrators see,
 * filter and act on all of them.
 */
export function campaignRoutes<Item extends CampaignItem, Input extends CampaignInput, Q extends z.ZodType>(o: {
  path: string;
  tags: string[];
  collection: Collection<Q>;
  create: z.ZodType<Input & { user?: number | null }>;
  update: z.ZodType<Input>;
  service: ReturnType<typeof campaignService<Item, Input>>;
}): FastifyPluginAsyncZod {
  const { path, tags, collection, service } = o;
  // The provider types a request by the schema; inside this generic function its type is ours to name.
  return async (app) => {
    const { ctx } = app;
    const item = collection.item;

    app.get(
      `/${path}`,
      { schema: { tags, querystring: collection.query, response: { 200: collection.response } } },
      async (req) => collection.list(ctx.db, req.user, req.query as z.infer<Q>),
    );

    app.get(`/${path}/:id`, { schema: { tags, params: idParams, response: { 200: item } } }, async (req) =>
      service.get(ctx, req.user, req.params.id),
    );

    app.post(`/${path}`, { schema: { tags, body: o.create, response: { 201: item } } }, async (req, reply) =>
      reply.status(201).send(await service.create(ctx, req.user, req.body as Input)),
    );

    app.put(
      `/${path}/:id`,
      { schema: { tags, params: idParams, body: o.update, response: { 200: item } } },
      async (req) => service.update(ctx, req.user, req.params.id, req.body as Input),
    );
  };
}
