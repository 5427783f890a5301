// @ts-nocheck
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RetentionMessages, retentionAnswer, retentionSettingsSchema } from '@console/shared/retention';
import { RETENTION_RUN } from './retention.jobs.ts';
import { saveRetentionSettings } from './retention.repo.ts';
import { retentionOverview } from './retention.service.ts';

const tags = ['retention'];

/** Data retention (administrators): the settings, the archives made so far, and a run now (decision 1370). */
export const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get('/retention', { config: { admin: true }, schema: { tags, response: { 200: retentionAnswer } } }, () =>
    retentionOverview(ctx),
  );
  app.put(
    '/retention',
    { config: { admin: true }, schema: { tags, body: retentionSettingsSchema, response: { 200: retentionAnswer } } },
    async (req) => {
      await saveRetentionSettings(ctx.db, req.body);
      return retentionOverview(ctx);
    },
  );
  app.post(
    '/retention/run',
    { config: { admin: true }, schema: { tags, response: { 202: z.object({ message: z.string() }) } } },
    async (_req, reply) => {
      await ctx.jobs.send(RETENTION_RUN, {}, { singletonKey: 'now' });
      return reply.code(202).send({ message: RetentionMessages.runQueued });
    },
  );
};
