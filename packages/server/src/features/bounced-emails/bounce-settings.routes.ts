import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bounceSettingsSchema } from '@console/shared/bounced-emails';
import { bounceSettings, setBounceSettings } from './bounce-settings.repo.ts';

const config = { admin: true };
const tags = ['bounced_emails'];

/**
 * Administrators: how many soft bounces within how many days suppress an address (decision 1361), and the
 * share of infrastructure bounces that pauses a PMTA relay for a mail service (1362). A new value applies
 * from the next bounce; nobody is suppressed or paused by the change itself.
 */
export const bounceSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get('/bounce_settings', { config, schema: { tags, response: { 200: bounceSettingsSchema } } }, () =>
    bounceSettings(ctx.db),
  );
  app.put(
    '/bounce_settings',
    { config, schema: { tags, body: bounceSettingsSchema, response: { 200: bounceSettingsSchema } } },
    async (req) => {
      await setBounceSettings(ctx.db, req.body);
      return bounceSettings(ctx.db);
    },
  );
};
