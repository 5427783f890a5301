import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const messagesRoutes: FastifyPluginAsyncZod = async () => {};
