// @ts-nocheck
import { useQuery } from '@tanstack/react-query';
import type { HydraCollection, SelectItem } from '@console/shared/hydra';
import { http, type Query } from '@/lib/http.ts';

/**
 * A select list of any collection (`groups[]=select&pagination=false`) as antd options, e.g. one owner's
 * PMTA servers: `useSelectOptions('/pmta_servers', { 'user.id': owner })`. The query key starts with the
 * collection's path, like the owning feature's keys, so its saves refresh these lists too.
 */
export const useSelectOptions = (path: string, query: Query = {}, enabled = true) =>
  useQuery({
    queryKey: [path.replace(/^\//, ''), 'select', query],
    queryFn: () =>
      http.get<HydraCollection<SelectItem>>(path, { query: { 'groups[]': 'select', pagination: 'false', ...query } }),
    select: (c) => c['hydra:member'].map((i) => ({ value: i.id, label: i.name })),
    enabled,
    staleTime: 30_000,
  });
