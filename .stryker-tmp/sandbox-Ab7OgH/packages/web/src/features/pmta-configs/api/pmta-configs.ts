// @ts-nocheck
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { PmtaConfig, PmtaConfigBody, PmtaConfigContent } from '@console/shared/pmta-configs';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const pmtaConfigsKey = ['pmta_configs'] as const;

/** GET /api/pmta_configs: _page, itemsPerPage, type, name, order[field]. */
export const usePmtaConfigs = (query: Query) =>
  useQuery({
    queryKey: [...pmtaConfigsKey, 'list', query],
    queryFn: () => http.get<HydraCollection<PmtaConfig>>('/pmta_configs', { query }),
    placeholderData: keepPreviousData,
  });

export const usePmtaConfig = (id: number | undefined) =>
  useQuery({
    queryKey: [...pmtaConfigsKey, 'detail', id],
    queryFn: () => http.get<PmtaConfig>(`/pmta_configs/${id}`),
    enabled: id !== undefined,
  });

/** GET /api/pmta_config/types: the type names by index (0 servers, 1 relays). */
export const usePmtaConfigTypes = () =>
  useQuery({
    queryKey: [...pmtaConfigsKey, 'types'],
    queryFn: () => http.get<string[]>('/pmta_config/types'),
    select: (types) => types.map((name, value) => ({ value, label: name[0]!.toUpperCase() + name.slice(1) })),
    staleTime: Infinity,
  });

/** GET /api/pmta_config/{id}/content; a failure is the caller's to show (no error page in a popup). */
export const getPmtaConfigContent = (id: number) =>
  http.get<PmtaConfigContent>(`/pmta_config/${id}/content`, { errorPage: false });

/** POST pmta_config/create or pmta_config/{id}/update, multipart: `prePmtaConfig` (JSON) and `configFile`. */
const saveConfig = ({ id, body, file }: { id?: number; body: PmtaConfigBody & { id?: number }; file?: File }) => {
  const form = new FormData();
  form.append('prePmtaConfig', JSON.stringify({ ...body, id: id ?? null }));
  if (file) form.append('configFile', file, file.name);
  return http.post<PmtaConfig>(id ? `/pmta_config/${id}/update` : '/pmta_config/create', undefined, { body: form });
};
const deleteConfig = (id: number) => http.delete<void>(`/pmta_config/${id}`);

// The applied list shows the configs' names and versions.
export const useSaveConfig = mutationHook(saveConfig, pmtaConfigsKey, ['applied_pmta_configs']);
export const useDeleteConfig = mutationHook(deleteConfig, pmtaConfigsKey, ['applied_pmta_configs']);
