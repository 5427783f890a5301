// @ts-nocheck
import type {
  RelayReport,
  RelayReportBody,
  RelaysReportBody,
  RelaysReportRow,
} from '@console/shared/pmta-relays-report';
import { useReport } from '@/components/reports/use-report.ts';

export const relaysReportKey = 'pmta-relays-report';

/** POST /api/pmta-relays-report: once Get was pressed (`body` set). */
export const useRelaysReport = (body: RelaysReportBody | undefined) =>
  useReport<{ report: RelaysReportRow[] }>(relaysReportKey, '/pmta-relays-report', body);

/** POST /api/pmta-relay-report: the popup of one relay, while it is open. */
export const useRelayReport = (body: RelayReportBody | undefined) =>
  useReport<RelayReport>('pmta-relay-report', '/pmta-relay-report', body);
