import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StatisticsKinds, statisticsResponse } from '@console/shared/campaigns';
import { campaignStatistics, statisticsParams } from '../statistics.repo.ts';
import { SMTP } from './smtp-campaigns.repo.ts';

/** GET /api/smtp_campaign_statistics/{id}/{overall|perProviders|perDomains}/{providerId or 0}. */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/smtp_campaign_statistics/:id/:kind/:providerId',
    {
      schema: {
        tags: ['smtp campaigns'],
        params: statisticsParams(StatisticsKinds),
        response: { 200: statisticsResponse },
      },
    },
    async (req) => campaignStatistics(app.ctx, req.user, SMTP, req.params.id, req.params.kind, req.params.providerId),
  );
};
