import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RelaysReportMessages,
  relayReportResponse,
  relayReportSchema,
  relaysReportResponse,
  relaysReportSchema,
} from '@console/shared/pmta-relays-report';
import { found } from '../../core/access.ts';
import { reportDb } from '../../core/reports.ts';
import { relayBreakdown, relayOfReport, relaysReport } from './pmta-relays-report.repo.ts';

const tags = ['pmta-relays-report'];
const config = { admin: true };

/** POST pmta-relays-report and pmta-relay-report (its popup): administrators only (spec 3 §6). */
export const pmtaRelaysReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/pmta-relays-report',
    { config, schema: { tags, body: relaysReportSchema, response: { 200: relaysReportResponse } } },
    async (req, reply) => ({ report: await relaysReport(await reportDb(ctx, reply), req.body) }),
  );
  app.post(
    '/pmta-relay-report',
    { config, schema: { tags, body: relayReportSchema, response: { 200: relayReportResponse } } },
    async (req, reply) => {
      const relay = found(await relayOfReport(ctx.db, req.body.relayId), RelaysReportMessages.notFound);
      return { relay, ...(await relayBreakdown(await reportDb(ctx, reply), relay.id, req.body)) };
    },
  );
};
