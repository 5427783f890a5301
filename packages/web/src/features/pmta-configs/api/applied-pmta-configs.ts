import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { AppliedIdsBody, AppliedListBody, AppliedPmtaConfig, ApplyConfigBody } from '@console/shared/pmta-configs';
import { http } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const appliedKey = ['applied_pmta_configs'] as const;
/** While a row waits for its upload (version 0), the list asks again this often. */
const PENDING_REFRESH_MS = 3_000;

/** POST /api/applied_pmta_configs with filter pairs, order and paging; refreshed while uploads are pending. */
export const useAppliedConfigs = (body: AppliedListBody) =>
  useQuery({
    queryKey: [...appliedKey, 'list', body],
    queryFn: () => http.post<HydraCollection<AppliedPmtaConfig>>('/applied_pmta_configs', body),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.['hydra:member'].some((r) => r.version === 0) ? PENDING_REFRESH_MS : false),
  });

const apply = (body: ApplyConfigBody) => http.post<{ applied: number }>('/pmta_config/apply', body);
const reset = (body: AppliedIdsBody) =>
  http.post<{ reset: number }>('/applied_pmta_configs/reset_current_version', body);
const remove = (body: AppliedIdsBody) => http.post<void>('/applied_pmta_configs/delete', body);

export const useApplyConfig = mutationHook(apply, appliedKey);
export const useResetApplied = mutationHook(reset, appliedKey);
export const useDeleteApplied = mutationHook(remove, appliedKey);

/** The spec's id and type pairs of the chosen rows. */
export const idsOf = (rows: Pick<AppliedPmtaConfig, 'id' | 'configType'>[]): AppliedIdsBody => ({
  ids: rows.map((r) => ({ appliedConfigId: r.id, appliedConfigType: r.configType })),
});
