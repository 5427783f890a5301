import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PmtaStatisticsKinds,
  pmtaCampaignSchema,
  pmtaCampaignUpdateSchema,
  pmtaStatisticsResponse,
} from '@console/shared/pmta-campaigns';
import { countQueuedMessages } from '../../../pmta/campaign-servers.ts';
import { campaignRoutes } from '../campaigns.routes.ts';
import { campaignStatistics, statisticsParams, visibleCampaign } from '../statistics.repo.ts';
import { PMTA, pmtaCampaignsCollection } from './pmta-campaigns.repo.ts';
import { pmtaCampaigns } from './pmta-campaigns.service.ts';

const tags = ['pmta campaigns'];

/** GET, POST /api/pmta_campaigns; GET, PUT /api/pmta_campaigns/{id}. */
const crud = campaignRoutes({
  path: 'pmta_campaigns',
  tags,
  collection: pmtaCampaignsCollection,
  create: pmtaCampaignSchema,
  update: pmtaCampaignUpdateSchema,
  service: pmtaCampaigns,
});

/**
 * The four calls both kinds have, and the statistics. Start, pause and stop are the campaigns feature's
 * (POST /api/pmta_campaign_start, campaign_pause, campaign_stop).
 */
export const pmtaCampaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  await app.register(crud);

  /** The counters' statistics as SMTP campaigns have them, and `direct`: the servers' queued messages. */
  app.get(
    '/pmta_campaign_statistics/:id/:kind/:providerId',
    {
      schema: {
        tags,
        params: statisticsParams(PmtaStatisticsKinds),
        response: { 200: pmtaStatisticsResponse },
      },
    },
    async (req) => {
      const { id, kind, providerId } = req.params;
      if (kind !== 'direct') return campaignStatistics(ctx, req.user, PMTA, id, kind, providerId);
      await visibleCampaign(ctx, req.user, PMTA, id);
      return { directStats: await countQueuedMessages(ctx, id) };
    },
  );
};
