import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bounceMailboxCreateSchema,
  bounceMailboxItem,
  bounceMailboxUpdateSchema,
  bounceReportDetail,
} from '@console/shared/bounce-mailboxes';
import { idParams } from '../../core/access.ts';
import { bounceMailboxesCollection, bounceReportsCollection } from './bounce-mailboxes.repo.ts';
import {
  checkBounceMailboxNow,
  createBounceMailbox,
  deleteBounceMailbox,
  getBounceMailbox,
  getBounceReport,
  updateBounceMailbox,
} from './bounce-mailboxes.service.ts';

const tags = ['bounce_mailboxes'];

/** Bounce mailboxes and the reports read from them (issue 39 sections 2 and 4, decision 1380). */
export const bounceMailboxesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  bounceMailboxesCollection.serveList(app, '/bounce_mailboxes', { tags });
  app.get(
    '/bounce_mailboxes/:id',
    { schema: { tags, params: idParams, response: { 200: bounceMailboxItem } } },
    (req) => getBounceMailbox(ctx, req.user, req.params.id),
  );
  app.post(
    '/bounce_mailboxes',
    { schema: { tags, body: bounceMailboxCreateSchema, response: { 201: bounceMailboxItem } } },
    async (req, reply) => reply.status(201).send(await createBounceMailbox(ctx, req.user, req.body)),
  );
  app.put(
    '/bounce_mailboxes/:id',
    { schema: { tags, params: idParams, body: bounceMailboxUpdateSchema, response: { 200: bounceMailboxItem } } },
    (req) => updateBounceMailbox(ctx, req.user, req.params.id, req.body),
  );
  app.delete('/bounce_mailboxes/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteBounceMailbox(ctx, req.user, req.params.id);
    return reply.status(204).send();
  });
  /** "Check now": queued; the row's checkedAt, counts and error tell how it went. */
  app.post(
    '/bounce_mailboxes/:id/check',
    { schema: { tags, params: idParams, response: { 202: z.object({ message: z.string() }) } } },
    async (req, reply) => reply.status(202).send(await checkBounceMailboxNow(ctx, req.user, req.params.id)),
  );

  bounceReportsCollection.serveList(app, '/bounce_reports', { tags });
  app.get('/bounce_reports/:id', { schema: { tags, params: idParams, response: { 200: bounceReportDetail } } }, (req) =>
    getBounceReport(ctx, req.user, req.params.id),
  );
};
