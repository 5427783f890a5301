import { useQuery } from '@tanstack/react-query';
import type { HydraCollection, SelectItem } from '@console/shared/hydra';
import { http } from '@/lib/http.ts';

/**
 * The categories select list: GET /api/categories?groups[]=select&pagination=false. Under the
 * ['categories'] key, so a change on the Categories screen refreshes it (offers has the same hook:
 * features do not import each other).
 */
export const getCategoryOptions = () =>
  http.get<HydraCollection<SelectItem>>('/categories', { query: { 'groups[]': 'select', pagination: 'false' } });

export const useCategoryOptions = () =>
  useQuery({
    queryKey: ['categories', 'select'],
    queryFn: getCategoryOptions,
    select: (c) => c['hydra:member'].map((x) => ({ value: x.id, label: x.name })),
    staleTime: 60_000,
  });
