import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type {
  PmtaRelay,
  PmtaRelayCreateBody,
  PmtaRelayUpdateBody,
  RelayReputation,
  RelaySwitch,
} from '@console/shared/pmta-relays';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';
import { relaysKey } from '@/lib/relays.ts';

export const pmtaRelaysKey = relaysKey('pmta');

/** GET /api/pmta_relays with the list's filters, `order[field]` and paging. */
export const getPmtaRelays = (query: Query) => http.get<HydraCollection<PmtaRelay>>('/pmta_relays', { query });
export const usePmtaRelays = (query: Query) =>
  useQuery({
    queryKey: [...pmtaRelaysKey, 'list', query],
    queryFn: () => getPmtaRelays(query),
    placeholderData: keepPreviousData,
  });

/** POST /api/pmta_relays/count_poor with the same filters, under the names this call uses. */
export const usePoorCount = (query: Query) => {
  const body = {
    hostname: query.smtpHost,
    description: query.description,
    userId: query['user.id'],
    pmtaRelayGroupId: query['group.id'],
    pmtaServerId: query['pmtaServer.id'],
    id: query.id,
    isVps: query['pmtaServer.isVps'],
  };
  return useQuery({
    queryKey: [...pmtaRelaysKey, 'poor', body],
    queryFn: () => http.post<{ count: number }>('/pmta_relays/count_poor', body),
    placeholderData: keepPreviousData,
  });
};

export const usePmtaRelay = (id: number | undefined) =>
  useQuery({
    queryKey: [...pmtaRelaysKey, 'detail', id],
    queryFn: () => http.get<PmtaRelay>(`/pmta_relays/${id}`),
    enabled: id !== undefined,
  });

/** The Status dialog: GET /api/pmta_relays/{id}?groups[]=relay_reputations. */
export const useReputations = (id: number | undefined) =>
  useQuery({
    queryKey: [...pmtaRelaysKey, 'reputations', id],
    queryFn: () =>
      http.get<PmtaRelay & { reputations: RelayReputation[] }>(`/pmta_relays/${id}`, {
        query: { 'groups[]': 'relay_reputations' },
      }),
    enabled: id !== undefined,
  });

export const useSwitches = (id: number | undefined) =>
  useQuery({
    queryKey: [...pmtaRelaysKey, 'switches', id],
    queryFn: () => http.get<{ switches: RelaySwitch[] }>(`/pmta_relay_switches/${id}`),
    enabled: id !== undefined,
  });

const create = (body: PmtaRelayCreateBody) => http.post<PmtaRelay>('/pmta_relays', body);
const update = ({ id, body }: { id: number; body: PmtaRelayUpdateBody }) =>
  http.put<PmtaRelay>(`/pmta_relays/${id}`, body);
const remove = (id: number) => http.delete<void>(`/pmta_relays/${id}`);
const saveSwitches = ({ id, switches }: { id: number; switches: RelaySwitch[] }) =>
  http.post<{ switches: RelaySwitch[] }>(`/pmta_relay_switches/${id}`, { switches });

export const useCreatePmtaRelay = mutationHook(create, pmtaRelaysKey);
export const useUpdatePmtaRelay = mutationHook(update, pmtaRelaysKey);
export const useDeletePmtaRelay = mutationHook(remove, pmtaRelaysKey);
export const useSaveSwitches = mutationHook(saveSwitches, pmtaRelaysKey);

/** The DKIM and VMTA buttons of the edit page (spec 2): GETs that answer text, or 'Error: ...'. */
export const relayOperation = {
  getDkim: (id: number) => http.get<{ dkim: string }>(`/pmta_relays/${id}/get_dkim`),
  genDkim: (id: number) => http.get<{ dkim: string }>(`/pmta_relays/${id}/gen_dkim`),
  delDkim: (id: number) => http.get<{ success: boolean }>(`/pmta_relays/${id}/del_dkim`),
  vmtaConfigDate: (id: number) => http.get<{ date: string }>(`/pmta_relays/${id}/vmta_config_date`),
  uploadVmta: (id: number) => http.get<{ success: boolean }>(`/pmta_relays/${id}/upload_vmta`),
  deleteVmta: (id: number) => http.get<{ success: boolean }>(`/pmta_relays/${id}/delete_vmta`),
};
