// @ts-nocheck
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import {
  INDICATOR_XLSX_FILENAME,
  type IndicatorXlsxBody,
  type RelayIndicator,
} from '@console/shared/pmta-relay-indicators';
import { http, type Query } from '@/lib/http.ts';

export const relayIndicatorsKey = ['pmta_relay_indicators'] as const;

/** GET /api/pmta_relay_indicators: _page, itemsPerPage, the filters by their keys, order[field]. */
export const useRelayIndicators = (query: Query) =>
  useQuery({
    queryKey: [...relayIndicatorsKey, 'list', query],
    queryFn: () => http.get<HydraCollection<RelayIndicator>>('/pmta_relay_indicators', { query }),
    placeholderData: keepPreviousData,
  });

/**
 * POST /api/pmta-relay-indicator-report-xlsx with the filters as JSON: the file is fetched (a plain link
 * would carry no bearer token) and handed to the browser as a download.
 */
async function downloadIndicators(body: IndicatorXlsxBody): Promise<void> {
  const blob = await http.post<Blob>('/pmta-relay-indicator-report-xlsx', body, { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = INDICATOR_XLSX_FILENAME;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const useDownloadIndicators = () => useMutation({ mutationFn: downloadIndicators });
