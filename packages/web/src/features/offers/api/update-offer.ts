import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@console/shared/offers';
import { http } from '@/lib/http.ts';
import type { OfferBody } from './create-offer.ts';
import { offersKey } from './get-offers.ts';

/** PUT /api/offers/{id} with the whole offer (administrators; 409 once archived). */
export const updateOffer = ({ id, ...body }: OfferBody & { id: number }) => http.put<Offer>(`/offers/${id}`, body);

export function useUpdateOffer() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateOffer, onSuccess: () => client.invalidateQueries({ queryKey: offersKey }) });
}
