import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { Offer } from '@console/shared/offers';
import { http, type Query } from '@/lib/http.ts';

export const offersKey = ['offers'] as const;

/** GET /api/offers with _page, itemsPerPage, name, user.id and archive[exists] (left out for All). */
export const getOffers = (query: Query) => http.get<HydraCollection<Offer>>('/offers', { query });

export const useOffers = (query: Query) =>
  useQuery({
    queryKey: [...offersKey, 'list', query],
    queryFn: () => getOffers(query),
    placeholderData: keepPreviousData,
  });
