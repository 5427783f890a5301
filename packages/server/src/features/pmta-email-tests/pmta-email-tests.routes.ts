import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PMTA_EMAIL_TEST_STATUSES,
  pmtaEmailTestItem,
  pmtaEmailTestSchema,
  pmtaEmailTestStatusesAnswer,
} from '@console/shared/pmta-email-tests';
import { idParams } from '../../core/access.ts';
import { pmtaEmailTestsCollection } from './pmta-email-tests.repo.ts';
import { createPmtaEmailTest, getPmtaEmailTest } from './pmta-email-tests.service.ts';

const tags = ['pmta e-mail tests'];

/** Every user runs and sees their own tests; administrators see (and filter by owner) all of them. */
export const pmtaEmailTestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  pmtaEmailTestsCollection.serveList(app, '/pmta_email_tests', { tags });

  app.get(
    '/pmta_email_tests/:id',
    { schema: { tags, params: idParams, response: { 200: pmtaEmailTestItem } } },
    async (req) => getPmtaEmailTest(ctx, req.user, req.params.id),
  );

  app.post(
    '/pmta-email-test',
    { schema: { tags, body: pmtaEmailTestSchema, response: { 201: pmtaEmailTestItem } } },
    async (req, reply) => reply.status(201).send(await createPmtaEmailTest(ctx, req.user, req.body)),
  );

  app.get(
    '/pmta-email-test/statuses',
    { schema: { tags, response: { 200: pmtaEmailTestStatusesAnswer } } },
    async () => ({ statuses: [...PMTA_EMAIL_TEST_STATUSES] }),
  );
};
