// @ts-nocheck
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { Socks, SocksBody, SocksBulk, SocksCheck } from '@console/shared/socks-proxies';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const socksKey = ['socks'] as const;

/** GET /api/socks with _page, itemsPerPage, ip, user.id, smtpRelayGroup.id, order[id|ip|active]. */
export const useSocksList = (query: Query) =>
  useQuery({
    queryKey: [...socksKey, 'list', query],
    queryFn: () => http.get<HydraCollection<Socks>>('/socks', { query }),
    placeholderData: keepPreviousData,
  });

export const useSocks = (id: number | undefined) =>
  useQuery({
    queryKey: [...socksKey, 'detail', id],
    queryFn: () => http.get<Socks>(`/socks/${id}`),
    enabled: id !== undefined,
  });

const save = ({ id, body }: { id?: number; body: SocksBody }) =>
  id ? http.put<Socks>(`/socks/${id}`, body) : http.post<Socks>('/socks', body);
const remove = (id: number) => http.delete<void>(`/socks/${id}`);
/** GET /api/socks/check/{id}: the proxy's health test; it also sets the proxy's activity. */
const check = (id: number) => http.get<SocksCheck>(`/socks/check/${id}`);

export type SocksBulkAction = 'reset-activity' | 'delete-inactive' | 'delete-all';
/** GET /api/socks/{action} with the optional owner (administrators). */
const bulk = ({ action, userId }: { action: SocksBulkAction; userId?: number }) =>
  http.get<SocksBulk>(`/socks/${action}`, { query: { userId } });

export const useSaveSocks = mutationHook(save, socksKey);
export const useDeleteSocks = mutationHook(remove, socksKey);
export const useCheckSocks = mutationHook(check, socksKey);
export const useSocksBulk = mutationHook(bulk, socksKey);
