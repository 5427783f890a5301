import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailProvidersCollection } from './mail-providers.repo.ts';

/** Any signed-in user may read the providers. */
export const mailProvidersRoutes: FastifyPluginAsyncZod = async (app) => {
  mailProvidersCollection.serveList(app, '/mail_providers', { tags: ['mail providers'] });
};
