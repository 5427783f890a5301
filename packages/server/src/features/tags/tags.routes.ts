import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const tagsRoutes: FastifyPluginAsyncZod = async () => {};
