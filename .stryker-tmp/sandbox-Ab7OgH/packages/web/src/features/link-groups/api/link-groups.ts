// @ts-nocheck
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { LinkGroup, LinkGroupBody } from '@console/shared/link-groups';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const linkGroupsKey = ['link_groups'] as const;

export const useLinkGroups = (query: Query) =>
  useQuery({
    queryKey: [...linkGroupsKey, 'list', query],
    queryFn: () => http.get<HydraCollection<LinkGroup>>('/link_groups', { query }),
    placeholderData: keepPreviousData,
  });

export const useLinkGroup = (id: number | undefined) =>
  useQuery({
    queryKey: [...linkGroupsKey, 'detail', id],
    queryFn: () => http.get<LinkGroup>(`/link_groups/${id}`),
    enabled: id !== undefined,
  });

const save = ({ id, body }: { id?: number; body: LinkGroupBody }) =>
  id ? http.put<LinkGroup>(`/link_groups/${id}`, body) : http.post<LinkGroup>('/link_groups', body);
const remove = (id: number) => http.delete<void>(`/link_groups/${id}`);

export const useSaveLinkGroup = mutationHook(save, linkGroupsKey);
export const useDeleteLinkGroup = mutationHook(remove, linkGroupsKey, ['links']);
