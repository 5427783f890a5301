import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { INDICATOR_XLSX_FILENAME, IndicatorMessages, indicatorXlsxSchema } from '@console/shared/pmta-relay-indicators';
import { invalid } from '../../core/errors.ts';
import { reportDb } from '../../core/reports.ts';
import { cursorRows, sendXlsx } from '../../core/xlsx.ts';
import { indicatorExportColumns } from './pmta-relay-indicators.xlsx.ts';
import {
  indicatorExportQuery,
  relayIndicatorsCollection,
  type IndicatorExportRow,
} from './pmta-relay-indicators.repo.ts';

const tags = ['pmta-relay-indicators'];
const config = { admin: true };

/** GET pmta_relay_indicators and POST pmta-relay-indicator-report-xlsx (spec 3 §7): administrators only. */
export const pmtaRelayIndicatorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  relayIndicatorsCollection.serveList(app, '/pmta_relay_indicators', { tags, config });
  app.post(
    '/pmta-relay-indicator-report-xlsx',
    { config, schema: { tags, body: indicatorXlsxSchema } },
    async (req, reply) => {
      // The export cannot filter by host (spec 3 "Reports"): refused rather than ignored.
      if (req.body['pmtaRelay.smtpHost'] !== undefined) throw invalid(IndicatorMessages.filterNotSupported);
      const rows = cursorRows<IndicatorExportRow>(await reportDb(ctx, reply), indicatorExportQuery(req.body));
      return sendXlsx(reply, INDICATOR_XLSX_FILENAME, 'Relays Indicators', indicatorExportColumns, rows);
    },
  );
};
