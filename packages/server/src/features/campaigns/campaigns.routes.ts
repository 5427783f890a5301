import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { CampaignMessages, campaignActionSchema, type CampaignTypeName } from '@console/shared/campaigns';
import { CampaignStatus, CampaignTypeOf } from '@console/shared/enums';
import { pmtaStartSchema } from '@console/shared/pmta-campaigns';
import { found, ownedBy } from '../../core/access.ts';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { conflict } from '../../core/errors.ts';
import { campaigns } from '../../db/schema.ts';
import { ensureCampaignVmtas } from '../../pmta/campaign-servers.ts';
import { pauseCampaign, startCampaign, stopCampaign, type CampaignRow } from '../../sending/campaign-state.ts';
import { unsubscribeRefusal } from '../../sending/unsubscribe.ts';

const tags = ['campaigns'];
const answer = z.object({ success: z.literal(true), message: z.string() });

/** The campaign's status; 404 unless the campaign of that kind exists and the caller owns it (administrators: any). */
async function statusFor(ctx: AppContext, user: AuthUser, id: number, type: CampaignTypeName) {
  const where = and(eq(campaigns.id, id), eq(campaigns.type, CampaignTypeOf[type]), ownedBy(campaigns.userId)(user));
  const [row] = await ctx.db.select({ status: campaigns.status }).from(campaigns).where(where);
  return found(row).status;
}

const STARTABLE: number[] = [CampaignStatus.Inactive, CampaignStatus.Paused];

/**
 * Start: an SMTP campaign needs a working unsubscribe (409 otherwise, issue 26); a PMTA campaign's servers must first know its relays' VMTAs (uploading a config where one is
 * missing; an unreachable server refuses the start). The status is checked before any server is asked.
 */
async function start(ctx: AppContext, id: number, type: CampaignTypeName, status: number) {
  const refusal = STARTABLE.includes(status) ? await unsubscribeRefusal(ctx, id) : null;
  if (refusal) throw conflict(refusal);
  if (type === 'pmta') {
    if (!STARTABLE.includes(status)) return undefined;
    await ensureCampaignVmtas(ctx, id);
  }
  return startCampaign(ctx, id);
}

type Act = (ctx: AppContext, id: number, type: CampaignTypeName, status: number) => Promise<CampaignRow | undefined>;

/**
 * POST /api/campaign_start, campaign_pause, campaign_stop with {id, type}: both campaign kinds; POST
 * /api/pmta_campaign_start {id, type: pmta, v3} is the PMTA screens' start. A transition the campaign's
 * status does not allow is 409 with a message (the web shows error as text).
 */
export const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const actions: [string, z.ZodType<{ id: number; type: CampaignTypeName }>, Act, string, string][] = [
    ['/campaign_start', campaignActionSchema, start, CampaignMessages.started, CampaignMessages.cannotStart],
    ['/pmta_campaign_start', pmtaStartSchema, start, CampaignMessages.started, CampaignMessages.cannotStart],
    [
      '/campaign_pause',
      campaignActionSchema,
      (c, id) => pauseCampaign(c, id),
      CampaignMessages.paused,
      CampaignMessages.cannotPause,
    ],
    [
      '/campaign_stop',
      campaignActionSchema,
      (c, id) => stopCampaign(c, id),
      CampaignMessages.stopped,
      CampaignMessages.cannotStop,
    ],
  ];
  for (const [path, body, act, done, refused] of actions) {
    app.post(path, { schema: { tags, body, response: { 200: answer } } }, async (req) => {
      const { id, type } = req.body;
      if (!(await act(ctx, id, type, await statusFor(ctx, req.user, id, type)))) throw conflict(refused);
      return { success: true as const, message: done };
    });
  }
};
