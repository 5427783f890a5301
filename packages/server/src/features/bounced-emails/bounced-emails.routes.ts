import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BouncedEmailMessages as M,
  bouncedEmailItem,
  bouncedLiftAnswer,
  bouncedLiftSchema,
} from '@console/shared/bounced-emails';
import { found, idParams } from '../../core/access.ts';
import { sendCsv, type CsvColumn } from '../../core/csv.ts';
import { reportDb } from '../../core/reports.ts';
import {
  bouncedEmailsCollection,
  bouncedExportRows,
  findBouncedEmail,
  type BouncedExportRow,
} from './bounced-emails.repo.ts';
import { liftBouncedEmails } from './bounced-emails.service.ts';

const config = { admin: true };
const tags = ['bounced_emails'];

/** The export's columns: the screen's, campaign and relay by name. */
const csvColumns: CsvColumn<BouncedExportRow>[] = [
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Reason', value: (r) => r.reason },
  { header: 'Diagnostic', value: (r) => r.diagnostic },
  { header: 'First bounce', value: (r) => r.firstBounceAt },
  { header: 'Last bounce', value: (r) => r.lastBounceAt },
  { header: 'Bounces', value: (r) => r.count },
  { header: 'Campaign', value: (r) => r.campaign },
  { header: 'Relay', value: (r) => r.relay },
];

/** Administrators: Bounced Emails (decision 1111): list, search, export, lift one or many. */
export const bouncedEmailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // Unfiltered, the total is the kept row count (decision 1461).
  bouncedEmailsCollection.serveList(app, '/bounced_emails', { tags, config, rowCount: 'bounced_emails' });
  /** The rows the same filters select (paging ignored), as bounced-emails.csv. */
  app.get(
    '/bounced_emails/export',
    { config, schema: { tags, querystring: bouncedEmailsCollection.query } },
    async (req, reply) =>
      sendCsv(
        reply,
        'bounced-emails.csv',
        csvColumns,
        bouncedExportRows(await reportDb(ctx, reply), req.user, req.query),
      ),
  );
  app.get(
    '/bounced_emails/:id',
    { config, schema: { tags, params: idParams, response: { 200: bouncedEmailItem } } },
    async (req) => found(await findBouncedEmail(ctx.db, req.params.id), M.notFound),
  );
  /** Lifts one address's suppression. */
  app.delete('/bounced_emails/:id', { config, schema: { tags, params: idParams } }, async (req, reply) => {
    found(await findBouncedEmail(ctx.db, req.params.id), M.notFound);
    await liftBouncedEmails(ctx, [req.params.id]);
    return reply.status(204).send();
  });
  /** Lifts many: all found or none lifted. */
  app.post(
    '/bounced_emails/bulk_delete',
    { config, schema: { tags, body: bouncedLiftSchema, response: { 200: bouncedLiftAnswer } } },
    async (req) => ({ lifted: await liftBouncedEmails(ctx, req.body.ids) }),
  );
};
