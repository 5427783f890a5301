import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PMTA_CONFIG_TYPES,
  pmtaConfigContent,
  pmtaConfigItem,
  pmtaConfigTypesAnswer,
} from '@console/shared/pmta-configs';
import { idParams } from '../../core/access.ts';
import { readConfigForm } from './pmta-config-file.ts';
import { pmtaConfigsCollection } from './pmta-configs.repo.ts';
import { configContent, createConfig, deleteConfig, getConfig, updateConfig } from './pmta-configs.service.ts';

const tags = ['pmta_configs'];
const config = { admin: true };

/** PMTA config files (spec 3, decision 0907): administrators only. */
export const pmtaConfigsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  pmtaConfigsCollection.serveList(app, '/pmta_configs', { tags, config });
  app.get(
    '/pmta_configs/:id',
    { config, schema: { tags, params: idParams, response: { 200: pmtaConfigItem } } },
    (req) => getConfig(ctx, req.params.id),
  );
  /** The config types by index: 0 servers, 1 relays. */
  app.get('/pmta_config/types', { config, schema: { tags, response: { 200: pmtaConfigTypesAnswer } } }, () => [
    ...PMTA_CONFIG_TYPES,
  ]);
  app.get(
    '/pmta_config/:id/content',
    { config, schema: { tags, params: idParams, response: { 200: pmtaConfigContent } } },
    (req) => configContent(ctx, req.params.id),
  );
  /** Multipart: `prePmtaConfig` (JSON of name and type) and `configFile`. */
  app.post(
    '/pmta_config/create',
    { config, schema: { tags, consumes: ['multipart/form-data'], response: { 201: pmtaConfigItem } } },
    async (req, reply) => reply.status(201).send(await createConfig(ctx, await readConfigForm(req))),
  );
  /** As create; without a file the content stays. */
  app.post(
    '/pmta_config/:id/update',
    {
      config,
      schema: { tags, params: idParams, consumes: ['multipart/form-data'], response: { 200: pmtaConfigItem } },
    },
    async (req) => updateConfig(ctx, req.params.id, await readConfigForm(req)),
  );
  app.delete('/pmta_config/:id', { config, schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteConfig(ctx, req.params.id);
    return reply.status(204).send();
  });
};
