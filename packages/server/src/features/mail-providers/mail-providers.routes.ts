import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailProvidersCollection } from './mail-providers.repo.ts';

/** Any signed-in user may read the providers. */
export const mailProvidersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/mail_providers', mailProvidersCollection.listRoute(['mail providers']), async (req) =>
    mailProvidersCollection.list(app.ctx.db, req.user, req.query),
  );
};
