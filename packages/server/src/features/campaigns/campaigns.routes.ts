import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { CampaignMessages, campaignActionSchema, type CampaignTypeName } from '@console/shared/campaigns';
import { TrackingCampaignTypes } from '@console/shared/tracking';
import { exists, found, ownedBy } from '../../core/access.ts';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { conflict } from '../../core/errors.ts';
import { campaigns } from '../../db/schema.ts';
import { pauseCampaign, startCampaign, stopCampaign, type CampaignRow } from '../../sending/campaign-state.ts';

const tags = ['campaigns'];
const answer = z.object({ success: z.literal(true), message: z.string() });

/** 404 unless the campaign of that kind exists and the caller owns it (administrators: any). */
async function assertMayAct(ctx: AppContext, user: AuthUser, id: number, type: CampaignTypeName) {
  const where = and(
    eq(campaigns.id, id),
    eq(campaigns.type, TrackingCampaignTypes[type]),
    ownedBy(campaigns.userId)(user),
  );
  found((await exists(ctx.db, campaigns, where!)) || undefined);
}

/**
 * POST /api/campaign_start, campaign_pause, campaign_stop with {id, type}: both campaign kinds. A
 * transition the campaign's status does not allow is 409 with a message (the web shows error as text).
 */
export const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const actions: [string, (ctx: AppContext, id: number) => Promise<CampaignRow | undefined>, string, string][] = [
    ['/campaign_start', startCampaign, CampaignMessages.started, CampaignMessages.cannotStart],
    ['/campaign_pause', pauseCampaign, CampaignMessages.paused, CampaignMessages.cannotPause],
    ['/campaign_stop', stopCampaign, CampaignMessages.stopped, CampaignMessages.cannotStop],
  ];
  for (const [path, act, done, refused] of actions) {
    app.post(path, { schema: { tags, body: campaignActionSchema, response: { 200: answer } } }, async (req) => {
      await assertMayAct(ctx, req.user, req.body.id, req.body.type);
      if (!(await act(ctx, req.body.id))) throw conflict(refused);
      return { success: true as const, message: done };
    });
  }
};
