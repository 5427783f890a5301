// @ts-nocheck
import type { MailProviderReportBody, MailProviderReportResponse } from '@console/shared/mail-provider-report';
import { useReport } from '@/components/reports/use-report.ts';

export const mailProviderReportKey = 'mail-provider-report';

/** POST /api/mail-provider-report {userId, orderBy, direction, fromDate, toDate}: once `body` is set. */
export const useMailProviderReport = (body: MailProviderReportBody | undefined) =>
  useReport<MailProviderReportResponse>(mailProviderReportKey, '/mail-provider-report', body);
