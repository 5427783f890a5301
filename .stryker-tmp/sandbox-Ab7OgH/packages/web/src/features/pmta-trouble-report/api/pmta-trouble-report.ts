// @ts-nocheck
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TroubleEntry, TroubleRecheckResponse, TroubleReportBody } from '@console/shared/pmta-trouble-report';
import { http } from '@/lib/http.ts';

export const troubleReportKey = ['pmta-trouble-report'] as const;

/** POST /api/pmta-trouble-report {userId, orderBy, asc}: only once Get was pressed (`body` set). */
export const useTroubleReport = (body: TroubleReportBody | undefined) =>
  useQuery({
    queryKey: [...troubleReportKey, body],
    queryFn: () => http.post<{ report: TroubleEntry[] }>('/pmta-trouble-report', body),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
  });

/** POST /api/pmta-trouble-report-recheck {pmtaServerId}: the server checked now. */
export const recheckServer = (pmtaServerId: number) =>
  http.post<TroubleRecheckResponse>('/pmta-trouble-report-recheck', { pmtaServerId });
