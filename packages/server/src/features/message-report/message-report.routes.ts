import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGE_REPORT_FILE,
  MessageReportTitles as T,
  messageReportExportSchema,
} from '@console/shared/message-report';
import { reportDb, reportOwner } from '../../core/reports.ts';
import { cursorRows, sendXlsx, type XlsxColumn } from '../../core/xlsx.ts';
import { messageExportQuery, messageReportCollection, type MessageExportRow } from './message-report.repo.ts';

const tags = ['message-report'];

/** The export's columns: the screen's, numbers as numbers (profit in currency units, ratios as n of 1:n). */
const columns: XlsxColumn<MessageExportRow>[] = [
  { header: T.id, value: (r) => r.id, width: 10 },
  { header: T.name, value: (r) => r.name, width: 40 },
  { header: T.delivered, value: (r) => r.delivered },
  { header: T.clicked, value: (r) => r.clicked },
  { header: T.deliveredToOneClick, value: (r) => r.deliveredToOneClick, numFmt: '0.00', width: 16 },
  { header: T.conversions, value: (r) => r.conversions, width: 14 },
  { header: T.clickedToOneConversion, value: (r) => r.clickedToOneConversion, numFmt: '0.00', width: 18 },
  { header: T.profit, value: (r) => r.profit / 100, numFmt: '0.00' },
  {
    header: T.profitToOneConversion,
    value: (r) => (r.profitToOneConversion === null ? null : r.profitToOneConversion / 100),
    numFmt: '0.00',
    width: 18,
  },
];

/** GET message_reports (paged, order[field], userId, archiveStatus) and POST message-report-xlsx (spec 3 §7). */
export const messageReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  messageReportCollection.serveList(app, '/message_reports', { tags, report: true });
  app.post(
    '/message-report-xlsx',
    { config: { scope: messageReportCollection.scope }, schema: { tags, body: messageReportExportSchema } },
    async (req, reply) => {
      const b = req.body;
      const query = messageExportQuery(
        reportOwner(req.user, b.userId),
        b.archiveStatus,
        b.orderBy,
        b.direction === 'asc',
      );
      return sendXlsx(
        reply,
        MESSAGE_REPORT_FILE,
        'Message report',
        columns,
        cursorRows<MessageExportRow>(await reportDb(ctx, reply), query),
      );
    },
  );
};
