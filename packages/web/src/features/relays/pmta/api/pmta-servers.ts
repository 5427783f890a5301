import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { PmtaServer, PmtaServerBody, SshKeyInfo } from '@console/shared/pmta-servers';
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

const save = ({ id, body }: { id?: number; body: PmtaServerBody }) =>
  id ? http.put<PmtaServer>(`/pmta_servers/${id}`, body) : http.post<PmtaServer>('/pmta_servers', body);
const remove = (id: number) => http.delete<void>(`/pmta_servers/${id}`);

export const useSavePmtaServer = mutationHook(save, pmtaServersKey);
export const useDeletePmtaServer = mutationHook(remove, pmtaServersKey, ['pmta_relays']);

/* The edit page's operations on the host (decision 0903): answered errors stay on the page (no error pages). */
export interface ServiceReadiness {
  service: string;
  ready: boolean;
}
export interface ConfigDate {
  service: string;
  /** ISO 8601; null: missing on the host. */
  date: string | null;
}
export const getSoftwareReadiness = (id: number) =>
  http.get<ServiceReadiness[]>(`/pmta_servers/${id}/software_readiness`, { errorPage: false });
export const getConfigDates = (id: number) =>
  http.get<{ configsDates: ConfigDate[] }>(`/pmta_servers/${id}/config_dates`, { errorPage: false });
export const uploadConfig = (id: number) => http.post<void>(`/pmta_servers/${id}/config_upload`);

/** The signed-in owner's `authorized_keys` line and the servers that must carry it (decision 1010). */
export const useSshPublicKey = () =>
  useQuery({
    queryKey: ['pmta', 'ssh-public-key'],
    queryFn: () => http.get<SshKeyInfo>('/pmta/ssh-public-key', { errorPage: false }),
  });
/** A new key pair for the signed-in owner (after a confirmation naming the servers to update). */
export const useRotateSshKey = mutationHook(
  () => http.post<SshKeyInfo>('/pmta/ssh-public-key/rotate', { confirm: true }),
  ['pmta', 'ssh-public-key'],
);
export const useClearHostKey = mutationHook(
  (id: number) => http.delete<void>(`/pmta/server/${id}/host-key`),
  pmtaServersKey,
);
