import { useQuery } from '@tanstack/react-query';
import type { Offer } from '@console/shared/offers';
import { http } from '@/lib/http.ts';
import { offersKey } from './get-offers.ts';

export const getOffer = (id: number) => http.get<Offer>(`/offers/${id}`);

export const useOffer = (id: number | undefined) =>
  useQuery({ queryKey: [...offersKey, 'detail', id], queryFn: () => getOffer(id!), enabled: id !== undefined });
