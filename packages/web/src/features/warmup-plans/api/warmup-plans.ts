import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { ReadyPlanItem, WarmupPlan, WarmupPlanBody, WarmupRelay } from '@console/shared/warmup-plans';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const warmupPlansKey = ['warmup_plans'] as const;
export type RelayKind = 'pmta' | 'smtp';

export const useWarmupPlans = (query: Query) =>
  useQuery({
    queryKey: [...warmupPlansKey, 'list', query],
    queryFn: () => http.get<HydraCollection<WarmupPlan>>('/warmup_plans', { query }),
    placeholderData: keepPreviousData,
  });

export const useWarmupPlan = (id: number | undefined) =>
  useQuery({
    queryKey: [...warmupPlansKey, 'detail', id],
    queryFn: () => http.get<WarmupPlan>(`/warmup_plans/${id}`),
    enabled: id !== undefined,
  });

export const useReadyPlans = () =>
  useQuery({
    queryKey: [...warmupPlansKey, 'ready'],
    queryFn: () => http.get<ReadyPlanItem[]>('/warmup_plans/ready'),
    staleTime: Infinity,
  });

export const useRelayWarmup = (kind: RelayKind, id: number | undefined) =>
  useQuery({
    queryKey: [...warmupPlansKey, 'relay', kind, id],
    queryFn: () => http.get<WarmupRelay>(`/warmup_plans/relays/${kind}/${id}`),
    enabled: id !== undefined,
  });

const save = ({ id, body }: { id?: number; body: WarmupPlanBody }) =>
  id ? http.put<WarmupPlan>(`/warmup_plans/${id}`, body) : http.post<WarmupPlan>('/warmup_plans', body);
const remove = (id: number) => http.delete<void>(`/warmup_plans/${id}`);
const copy = ({ key, name }: { key: string; name?: string }) =>
  http.post<WarmupPlan>(`/warmup_plans/ready/${key}/copy`, name ? { name } : {});
const attach = ({ id, body }: { id: number; body: { kind: RelayKind; relays?: number[]; group?: number } }) =>
  http.post<{ attached: number }>(`/warmup_plans/${id}/attach`, body);
const detach = (body: { kind: RelayKind; relays: number[] }) =>
  http.post<{ detached: number }>('/warmup_plans/detach', body);

export const useSavePlan = mutationHook(save, warmupPlansKey);
export const useDeletePlan = mutationHook(remove, warmupPlansKey);
export const useCopyReadyPlan = mutationHook(copy, warmupPlansKey);
export const useAttachPlan = mutationHook(attach, warmupPlansKey);
export const useDetachRelays = mutationHook(detach, warmupPlansKey);
