import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smtpCampaignItem, smtpCampaignSchema, smtpCampaignUpdateSchema } from '@console/shared/campaigns';
import { idParams } from '../../core/access.ts';
import { smtpCampaignsCollection } from './smtp-campaigns.repo.ts';
import { createSmtpCampaign, getSmtpCampaign, updateSmtpCampaign } from './smtp-campaigns.service.ts';

const tags = ['smtp campaigns'];

/** Every user runs their own campaigns; administrators see, filter and act on all of them. */
export const smtpCampaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/smtp_campaigns',
    {
      schema: {
        tags,
        querystring: smtpCampaignsCollection.query,
        response: { 200: smtpCampaignsCollection.response },
      },
    },
    async (req) => smtpCampaignsCollection.list(ctx.db, req.user, req.query),
  );

  app.get(
    '/smtp_campaigns/:id',
    { schema: { tags, params: idParams, response: { 200: smtpCampaignItem } } },
    async (req) => getSmtpCampaign(ctx, req.user, req.params.id),
  );

  app.post(
    '/smtp_campaigns',
    { schema: { tags, body: smtpCampaignSchema, response: { 201: smtpCampaignItem } } },
    async (req, reply) => reply.status(201).send(await createSmtpCampaign(ctx, req.user, req.body)),
  );

  app.put(
    '/smtp_campaigns/:id',
    { schema: { tags, params: idParams, body: smtpCampaignUpdateSchema, response: { 200: smtpCampaignItem } } },
    async (req) => updateSmtpCampaign(ctx, req.user, req.params.id, req.body),
  );
};
