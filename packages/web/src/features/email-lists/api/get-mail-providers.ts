import { useQuery } from '@tanstack/react-query';
import type { HydraCollection, SelectItem } from '@console/shared/hydra';
import { http } from '@/lib/http.ts';

/** GET /api/mail_providers?groups[]=select&pagination=false&order[name]=asc: one table column each. */
export const getMailProviders = () =>
  http.get<HydraCollection<SelectItem>>('/mail_providers', {
    query: { 'groups[]': 'select', pagination: 'false', 'order[name]': 'asc' },
  });

export const useMailProviders = () =>
  useQuery({
    queryKey: ['mail-providers', 'select'],
    queryFn: getMailProviders,
    select: (c) => c['hydra:member'],
    staleTime: 5 * 60_000,
  });
