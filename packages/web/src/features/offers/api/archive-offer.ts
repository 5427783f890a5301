import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@console/shared/offers';
import { http } from '@/lib/http.ts';
import { offersKey } from './get-offers.ts';

/** POST /api/offers/archive/{id}: archive = now; there is no way back. */
export const archiveOffer = (id: number) => http.post<Offer>(`/offers/archive/${id}`);

export function useArchiveOffer() {
  const client = useQueryClient();
  return useMutation({ mutationFn: archiveOffer, onSuccess: () => client.invalidateQueries({ queryKey: offersKey }) });
}
