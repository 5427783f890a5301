import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const smtpRelaysRoutes: FastifyPluginAsyncZod = async () => {};
