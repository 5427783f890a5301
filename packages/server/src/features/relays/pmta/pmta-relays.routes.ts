import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  countPoorSchema,
  pmtaRelayCreateSchema,
  pmtaRelayItem,
  pmtaRelayUpdateSchema,
  relayReputationItem,
  switchSchema,
  switchesAnswer,
  switchesSchema,
  type RelaySwitch,
} from '@console/shared/pmta-relays';
import type { AuthUser } from '../../../core/context.ts';
import {
  changeRelay,
  deleteDkim,
  generateDkim,
  getDkim,
  relayRow,
  setVmta,
  vmtaConfigDate,
} from '../../../pmta/relay-operations.ts';
import { idParams } from '../../../core/access.ts';
import { acceptFile, fileUploadSchema } from '../../../core/imports/routes.ts';
import { pmtaRelaysUpload } from './pmta-relays.import.ts';
import { pmtaRelaysCollection, reputationsOf } from './pmta-relays.repo.ts';
import {
  countPoorRelays,
  createPmtaRelay,
  deletePmtaRelay,
  getPmtaRelay,
  updatePmtaRelay,
} from './pmta-relays.service.ts';
import { setSwitches, switchesOf } from './relay-switches.ts';

const tags = ['pmta_relays'];
const detailQuery = z.object({
  'groups[]': z.union([z.string().max(50), z.array(z.string().max(50)).max(10)]).optional(),
});
const relayIdParams = z.object({ relayId: idParams.shape.id });

export const pmtaRelaysRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  /** Switches flip only once the relay's server has reloaded the configuration that carries them. */
  const pushSwitches = async (user: AuthUser, relayId: number, switches: RelaySwitch[]) => {
    await getPmtaRelay(ctx, user, relayId);
    await changeRelay(ctx, await relayRow(ctx.db, relayId), (tx) => setSwitches(tx, relayId, switches));
  };

  pmtaRelaysCollection.serveList(app, '/pmta_relays', { tags });

  /** One relay; with `groups[]=relay_reputations` also its reputations (the Status dialog). */
  app.get(
    '/pmta_relays/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: detailQuery,
        response: { 200: pmtaRelayItem.extend({ reputations: z.array(relayReputationItem).optional() }) },
      },
    },
    async (req) => {
      const relay = await getPmtaRelay(ctx, req.user, req.params.id);
      const withReputations = [req.query['groups[]']].flat().includes('relay_reputations');
      return withReputations ? { ...relay, reputations: await reputationsOf(ctx.db, relay.id) } : relay;
    },
  );
  app.post(
    '/pmta_relays',
    { schema: { tags, body: pmtaRelayCreateSchema, response: { 201: pmtaRelayItem } } },
    async (req, reply) => reply.status(201).send(await createPmtaRelay(ctx, req.user, req.body)),
  );
  app.put(
    '/pmta_relays/:id',
    { schema: { tags, params: idParams, body: pmtaRelayUpdateSchema, response: { 200: pmtaRelayItem } } },
    (req) => updatePmtaRelay(ctx, req.user, req.params.id, req.body),
  );
  app.delete('/pmta_relays/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    await deletePmtaRelay(ctx, req.user, req.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/pmta_relays/count_poor',
    { schema: { tags, body: countPoorSchema, response: { 200: z.object({ count: z.number() }) } } },
    (req) => countPoorRelays(ctx, req.user, req.body),
  );
  app.get(
    '/pmta_relay_switches/:relayId',
    { schema: { tags, params: relayIdParams, response: { 200: switchesAnswer } } },
    async (req) => {
      await getPmtaRelay(ctx, req.user, req.params.relayId);
      return { switches: await switchesOf(ctx.db, req.params.relayId) };
    },
  );
  app.post(
    '/pmta_relay_switches/:relayId',
    { schema: { tags, params: relayIdParams, body: switchesSchema, response: { 200: switchesAnswer } } },
    async (req) => {
      await pushSwitches(req.user, req.params.relayId, req.body.switches);
      return { switches: await switchesOf(ctx.db, req.params.relayId) };
    },
  );
  /** One switch by the provider's name (URL-encoded). */
  app.post(
    '/pmta_relay_switch/:relayId/:provider',
    {
      schema: {
        tags,
        params: relayIdParams.extend({ provider: z.string().min(1).max(100) }),
        body: switchSchema,
        response: { 200: z.object({ success: z.boolean() }) },
      },
    },
    async (req) => {
      await pushSwitches(req.user, req.params.relayId, [{ providerName: req.params.provider, off: req.body.off }]);
      return { success: true };
    },
  );

  // The DKIM and VMTA buttons of the edit page (spec 2): GETs, as the spec calls them; errors say 'Error: ...'.
  const dkimAnswer = { 200: z.object({ dkim: z.string() }) };
  const success = { 200: z.object({ success: z.boolean() }) };
  const relayOp = { tags, params: idParams };
  const mayUse = (req: { user: AuthUser; params: { id: number } }) => getPmtaRelay(ctx, req.user, req.params.id);
  app.get('/pmta_relays/:id/get_dkim', { schema: { ...relayOp, response: dkimAnswer } }, async (req) => {
    await mayUse(req);
    return { dkim: await getDkim(ctx, req.params.id) };
  });
  app.get('/pmta_relays/:id/gen_dkim', { schema: { ...relayOp, response: dkimAnswer } }, async (req) => {
    await mayUse(req);
    return { dkim: await generateDkim(ctx, req.params.id) };
  });
  app.get('/pmta_relays/:id/del_dkim', { schema: { ...relayOp, response: success } }, async (req) => {
    await mayUse(req);
    await deleteDkim(ctx, req.params.id);
    return { success: true };
  });
  app.get(
    '/pmta_relays/:id/vmta_config_date',
    { schema: { ...relayOp, response: { 200: z.object({ date: z.string() }) } } },
    async (req) => {
      await mayUse(req);
      return { date: await vmtaConfigDate(ctx, req.params.id) };
    },
  );
  app.get('/pmta_relays/:id/upload_vmta', { schema: { ...relayOp, response: success } }, async (req) => {
    await mayUse(req);
    await setVmta(ctx, req.params.id, true);
    return { success: true };
  });
  app.get('/pmta_relays/:id/delete_vmta', { schema: { ...relayOp, response: success } }, async (req) => {
    await mayUse(req);
    await setVmta(ctx, req.params.id, false);
    return { success: true };
  });

  /** Multipart `relays` (file), with `serverId` and `groupId` (ver 1) or `allIn` (ver 2). */
  app.post('/upload_pmta_relays', { schema: fileUploadSchema('pmta_relays') }, (req) =>
    acceptFile(ctx, req, pmtaRelaysUpload),
  );
};
