import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appliedIdsSchema,
  appliedListSchema,
  appliedResetAnswer,
  applyConfigSchema,
} from '@console/shared/pmta-configs';
import { fromZod } from '../../core/errors.ts';
import { readFormFields } from '../../core/uploads.ts';
import { appliedCollection } from './applied-pmta-configs.repo.ts';
import { applyConfig, deleteApplied, listApplied, resetApplied } from './applied-pmta-configs.service.ts';

const tags = ['applied_pmta_configs'];
const config = { admin: true };

/** A form body (JSON, urlencoded or multipart: the spec sends forms) parsed by `schema`, or 422. */
async function form<S extends z.ZodType>(req: Parameters<typeof readFormFields>[0], schema: S): Promise<z.output<S>> {
  const parsed = schema.safeParse(await readFormFields(req));
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

/** Apply config and the applied configs list (spec 3, decision 0907): administrators only. */
export const appliedPmtaConfigsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/applied_pmta_configs',
    { config, schema: { tags, response: { 200: appliedCollection.response } } },
    async (req) => listApplied(ctx, req.user, await form(req, appliedListSchema)),
  );
  app.post(
    '/pmta_config/apply',
    { config, schema: { tags, response: { 200: z.object({ applied: z.number() }) } } },
    async (req) => applyConfig(ctx, await form(req, applyConfigSchema)),
  );
  app.post(
    '/applied_pmta_configs/reset_current_version',
    { config, schema: { tags, body: appliedIdsSchema, response: { 200: appliedResetAnswer } } },
    (req) => resetApplied(ctx, req.body),
  );
  /** Takes the includes out of the servers' configurations, then the rows and the files. */
  app.post('/applied_pmta_configs/delete', { config, schema: { tags, body: appliedIdsSchema } }, async (req, reply) => {
    await deleteApplied(ctx, req.body);
    return reply.status(204).send();
  });
};
