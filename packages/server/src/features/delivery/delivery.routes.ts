import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deliveryQueuesResponse,
  deliveryServersResponse,
  pmtaQueueActionResult,
  pmtaQueueActionSchema,
  smtpDeliveryResponse,
  smtpResumeSchema,
  DeliveryMessages as M,
} from '@console/shared/delivery';
import { found, idParams, ownedBy } from '../../core/access.ts';
import { notFound } from '../../core/errors.ts';
import { pmtaServers, smtpRelays } from '../../db/schema/index.ts';
import { deliveryServers, resumeSmtpRelay, serverQueues, smtpDelivery, watchServers } from './delivery.repo.ts';
import { actOnQueue, readStale } from './delivery.service.ts';

const tags = ['delivery'];

/**
 * The Delivery screen (issue 40 §1, decision 1400): every PMTA server's queues by mail service, one server's
 * queues, a queue action, and the SMTP relays as the engine sees them. Reading a view marks its servers
 * watched: the polling job then reads them every few seconds.
 */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/delivery/pmta_servers',
    { config: { scope: ownedBy(pmtaServers.userId) }, schema: { tags, response: { 200: deliveryServersResponse } } },
    async (req) => {
      const items = await deliveryServers(ctx.db, req.user);
      await watchServers(
        ctx.db,
        items.map((s) => s.id),
      );
      readStale(ctx, items);
      return { items };
    },
  );

  app.get(
    '/delivery/pmta_servers/:id',
    { schema: { tags, params: idParams, response: { 200: deliveryQueuesResponse } } },
    async (req) => {
      // The summary and the queues from one snapshot of the database: a reading stored between two
      // statements (the stale read below, the poller) would pair new queues with an old summary.
      const view = await ctx.db.transaction(
        async (tx) => {
          const server = found((await deliveryServers(tx, req.user, [req.params.id]))[0]);
          return { server, items: await serverQueues(tx, req.params.id) };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      await watchServers(ctx.db, [req.params.id]);
      readStale(ctx, [view.server]);
      return view;
    },
  );

  app.post(
    '/delivery/pmta_servers/:id/queue_actions',
    { schema: { tags, params: idParams, body: pmtaQueueActionSchema, response: { 200: pmtaQueueActionResult } } },
    async (req) => actOnQueue(ctx, req.user, req.params.id, req.body),
  );

  app.get(
    '/delivery/smtp_relays',
    { config: { scope: ownedBy(smtpRelays.userId) }, schema: { tags, response: { 200: smtpDeliveryResponse } } },
    async (req) => ({
      items: await smtpDelivery(ctx.db, req.user),
    }),
  );

  /** The relay sends to the mail service again (decision 1442); 404 when not the user's or not paused there. */
  app.post(
    '/delivery/smtp_relays/:id/resume',
    { schema: { tags, params: idParams, body: smtpResumeSchema } },
    async (req, reply) => {
      if (!(await resumeSmtpRelay(ctx.db, req.user, req.params.id, req.body.mailServiceId)))
        throw notFound(M.notPaused);
      return reply.status(204).send();
    },
  );
};
