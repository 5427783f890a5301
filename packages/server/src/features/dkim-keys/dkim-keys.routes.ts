import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { complaintAddressSchema, dkimDnsCheck, dkimKeyItem, dkimKeySchema } from '@console/shared/dkim-keys';
import { idParams } from '../../core/access.ts';
import { dkimKeysCollection } from './dkim-keys.repo.ts';
import { checkDkimDns, createDkimKey, deleteDkimKey, getDkimKey, updateComplaintAddress } from './dkim-keys.service.ts';

const tags = ['dkim-keys'];

/** DKIM keys of sender domains for SMTP campaigns (issue 26, decision 1020). */
export const dkimKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  dkimKeysCollection.serveList(app, '/dkim_keys', { tags });
  app.get('/dkim_keys/:id', { schema: { tags, params: idParams, response: { 200: dkimKeyItem } } }, (req) =>
    getDkimKey(ctx, req.user, req.params.id),
  );
  app.post(
    '/dkim_keys',
    { schema: { tags, body: dkimKeySchema, response: { 201: dkimKeyItem } } },
    async (req, reply) => reply.status(201).send(await createDkimKey(ctx, req.user, req.body)),
  );
  app.post('/dkim_keys/:id/check_dns', { schema: { tags, params: idParams, response: { 200: dkimDnsCheck } } }, (req) =>
    checkDkimDns(ctx, req.user, req.params.id),
  );
  /** CFBL (RFC 9477, decision 1392): the complaint address the domain's SMTP mail announces. */
  app.put(
    '/dkim_keys/:id/complaint_address',
    { schema: { tags, params: idParams, body: complaintAddressSchema, response: { 200: dkimKeyItem } } },
    (req) => updateComplaintAddress(ctx, req.user, req.params.id, req.body.complaintAddress),
  );
  app.delete('/dkim_keys/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteDkimKey(ctx, req.user, req.params.id);
    return reply.status(204).send();
  });
};
