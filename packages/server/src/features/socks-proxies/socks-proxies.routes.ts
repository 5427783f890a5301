import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { socksBulkItem, socksCheckItem, socksItem, socksSchema } from '@console/shared/socks-proxies';
import { idParams } from '../../core/access.ts';
import { acceptFile, fileUploadSchema } from '../../core/imports/routes.ts';
import { socksCollection } from './socks-proxies.repo.ts';
import {
  bulkActions,
  bulkOwner,
  checkProxy,
  createSocks,
  deleteSocks,
  getSocks,
  updateSocks,
} from './socks-proxies.service.ts';
import { socksImport } from './socks-proxies.import.ts';

const tags = ['socks'];
const bulkQuery = z.object({ userId: z.string().max(20).optional() });

export const socksProxiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  socksCollection.serveList(app, '/socks', { tags });
  app.get('/socks/:id', { schema: { tags, params: idParams, response: { 200: socksItem } } }, (req) =>
    getSocks(ctx, req.user, req.params.id),
  );
  app.post('/socks', { schema: { tags, body: socksSchema, response: { 201: socksItem } } }, async (req, reply) =>
    reply.status(201).send(await createSocks(ctx, req.user, req.body)),
  );
  app.put(
    '/socks/:id',
    { schema: { tags, params: idParams, body: socksSchema, response: { 200: socksItem } } },
    (req) => updateSocks(ctx, req.user, req.params.id, req.body),
  );
  app.delete('/socks/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteSocks(ctx, req.user, req.params.id);
    return reply.status(204).send();
  });

  /** The health test of one proxy (SOCKS5 handshake and a CONNECT to the check target). */
  app.get('/socks/check/:id', { schema: { tags, params: idParams, response: { 200: socksCheckItem } } }, (req) =>
    checkProxy(ctx, req.user, req.params.id),
  );

  /** Restore Socks Activity, Remove Inactive Socks, Remove All Socks: the caller's, or an administrator's chosen owner's. */
  for (const [path, action] of Object.entries(bulkActions)) {
    app.get(
      `/socks/${path}`,
      { schema: { tags, querystring: bulkQuery, response: { 200: socksBulkItem } } },
      async (req) => ({
        count: await action.run(ctx.db, await bulkOwner(ctx, req.user, req.query.userId)),
        message: action.message,
      }),
    );
  }

  app.post('/add-socks-proxies', { schema: fileUploadSchema('socks') }, (req) => acceptFile(ctx, req, socksImport));
};
