import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pmtaServerItem, pmtaServerSchema } from '@console/shared/pmta-servers';
import { idParams } from '../../core/access.ts';
import { acceptFile, fileUploadSchema } from '../../core/imports/routes.ts';
import { pmtaServersCollection } from './pmta-servers.repo.ts';
import { createPmtaServer, deletePmtaServer, getPmtaServer, updatePmtaServer } from './pmta-servers.service.ts';
import { pmtaServersUpload } from './pmta-servers-import.ts';

const tags = ['pmta_servers'];

export const pmtaServersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/pmta_servers',
    { schema: { tags, querystring: pmtaServersCollection.query, response: { 200: pmtaServersCollection.response } } },
    (req) => pmtaServersCollection.list(ctx.db, req.user, req.query),
  );
  app.get('/pmta_servers/:id', { schema: { tags, params: idParams, response: { 200: pmtaServerItem } } }, (req) =>
    getPmtaServer(ctx, req.user, req.params.id),
  );
  app.post(
    '/pmta_servers',
    { schema: { tags, body: pmtaServerSchema, response: { 201: pmtaServerItem } } },
    async (req, reply) => reply.status(201).send(await createPmtaServer(ctx, req.user, req.body)),
  );
  app.put(
    '/pmta_servers/:id',
    { schema: { tags, params: idParams, body: pmtaServerSchema, response: { 200: pmtaServerItem } } },
    (req) => updatePmtaServer(ctx, req.user, req.params.id, req.body),
  );
  app.delete('/pmta_servers/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    await deletePmtaServer(ctx, req.user, req.params.id);
    return reply.status(204).send();
  });

  /** Multipart `servers` (file), `type` (simple | withRelay), optional `ownerId` (administrators). */
  app.post('/upload_pmta_servers', { schema: fileUploadSchema('pmta_servers') }, (req) =>
    acceptFile(ctx, req, pmtaServersUpload),
  );
};
