import { useQuery } from '@tanstack/react-query';
import type {
  DeliveryQueue,
  DeliveryServer,
  PmtaQueueAction,
  PmtaQueueActionBody,
  SmtpDelivery,
} from '@console/shared/delivery';
import { http } from '@/lib/http.ts';

export const deliveryKey = ['delivery'] as const;
export const pmtaDeliveryKey = [...deliveryKey, 'pmta'] as const;
export const smtpDeliveryKey = [...deliveryKey, 'smtp'] as const;

/**
 * Reading a view keeps its servers watched on the server for a minute, and has a server not read for a few
 * seconds read at once (decision 1400): the screen reads again every 15 s besides every live change.
 */
const KEEP_WATCHING_MS = 15_000;

/** GET /api/delivery/pmta_servers: every server's queues summed per mail service. */
export const useDeliveryServers = () =>
  useQuery({
    queryKey: pmtaDeliveryKey,
    queryFn: () => http.get<{ items: DeliveryServer[] }>('/delivery/pmta_servers'),
    refetchInterval: KEEP_WATCHING_MS,
  });

/** GET /api/delivery/pmta_servers/{id}: one server's queues. */
export const useServerQueues = (id: number | undefined) =>
  useQuery({
    queryKey: [...pmtaDeliveryKey, id],
    queryFn: () => http.get<{ server: DeliveryServer; items: DeliveryQueue[] }>(`/delivery/pmta_servers/${id}`),
    enabled: id !== undefined,
    refetchInterval: KEEP_WATCHING_MS,
  });

/** GET /api/delivery/smtp_relays: the engine's relays per mail service. */
export const useSmtpDelivery = () =>
  useQuery({
    queryKey: smtpDeliveryKey,
    queryFn: () => http.get<{ items: SmtpDelivery[] }>('/delivery/smtp_relays'),
  });

/** POST /api/delivery/pmta_servers/{id}/queue_actions. */
export const queueAction = (serverId: number, queue: string, action: PmtaQueueAction) =>
  http.post<{ queue: string; action: PmtaQueueAction; deleted: number | null }>(
    `/delivery/pmta_servers/${serverId}/queue_actions`,
    { queue, action } satisfies PmtaQueueActionBody,
  );
