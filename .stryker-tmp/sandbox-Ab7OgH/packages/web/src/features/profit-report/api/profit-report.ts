// @ts-nocheck
import type { ProfitReportBody, ProfitReportResponse } from '@console/shared/profit-report';
import { useReport } from '@/components/reports/use-report.ts';

export const profitReportKey = 'profit-report';

/** POST /api/profit-report: only once Get was pressed (`body` set). */
export const useProfitReport = (body: ProfitReportBody | undefined) =>
  useReport<ProfitReportResponse>(profitReportKey, '/profit-report', body);
