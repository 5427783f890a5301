import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CampaignMessages, campaignActionSchema, type CampaignTypeName } from '@console/shared/campaigns';
import { CampaignStatus, CampaignTypeOf } from '@console/shared/enums';
import { pmtaStartSchema } from '@console/shared/pmta-campaigns';
import { found, idParams } from '../../core/access.ts';
import type { ListRouteOptions, ZodApp } from '../../core/collection.ts';
import type { AppContext } from '../../core/context.ts';
import { conflict } from '../../core/errors.ts';
import { ensureCampaignVmtas } from '../../pmta/campaign-servers.ts';
import { pauseCampaign, startCampaign, stopCampaign, type CampaignRow } from '../../sending/campaign-state.ts';
import { unsubscribeRefusal } from '../../sending/unsubscribe.ts';
import type { CampaignInput, CampaignItem } from '@console/shared/campaigns';
import type { campaignService } from './campaigns.service.ts';
import { campaignStatus } from './campaigns.repo.ts';

const tags = ['campaigns'];
const answer = z.object({ success: z.literal(true), message: z.string() });

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
      const { status } = found(await campaignStatus(ctx.db, req.user, id, CampaignTypeOf[type]));
      if (!(await act(ctx, id, type, status))) throw conflict(refused);
      return { success: true as const, message: done };
    });
  }
};

/** What the routes use of a kind's collection (campaignCollection). */
interface Collection {
  item: z.ZodType;
  serveList: (app: ZodApp, path: string, o: ListRouteOptions) => void;
}

/**
 * GET /api/{kind}_campaigns, GET /api/{kind}_campaigns/{id}, POST and PUT: the same four calls for each
 * kind, from its collection, schemas and service. Every user runs their own campaigns; administrators see,
 * filter and act on all of them.
 */
export function campaignRoutes<Item extends CampaignItem, Input extends CampaignInput>(o: {
  path: string;
  tags: string[];
  collection: Collection;
  create: z.ZodType<Input & { user?: number | null }>;
  update: z.ZodType<Input>;
  service: ReturnType<typeof campaignService<Item, Input>>;
}): FastifyPluginAsyncZod {
  const { path, tags, collection, service } = o;
  // The provider types a request by the schema; inside this generic function its type is ours to name.
  return async (app) => {
    const { ctx } = app;
    const item = collection.item;

    collection.serveList(app, `/${path}`, { tags });

    app.get(`/${path}/:id`, { schema: { tags, params: idParams, response: { 200: item } } }, async (req) =>
      service.get(ctx, req.user, req.params.id),
    );

    app.post(`/${path}`, { schema: { tags, body: o.create, response: { 201: item } } }, async (req, reply) =>
      reply.status(201).send(await service.create(ctx, req.user, req.body as Input)),
    );

    app.put(
      `/${path}/:id`,
      { schema: { tags, params: idParams, body: o.update, response: { 200: item } } },
      async (req) => service.update(ctx, req.user, req.params.id, req.body as Input),
    );
  };
}
