// @ts-nocheck
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { Link, LinkBody } from '@console/shared/links';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const linksKey = ['links'] as const;

export const useLinks = (query: Query) =>
  useQuery({
    queryKey: [...linksKey, 'list', query],
    queryFn: () => http.get<HydraCollection<Link>>('/links', { query }),
    placeholderData: keepPreviousData,
  });

export const useLink = (id: number | undefined) =>
  useQuery({
    queryKey: [...linksKey, 'detail', id],
    queryFn: () => http.get<Link>(`/links/${id}`),
    enabled: id !== undefined,
  });

const save = ({ id, body }: { id?: number; body: LinkBody }) =>
  id ? http.put<Link>(`/links/${id}`, body) : http.post<Link>('/links', body);
const remove = (id: number) => http.delete<void>(`/links/${id}`);

// A group's link count changes too.
export const useSaveLink = mutationHook(save, linksKey, ['link_groups']);
export const useDeleteLink = mutationHook(remove, linksKey, ['link_groups']);
