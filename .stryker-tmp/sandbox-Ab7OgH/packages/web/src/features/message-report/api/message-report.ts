// @ts-nocheck
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import {
  MESSAGE_REPORT_FILE,
  type MessageReportExportBody,
  type MessageReportRow,
} from '@console/shared/message-report';
import { OWN_ERROR_DIALOG } from '@/components/feedback.tsx';
import { http, type Query } from '@/lib/http.ts';

export const messageReportKey = 'message-report';

/** GET /api/message_reports: `_page`, `itemsPerPage`, `order[field]`, `userId`, `archiveStatus`; nothing until `query` is set. */
export const useMessageReport = (query: Query | undefined) =>
  useQuery({
    queryKey: [messageReportKey, query],
    queryFn: () => http.get<HydraCollection<MessageReportRow>>('/message_reports', { query, errorPage: false }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
    meta: { [OWN_ERROR_DIALOG]: true },
  });

/**
 * POST /api/message-report-xlsx with the screen's filter and order as JSON; the file is fetched with the
 * bearer token and handed to the browser as message-report.xlsx.
 */
export async function downloadMessageReport(body: MessageReportExportBody): Promise<void> {
  const blob = await http.post<Blob>('/message-report-xlsx', body, { responseType: 'blob', errorPage: false });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = MESSAGE_REPORT_FILE;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the blob to the download; free it once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
