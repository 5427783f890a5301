// @ts-nocheck
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { balancerList, balancerUploadSchema } from '@console/shared/pmta-balancers';
import { idParams } from '../../core/access.ts';
import { getBalancers, removeBalancer, syncBalancers } from './pmta-balancers.service.ts';

const tags = ['pmta_balancers'];

/** A PMTA server's balancers (spec 2, decision 0905). Errors of the host answer `{error: 'Error: ...'}` (0903). */
export const pmtaBalancersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/pmta/server/:id/balancers',
    { schema: { tags, params: idParams, response: { 200: balancerList } } },
    (req) => getBalancers(ctx, req.user, req.params.id),
  );
  /** Sync: uploads every setting; the web reloads the list after it, success or not. */
  app.post('/pmta/server/balancers/upload', { schema: { tags, body: balancerUploadSchema } }, async (req, reply) => {
    await syncBalancers(ctx, req.user, req.body.id);
    return reply.status(204).send();
  });
  app.delete('/pmta/server/balancers/delete/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    await removeBalancer(ctx, req.user, req.params.id);
    return reply.status(204).send();
  });
};
