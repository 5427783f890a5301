import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { relayDeliverabilitiesCollection } from './pmta-relay-deliverabilities.repo.ts';

const tags = ['pmta-relay-deliverabilities'];

/** GET pmta_relay_deliverabilities (spec 3 §7): smtpHost, group id, mail provider id, order, paging; administrators. */
export const pmtaRelayDeliverabilitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  relayDeliverabilitiesCollection.serveList(app, '/pmta_relay_deliverabilities', { tags, config: { admin: true } });
};
