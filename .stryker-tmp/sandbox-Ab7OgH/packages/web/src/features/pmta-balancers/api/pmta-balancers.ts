// @ts-nocheck
import { useQuery } from '@tanstack/react-query';
import type { BalancerEntry, BalancerUploadBody } from '@console/shared/pmta-balancers';
import type { PmtaServer } from '@console/shared/pmta-servers';
import { http } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const pmtaBalancersKey = ['pmta_balancers'] as const;

/** GET /api/pmta/server/{id}/balancers: every entry at once (one per mail service setting, no paging). */
export const useBalancers = (serverId: number | undefined) =>
  useQuery({
    queryKey: [...pmtaBalancersKey, serverId],
    queryFn: () => http.get<BalancerEntry[]>(`/pmta/server/${serverId}/balancers`),
    enabled: serverId !== undefined,
  });

/** The server's name for the page's title (another user's server leads to the 404 page). */
export const useBalancersServer = (serverId: number | undefined) =>
  useQuery({
    queryKey: [...pmtaBalancersKey, 'server', serverId],
    queryFn: () => http.get<PmtaServer>(`/pmta_servers/${serverId}`),
    enabled: serverId !== undefined,
  });

/** Sync: the caller reloads the list whatever the answer (a failure marks the entries 'upload failed'). */
export const syncBalancers = (id: number) =>
  http.post<void>('/pmta/server/balancers/upload', { id } satisfies BalancerUploadBody);

const deleteBalancer = (entryId: number) => http.delete<void>(`/pmta/server/balancers/delete/${entryId}`);
export const useDeleteBalancer = mutationHook(deleteBalancer, pmtaBalancersKey);
