import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profitReportResponse, profitReportSchema } from '@console/shared/profit-report';
import { reportOwner, reportScope } from '../../core/reports.ts';
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
    async (req) => ({ report: await profitReport(ctx.db, reportOwner(req.user, req.body.userId), req.body) }),
  );
};
