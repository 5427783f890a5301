import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailListReportResponse, emailListReportSchema } from '@console/shared/email-list-report';
import { reportOwner, reportScope } from '../../core/reports.ts';
import { emailListReport } from './email-list-report.repo.ts';

/** POST email-list-report {userId, orderBy, direction, fromDate, toDate} -> {report} (spec 3 §7). */
export const emailListReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/email-list-report',
    {
      config: { scope: reportScope },
      schema: { tags: ['email-list-report'], body: emailListReportSchema, response: { 200: emailListReportResponse } },
    },
    async (req) => {
      const b = req.body;
      const owner = reportOwner(req.user, b.userId);
      return { report: await emailListReport(app.ctx.db, { ...b, owner, asc: b.direction === 'asc' }) };
    },
  );
};
