import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailServiceReportResponse, mailServiceReportSchema } from '@console/shared/pmta-relays-mail-service-report';
import { ReportMessages } from '@console/shared/reports';
import { assertReferences, exists } from '../../core/access.ts';
import { reportOwner } from '../../core/reports.ts';
import { mailProviders } from '../../db/schema/index.ts';
import { mailServiceReport } from './pmta-relays-mail-service-report.repo.ts';
import { ownedBy } from '../../core/access.ts';
import { pmtaRelays } from '../../db/schema/index.ts';

const tags = ['pmta-relays-mail-service-report'];

/**
 * POST pmta-relays-mail-provider-report (spec 3 §7): the caller's own PMTA relays (administrators: every
 * relay; the report has no user filter) for one mail service, which must exist.
 */
export const pmtaRelaysMailServiceReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/pmta-relays-mail-provider-report',
    {
      config: { scope: ownedBy(pmtaRelays.userId) },
      schema: { tags, body: mailServiceReportSchema, response: { 200: mailServiceReportResponse } },
    },
    async (req) => {
      const known = await exists(ctx.db, mailProviders, eq(mailProviders.id, req.body.mailProvider));
      assertReferences({ mailProvider: !known && ReportMessages.mailProvider });
      return { report: await mailServiceReport(ctx.db, { ...req.body, owner: reportOwner(req.user) }) };
    },
  );
};
