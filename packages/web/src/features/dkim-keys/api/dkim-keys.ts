import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { ComplaintAddressBody, DkimDnsCheck, DkimKey, DkimKeyBody } from '@console/shared/dkim-keys';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const dkimKeysKey = ['dkim-keys'] as const;

export const useDkimKeys = (query: Query) =>
  useQuery({
    queryKey: [...dkimKeysKey, 'list', query],
    queryFn: () => http.get<HydraCollection<DkimKey>>('/dkim_keys', { query }),
    placeholderData: keepPreviousData,
  });

export const useDkimKey = (id: number | undefined) =>
  useQuery({
    queryKey: [...dkimKeysKey, 'detail', id],
    queryFn: () => http.get<DkimKey>(`/dkim_keys/${id}`),
    enabled: id !== undefined,
  });

const create = (body: DkimKeyBody) => http.post<DkimKey>('/dkim_keys', body);
const remove = (id: number) => http.delete<void>(`/dkim_keys/${id}`);
const checkDns = (id: number) => http.post<DkimDnsCheck>(`/dkim_keys/${id}/check_dns`);

export const useCreateDkimKey = mutationHook(create, dkimKeysKey);
export const useDeleteDkimKey = mutationHook(remove, dkimKeysKey);
export const useCheckDkimDns = mutationHook(checkDns, dkimKeysKey);
/** PUT /api/dkim_keys/{id}/complaint_address (CFBL, decision 1392). */
export const useSetComplaintAddress = mutationHook(
  ({ id, ...body }: ComplaintAddressBody & { id: number }) =>
    http.put<DkimKey>(`/dkim_keys/${id}/complaint_address`, body),
  dkimKeysKey,
);
