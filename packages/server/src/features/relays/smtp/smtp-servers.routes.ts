import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smtpServerItem, smtpServerSchema, smtpServerCreateSchema } from '@console/shared/smtp-servers';
import { idParams } from '../../../core/access.ts';
import { smtpServersCollection } from './smtp-servers.repo.ts';
import { createSmtpServer, deleteSmtpServer, getSmtpServer, updateSmtpServer } from './smtp-servers.service.ts';

const tags = ['smtp_servers'];

export const smtpServersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  smtpServersCollection.serveList(app, '/smtp_servers', { tags });
  app.get('/smtp_servers/:id', { schema: { tags, params: idParams, response: { 200: smtpServerItem } } }, (req) =>
    getSmtpServer(ctx, req.user, req.params.id),
  );
  app.post(
    '/smtp_servers',
    { schema: { tags, body: smtpServerCreateSchema, response: { 201: smtpServerItem } } },
    async (req, reply) => reply.status(201).send(await createSmtpServer(ctx, req.user, req.body)),
  );
  app.put(
    '/smtp_servers/:id',
    { schema: { tags, params: idParams, body: smtpServerSchema, response: { 200: smtpServerItem } } },
    (req) => updateSmtpServer(ctx, req.user, req.params.id, req.body),
  );
  /** Deletes the server and its relays (the web asks 'Are you sure you want to delete?' first). */
  app.delete('/smtp_servers/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteSmtpServer(ctx, req.user, req.params.id);
    return reply.status(204).send();
  });
};
