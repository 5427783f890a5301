import { smtpCampaignSchema, smtpCampaignUpdateSchema } from '@console/shared/campaigns';
import { campaignRoutes } from '../campaigns.routes.ts';
import { smtpCampaignsCollection } from './smtp-campaigns.repo.ts';
import { smtpCampaigns } from './smtp-campaigns.service.ts';

/** GET, POST /api/smtp_campaigns; GET, PUT /api/smtp_campaigns/{id}. */
export const smtpCampaignsRoutes = campaignRoutes({
  path: 'smtp_campaigns',
  tags: ['smtp campaigns'],
  collection: smtpCampaignsCollection,
  create: smtpCampaignSchema,
  update: smtpCampaignUpdateSchema,
  service: smtpCampaigns,
});
