import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ComplaintEmailMessages as M,
  complaintEmailItem,
  complaintLiftAnswer,
  complaintLiftSchema,
} from '@console/shared/complaint-emails';
import { found, idParams } from '../../core/access.ts';
import { sendCsv, type CsvColumn } from '../../core/csv.ts';
import {
  complaintEmailsCollection,
  complaintExportRows,
  findComplaintEmail,
  type ComplaintExportRow,
} from './complaint-emails.repo.ts';
import { liftComplaintEmails } from './complaint-emails.service.ts';

const config = { admin: true };
const tags = ['complaint_emails'];

/** The export's columns: the screen's, owner, campaign and relay by name. */
const csvColumns: CsvColumn<ComplaintExportRow>[] = [
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Owner', value: (r) => r.owner },
  { header: 'Source', value: (r) => r.source },
  { header: 'First complaint', value: (r) => r.firstComplaintAt },
  { header: 'Last complaint', value: (r) => r.lastComplaintAt },
  { header: 'Complaints', value: (r) => r.count },
  { header: 'Campaign', value: (r) => r.campaign },
  { header: 'Relay', value: (r) => r.relay },
];

/** Administrators: Complaints (decisions 1390, 1393): list, search, export, lift one or many. */
export const complaintEmailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  complaintEmailsCollection.serveList(app, '/complaint_emails', { tags, config });
  /** The rows the same filters select (paging ignored), as complaints.csv. */
  app.get(
    '/complaint_emails/export',
    { config, schema: { tags, querystring: complaintEmailsCollection.query } },
    (req, reply) => sendCsv(reply, 'complaints.csv', csvColumns, complaintExportRows(ctx.db, req.user, req.query)),
  );
  app.get(
    '/complaint_emails/:id',
    { config, schema: { tags, params: idParams, response: { 200: complaintEmailItem } } },
    async (req) => found(await findComplaintEmail(ctx.db, req.params.id), M.notFound),
  );
  /** Lifts one address's suppression for its owner. */
  app.delete('/complaint_emails/:id', { config, schema: { tags, params: idParams } }, async (req, reply) => {
    found(await findComplaintEmail(ctx.db, req.params.id), M.notFound);
    await liftComplaintEmails(ctx, [req.params.id]);
    return reply.status(204).send();
  });
  /** Lifts many: all found or none lifted. */
  app.post(
    '/complaint_emails/bulk_delete',
    { config, schema: { tags, body: complaintLiftSchema, response: { 200: complaintLiftAnswer } } },
    async (req) => ({ lifted: await liftComplaintEmails(ctx, req.body.ids) }),
  );
};
