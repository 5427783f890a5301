import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId } from '@console/shared/ids';
import {
  easyAnswer,
  easyEditSchema,
  pmtaSpeedCreateSchema,
  pmtaSpeedItem,
  pmtaSpeedUpdateSchema,
  pmtaSpeedsAnswer,
  pmtaSpeedsIdsSchema,
} from '@console/shared/pmta-speeds';
import { idParams } from '../../core/access.ts';
import { pmtaSpeedsCollection } from './pmta-speeds.repo.ts';
import {
  createSpeeds,
  deleteSpeeds,
  easyDelete,
  easyEdit,
  getSpeed,
  syncSpeeds,
  updateSpeed,
} from './pmta-speeds.service.ts';

const tags = ['pmta_speeds'];
const config = { admin: true };
const pathId = z.string().refine(isId, 'Invalid id.').transform(Number);
const pairParams = z.object({ relayId: pathId, providerId: pathId });

/**
 * PMTA speeds (spec 3, decision 0908): the screen's calls are for administrators; easy_edit and easy_delete
 * serve the mail-service report, so the relay's owner may use them too.
 */
export const pmtaSpeedsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  pmtaSpeedsCollection.serveList(app, '/pmta_speeds', { tags, config });
  app.get('/pmta_speeds/:id', { config, schema: { tags, params: idParams, response: { 200: pmtaSpeedItem } } }, (req) =>
    getSpeed(ctx, req.params.id),
  );
  app.put(
    '/pmta_speeds/:id',
    { config, schema: { tags, params: idParams, body: pmtaSpeedUpdateSchema, response: { 200: pmtaSpeedItem } } },
    (req) => updateSpeed(ctx, req.params.id, req.body.localValue),
  );
  app.post(
    '/pmta_speed/create',
    {
      config,
      schema: { tags, body: pmtaSpeedCreateSchema, response: { 201: pmtaSpeedsCollection.response } },
    },
    async (req, reply) => reply.status(201).send(await createSpeeds(ctx, req.user, req.body)),
  );
  app.post(
    '/pmta_speed/delete',
    { config, schema: { tags, body: pmtaSpeedsIdsSchema, response: { 200: pmtaSpeedsAnswer } } },
    (req) => deleteSpeeds(ctx, req.body.pmtaSpeedsIds),
  );
  app.post(
    '/pmta_speed/sync',
    { config, schema: { tags, body: pmtaSpeedsIdsSchema, response: { 200: pmtaSpeedsAnswer } } },
    (req) => syncSpeeds(ctx, req.body.pmtaSpeedsIds),
  );
  app.post(
    '/pmta_speed/easy_edit/:relayId/:providerId',
    { schema: { tags, params: pairParams, body: easyEditSchema, response: { 200: easyAnswer } } },
    (req) => easyEdit(ctx, req.user, req.params.relayId, req.params.providerId, req.body.localValue),
  );
  app.post(
    '/pmta_speed/easy_delete/:relayId/:providerId',
    { schema: { tags, params: pairParams, response: { 200: easyAnswer } } },
    (req) => easyDelete(ctx, req.user, req.params.relayId, req.params.providerId),
  );
};
