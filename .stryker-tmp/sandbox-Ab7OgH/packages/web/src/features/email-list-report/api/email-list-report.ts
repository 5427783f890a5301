// @ts-nocheck
import type { EmailListReportBody, EmailListReportResponse } from '@console/shared/email-list-report';
import { useReport } from '@/components/reports/use-report.ts';

export const emailListReportKey = 'email-list-report';

/** POST /api/email-list-report {userId, orderBy, direction, fromDate, toDate}: once `body` is set. */
export const useEmailListReport = (body: EmailListReportBody | undefined) =>
  useReport<EmailListReportResponse>(emailListReportKey, '/email-list-report', body);
