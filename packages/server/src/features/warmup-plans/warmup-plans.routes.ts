import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  readyPlanItem,
  warmupAttachSchema,
  warmupDetachSchema,
  warmupPlanItem,
  warmupPlanSchema,
  warmupRelayItem,
} from '@console/shared/warmup-plans';
import { idParams } from '../../core/access.ts';
import { warmupPlansCollection } from './warmup-plans.repo.ts';
import {
  attachPlan,
  copyReadyPlan,
  createPlan,
  deletePlan,
  detachFromPlans,
  getPlan,
  getRelayWarmup,
  readyPlans,
  updatePlan,
} from './warmup-plans.service.ts';

const tags = ['warmup plans'];
const readyParams = z.object({ key: z.string().max(100) });
const copyBody = z
  .object({
    name: z.string().trim().max(100, 'Plan Name must be no longer than 100 characters.').optional(),
    user: z.number().int().positive().max(2_147_483_647).nullish(),
  })
  .default({});
const relayParams = idParams.extend({ kind: z.enum(['pmta', 'smtp']) });

/** Warm-up plans (issue 40 §2): owned plans, the ready-made ones to copy, relays attached, a relay's page. */
export const warmupPlansRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  warmupPlansCollection.serveList(app, '/warmup_plans', { tags });
  app.get(
    '/warmup_plans/ready',
    { config: { scope: 'global' }, schema: { tags, response: { 200: z.array(readyPlanItem) } } },
    () => readyPlans(),
  );
  app.post(
    '/warmup_plans/ready/:key/copy',
    { schema: { tags, params: readyParams, body: copyBody, response: { 201: warmupPlanItem } } },
    async (req, reply) => reply.status(201).send(await copyReadyPlan(ctx, req.user, req.params.key, req.body)),
  );
  app.get('/warmup_plans/:id', { schema: { tags, params: idParams, response: { 200: warmupPlanItem } } }, (req) =>
    getPlan(ctx, req.user, req.params.id),
  );
  app.post(
    '/warmup_plans',
    { schema: { tags, body: warmupPlanSchema, response: { 201: warmupPlanItem } } },
    async (req, reply) => reply.status(201).send(await createPlan(ctx, req.user, req.body)),
  );
  app.put(
    '/warmup_plans/:id',
    { schema: { tags, params: idParams, body: warmupPlanSchema, response: { 200: warmupPlanItem } } },
    (req) => updatePlan(ctx, req.user, req.params.id, req.body),
  );
  app.delete('/warmup_plans/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    await deletePlan(ctx, req.user, req.params.id);
    return reply.status(204).send();
  });
  app.post(
    '/warmup_plans/:id/attach',
    {
      schema: {
        tags,
        params: idParams,
        body: warmupAttachSchema,
        response: { 200: z.object({ attached: z.number() }) },
      },
    },
    (req) => attachPlan(ctx, req.user, req.params.id, req.body),
  );
  app.post(
    '/warmup_plans/detach',
    { schema: { tags, body: warmupDetachSchema, response: { 200: z.object({ detached: z.number() }) } } },
    (req) => detachFromPlans(ctx, req.user, req.body.kind, req.body.relays),
  );
  app.get(
    '/warmup_plans/relays/:kind/:id',
    { schema: { tags, params: relayParams, response: { 200: warmupRelayItem } } },
    (req) => getRelayWarmup(ctx, req.user, req.params.kind, req.params.id),
  );
};
