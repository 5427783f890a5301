import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pmtaServerItem, pmtaServerSchema, pmtaServerCreateSchema } from '@console/shared/pmta-servers';
import { idParams } from '../../../core/access.ts';
import { acceptFile, fileUploadSchema } from '../../../core/imports/routes.ts';
import { z } from 'zod';
import { configDates, serverRow, softwareReadiness, uploadConfig } from '../../../pmta/operations.ts';
import { pmtaServersCollection } from './pmta-servers.repo.ts';
import { createPmtaServer, deletePmtaServer, getPmtaServer, updatePmtaServer } from './pmta-servers.service.ts';
import { pmtaServersUpload } from './pmta-servers.import.ts';

const tags = ['pmta_servers'];

export const pmtaServersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  pmtaServersCollection.serveList(app, '/pmta_servers', { tags });
  app.get('/pmta_servers/:id', { schema: { tags, params: idParams, response: { 200: pmtaServerItem } } }, (req) =>
    getPmtaServer(ctx, req.user, req.params.id),
  );
  app.post(
    '/pmta_servers',
    { schema: { tags, body: pmtaServerCreateSchema, response: { 201: pmtaServerItem } } },
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

  // The edit page's operations on the host (decision 0903); access as GET /pmta_servers/{id}.
  const operated = async (req: { user: Parameters<typeof getPmtaServer>[1]; params: { id: number } }) => {
    await getPmtaServer(ctx, req.user, req.params.id);
    return serverRow(ctx, req.params.id);
  };
  app.get(
    '/pmta_servers/:id/software_readiness',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: z.array(z.object({ service: z.string(), ready: z.boolean() })) },
      },
    },
    async (req) => softwareReadiness(ctx, await operated(req)),
  );
  app.get(
    '/pmta_servers/:id/config_dates',
    {
      schema: {
        tags,
        params: idParams,
        response: {
          200: z.object({ configsDates: z.array(z.object({ service: z.string(), date: z.string().nullable() })) }),
        },
      },
    },
    async (req) => configDates(ctx, await operated(req)),
  );
  app.post('/pmta_servers/:id/config_upload', { schema: { tags, params: idParams } }, async (req, reply) => {
    await uploadConfig(ctx, await operated(req));
    return reply.status(204).send();
  });

  /** Multipart `servers` (file), `type` (simple | withRelay), optional `ownerId` (administrators). */
  app.post('/upload_pmta_servers', { schema: fileUploadSchema('pmta_servers') }, (req) =>
    acceptFile(ctx, req, pmtaServersUpload),
  );
};
