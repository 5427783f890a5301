import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeProfitResponse, homeProfitSchema } from '@console/shared/home';
import { reportDb, reportOwner } from '../../core/reports.ts';
import { homeProfit } from './home.service.ts';

/** POST home/profit {userId}: the profit dynamics of Home (spec 3 §7). */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/home/profit',
    { schema: { tags: ['home'], body: homeProfitSchema, response: { 200: homeProfitResponse } } },
    async (req, reply) => homeProfit(await reportDb(ctx, reply), reportOwner(req.user, req.body.userId)),
  );
};
