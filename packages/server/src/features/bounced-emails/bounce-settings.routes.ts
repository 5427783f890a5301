import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bounceSettingsBody, bounceSettingsItem } from '@console/shared/bounced-emails';
import { bounceSettings, setBounceSettings } from './bounce-settings.repo.ts';

const config = { admin: true };
const tags = ['bounced_emails'];

/**
 * Administrators: how many soft bounces within how many days suppress an address (decision 1361), and the
 * share of infrastructure bounces that pauses a PMTA relay for a mail service (1362), the complaint and
 * hard-bounce rates that pause a campaign (1391). A new value applies from the next bounce or the next
 * check; nobody is suppressed or paused by the change itself.
 */
export const bounceSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get('/bounce_settings', { config, schema: { tags, response: { 200: bounceSettingsItem } } }, () =>
    bounceSettings(ctx.db),
  );
  app.put(
    '/bounce_settings',
    { config, schema: { tags, body: bounceSettingsBody, response: { 200: bounceSettingsItem } } },
    async (req) => {
      await setBounceSettings(ctx.db, req.body);
      return bounceSettings(ctx.db);
    },
  );
};
