import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smtpRelayCreateSchema, smtpRelayItem, smtpRelayUpdateSchema } from '@console/shared/smtp-relays';
import { idParams } from '../../../core/access.ts';
import { acceptFile, fileUploadSchema } from '../../../core/imports/routes.ts';
import { smtpRelaysImport } from './smtp-relays.import.ts';
import { smtpRelaysCollection } from './smtp-relays.repo.ts';
import { createSmtpRelay, deleteSmtpRelay, getSmtpRelay, updateSmtpRelay } from './smtp-relays.service.ts';

const tags = ['smtp_relays'];

/** SMTP relays; their bulk calls and the description call are the relays feature's (both kinds). */
export const smtpRelaysRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  smtpRelaysCollection.serveList(app, '/smtp_relays', { tags });
  app.get('/smtp_relays/:id', { schema: { tags, params: idParams, response: { 200: smtpRelayItem } } }, (req) =>
    getSmtpRelay(ctx, req.user, req.params.id),
  );
  app.post(
    '/smtp_relays',
    { schema: { tags, body: smtpRelayCreateSchema, response: { 201: smtpRelayItem } } },
    async (req, reply) => reply.status(201).send(await createSmtpRelay(ctx, req.user, req.body)),
  );
  app.put(
    '/smtp_relays/:id',
    { schema: { tags, params: idParams, body: smtpRelayUpdateSchema, response: { 200: smtpRelayItem } } },
    (req) => updateSmtpRelay(ctx, req.user, req.params.id, req.body),
  );
  app.delete('/smtp_relays/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteSmtpRelay(ctx, req.user, req.params.id);
    return reply.status(204).send();
  });

  /** Multipart `relays` (file) with the chosen `serverId` and `groupId`. */
  app.post('/upload_smtp_relays', { schema: fileUploadSchema('smtp_relays') }, (req) =>
    acceptFile(ctx, req, smtpRelaysImport),
  );
};
