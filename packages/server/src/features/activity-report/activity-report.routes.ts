import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityReportResponse, activityReportSchema } from '@console/shared/activity-report';
import { reportOwner, reportScope } from '../../core/reports.ts';
import { activityReport } from './activity-report.repo.ts';

const tags = ['activity-report'];

/** POST activity-report {userId, fromDate, toDate, campaignType, orderBy, asc} (spec 3 §7). */
export const activityReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/activity-report',
    {
      config: { scope: reportScope },
      schema: { tags, body: activityReportSchema, response: { 200: activityReportResponse } },
    },
    async (req) => ({ report: await activityReport(ctx.db, reportOwner(req.user, req.body.userId), req.body) }),
  );
};
