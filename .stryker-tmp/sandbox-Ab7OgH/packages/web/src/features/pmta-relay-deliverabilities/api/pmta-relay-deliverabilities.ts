// @ts-nocheck
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { RelayDeliverability } from '@console/shared/pmta-relay-deliverabilities';
import { http, type Query } from '@/lib/http.ts';

export const relayDeliverabilitiesKey = ['pmta_relay_deliverabilities'] as const;

/** GET /api/pmta_relay_deliverabilities: smtpHost, group.id, mailProvider.id, order[field], paging; once Get was pressed. */
export const useRelayDeliverabilities = (query: Query | undefined) =>
  useQuery({
    queryKey: [...relayDeliverabilitiesKey, 'list', query],
    queryFn: () =>
      http.get<HydraCollection<RelayDeliverability>>('/pmta_relay_deliverabilities', { query, errorPage: false }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
