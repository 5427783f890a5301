import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  mailServiceSettingItem,
  mailServiceSettingSchema,
  mailServiceSettingCreateSchema,
  pmtaConfigAnswer,
} from '@console/shared/mail-service-settings';
import { idParams } from '../../core/access.ts';
import { mailServiceSettingsCollection } from './mail-service-settings.repo.ts';
import {
  createMailServiceSetting,
  deleteMailServiceSetting,
  getMailServiceSetting,
  pmtaConfigOf,
  updateMailServiceSetting,
} from './mail-service-settings.service.ts';

const tags = ['mail_service_settings'];
const config = { admin: true };

/** Administrators: the balancer profiles, each a PowerMTA `<domain>` block per domain it names. */
export const mailServiceSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  mailServiceSettingsCollection.serveList(app, '/mail_service_settings', { tags, config });
  app.get(
    '/mail_service_settings/:id',
    { config, schema: { tags, params: idParams, response: { 200: mailServiceSettingItem } } },
    (req) => getMailServiceSetting(ctx, req.params.id),
  );
  app.post(
    '/mail_service_settings',
    { config, schema: { tags, body: mailServiceSettingCreateSchema, response: { 201: mailServiceSettingItem } } },
    async (req, reply) => reply.status(201).send(await createMailServiceSetting(ctx, req.body)),
  );
  app.put(
    '/mail_service_settings/:id',
    {
      config,
      schema: { tags, params: idParams, body: mailServiceSettingSchema, response: { 200: mailServiceSettingItem } },
    },
    (req) => updateMailServiceSetting(ctx, req.params.id, req.body),
  );
  app.delete('/mail_service_settings/:id', { config, schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteMailServiceSetting(ctx, req.params.id);
    return reply.status(204).send();
  });
  app.get(
    '/mail_service_settings/:id/pmta_config',
    { config, schema: { tags, params: idParams, response: { 200: pmtaConfigAnswer } } },
    (req) => pmtaConfigOf(ctx, req.params.id),
  );
};
