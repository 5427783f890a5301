import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reputationProviderItem, reputationProviderSchema } from '@console/shared/reputation-providers';
import { idParams } from '../../core/access.ts';
import { reputationProvidersCollection } from './reputation-providers.repo.ts';
import { getReputationProvider, updateReputationProvider } from './reputation-providers.service.ts';

const tags = ['reputation_providers'];
const admin = { admin: true };

/** Administrators: the providers relays are rated by, and their two flags. */
export const reputationProvidersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  reputationProvidersCollection.serveList(app, '/reputation_providers', { tags, config: admin });
  app.get(
    '/reputation_providers/:id',
    { config: admin, schema: { tags, params: idParams, response: { 200: reputationProviderItem } } },
    (req) => getReputationProvider(ctx, req.params.id),
  );
  app.put(
    '/reputation_providers/:id',
    {
      config: admin,
      schema: { tags, params: idParams, body: reputationProviderSchema, response: { 200: reputationProviderItem } },
    },
    (req) => updateReputationProvider(ctx, req.params.id, req.body),
  );
};
