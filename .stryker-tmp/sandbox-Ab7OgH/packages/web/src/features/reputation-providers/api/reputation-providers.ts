// @ts-nocheck
import { useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { ReputationProvider, ReputationProviderBody } from '@console/shared/reputation-providers';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const reputationProvidersKey = ['reputation_providers'] as const;

export const useReputationProviders = (query: Query) =>
  useQuery({
    queryKey: [...reputationProvidersKey, 'list', query],
    queryFn: () => http.get<HydraCollection<ReputationProvider>>('/reputation_providers', { query }),
  });

export const useReputationProvider = (id: number | undefined) =>
  useQuery({
    queryKey: [...reputationProvidersKey, 'detail', id],
    queryFn: () => http.get<ReputationProvider>(`/reputation_providers/${id}`),
    enabled: id !== undefined,
  });

const update = ({ id, body }: { id: number; body: ReputationProviderBody }) =>
  http.put<ReputationProvider>(`/reputation_providers/${id}`, body);
// Relay statuses follow a change of the flags.
export const useUpdateReputationProvider = mutationHook(update, reputationProvidersKey, ['pmta_relays']);
