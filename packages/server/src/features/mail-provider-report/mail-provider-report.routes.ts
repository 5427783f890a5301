import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailProviderReportResponse, mailProviderReportSchema } from '@console/shared/mail-provider-report';
import { reportOwner, reportScope } from '../../core/reports.ts';
import { mailProviderReport } from './mail-provider-report.repo.ts';

/** POST mail-provider-report {userId, orderBy, direction, fromDate, toDate} -> {report} (spec 3 §7). */
export const mailProviderReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/mail-provider-report',
    {
      config: { scope: reportScope },
      schema: {
        tags: ['mail-provider-report'],
        body: mailProviderReportSchema,
        response: { 200: mailProviderReportResponse },
      },
    },
    async (req) => {
      const b = req.body;
      const owner = reportOwner(req.user, b.userId);
      return { report: await mailProviderReport(app.ctx.db, { ...b, owner, asc: b.direction === 'asc' }) };
    },
  );
};
