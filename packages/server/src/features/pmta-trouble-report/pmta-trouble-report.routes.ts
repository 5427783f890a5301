import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activeTroubles,
  troubleRecheckResponse,
  troubleRecheckSchema,
  troubleReportResponse,
  troubleReportSchema,
} from '@console/shared/pmta-trouble-report';
import { recheck, troubleReport } from './pmta-trouble-report.service.ts';
import { ownedBy } from '../../core/access.ts';
import { pmtaServers } from '../../db/schema/index.ts';

const tags = ['pmta-trouble-report'];

/** POST pmta-trouble-report {userId, orderBy, asc} and pmta-trouble-report-recheck {pmtaServerId} (spec 3 §7). */
export const pmtaTroubleReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/pmta-trouble-report',
    {
      config: { scope: ownedBy(pmtaServers.userId) },
      schema: { tags, body: troubleReportSchema, response: { 200: troubleReportResponse } },
    },
    async (req) => ({ report: await troubleReport(ctx, req.user, req.body) }),
  );
  app.post(
    '/pmta-trouble-report-recheck',
    {
      config: { scope: ownedBy(pmtaServers.userId) },
      schema: { tags, body: troubleRecheckSchema, response: { 200: troubleRecheckResponse } },
    },
    async (req) => {
      const entry = await recheck(ctx, req.user, req.body.pmtaServerId);
      return { recheckedData: entry, troubles: activeTroubles(entry.troubles) };
    },
  );
};
