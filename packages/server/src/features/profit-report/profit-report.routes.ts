import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profitReportResponse, profitReportSchema } from '@console/shared/profit-report';
import { reportDb, reportOwner, reportScope } from '../../core/reports.ts';
import { profitReport } from './profit-report.repo.ts';

const tags = ['profit-report'];

/** POST profit-report {userId, fromDate, toDate, groupBy, campaignType, orderBy, asc} (spec 3 §7). */
export const profitReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/profit-report',
    {
      config: { scope: reportScope },
      schema: { tags, body: profitReportSchema, response: { 200: profitReportResponse } },
    },
    async (req, reply) => ({
      report: await profitReport(await reportDb(ctx, reply), reportOwner(req.user, req.body.userId), req.body),
    }),
  );
};
