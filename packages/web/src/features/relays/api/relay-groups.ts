import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import {
  relayGroupsPath,
  type RelayGroup,
  type RelayGroupBody,
  type RelayGroupKind,
} from '@console/shared/relay-groups';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

/** Every call of /api/{pmta,smtp}_relay_groups; the kind picks the path. */
export const relayGroupsKey = (kind: RelayGroupKind) => [relayGroupsPath(kind)] as const;
const path = (kind: RelayGroupKind) => `/${relayGroupsPath(kind)}`;

export const useRelayGroups = (kind: RelayGroupKind, query: Query) =>
  useQuery({
    queryKey: [...relayGroupsKey(kind), 'list', query],
    queryFn: () => http.get<HydraCollection<RelayGroup>>(path(kind), { query }),
    placeholderData: keepPreviousData,
  });

export const useRelayGroup = (kind: RelayGroupKind, id: number | undefined) =>
  useQuery({
    queryKey: [...relayGroupsKey(kind), 'detail', id],
    queryFn: () => http.get<RelayGroup>(`${path(kind)}/${id}`),
    enabled: id !== undefined,
  });

type Save = { kind: RelayGroupKind; id?: number; body: RelayGroupBody };
const save = ({ kind, id, body }: Save) =>
  id ? http.put<RelayGroup>(`${path(kind)}/${id}`, body) : http.post<RelayGroup>(path(kind), body);
const archive = ({ kind, id }: { kind: RelayGroupKind; id: number }) =>
  http.post<RelayGroup>(`${path(kind)}/archive/${id}`);

// Both kinds' lists are refreshed; the calls are rare and the keys cheap.
export const useSaveRelayGroup = mutationHook(save, relayGroupsKey('pmta'), relayGroupsKey('smtp'));
export const useArchiveRelayGroup = mutationHook(archive, relayGroupsKey('pmta'), relayGroupsKey('smtp'));
