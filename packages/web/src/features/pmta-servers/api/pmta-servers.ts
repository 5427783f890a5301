import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection, SelectItem } from '@console/shared/hydra';
import type { PmtaServer, PmtaServerBody } from '@console/shared/pmta-servers';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const pmtaServersKey = ['pmta_servers'] as const;

/** GET /api/pmta_servers with _page, itemsPerPage, name, user.id. */
export const usePmtaServers = (query: Query) =>
  useQuery({
    queryKey: [...pmtaServersKey, 'list', query],
    queryFn: () => http.get<HydraCollection<PmtaServer>>('/pmta_servers', { query }),
    placeholderData: keepPreviousData,
  });

export const usePmtaServer = (id: number | undefined) =>
  useQuery({
    queryKey: [...pmtaServersKey, 'detail', id],
    queryFn: () => http.get<PmtaServer>(`/pmta_servers/${id}`),
    enabled: id !== undefined,
  });

/** One owner's servers (the relay screens): groups[]=select, pagination=false, user.id. */
export const usePmtaServerOptions = (ownerId?: number, enabled = true) =>
  useQuery({
    queryKey: [...pmtaServersKey, 'select', ownerId],
    queryFn: () =>
      http.get<HydraCollection<SelectItem>>('/pmta_servers', {
        query: { 'groups[]': 'select', pagination: 'false', 'user.id': ownerId },
      }),
    select: (c) => c['hydra:member'].map((s) => ({ value: s.id, label: s.name })),
    enabled,
  });

const save = ({ id, body }: { id?: number; body: PmtaServerBody }) =>
  id ? http.put<PmtaServer>(`/pmta_servers/${id}`, body) : http.post<PmtaServer>('/pmta_servers', body);
const remove = (id: number) => http.delete<void>(`/pmta_servers/${id}`);

export const useSavePmtaServer = mutationHook(save, pmtaServersKey);
export const useDeletePmtaServer = mutationHook(remove, pmtaServersKey, ['pmta_relays']);
