import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@console/shared/offers';
import { http } from '@/lib/http.ts';
import { offersKey } from './get-offers.ts';

/** The JSON body of POST /api/offers and PUT /api/offers/{id}; category as its IRI, as the spec sends it. */
export interface OfferBody {
  category: string;
  name: string;
  url: string;
  plug: string | null;
  callback: string | null;
  user: number;
}

/** POST /api/offers (administrators; 201). The server stores the links URI-encoded. */
export const createOffer = (body: OfferBody) => http.post<Offer>('/offers', body);

export function useCreateOffer() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createOffer, onSuccess: () => client.invalidateQueries({ queryKey: offersKey }) });
}
