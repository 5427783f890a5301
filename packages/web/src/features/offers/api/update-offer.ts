import type { Offer } from '@console/shared/offers';
import { mutationHook } from '@/lib/mutation.ts';
import { http } from '@/lib/http.ts';
import type { OfferBody } from './create-offer.ts';
import { offersKey } from './get-offers.ts';

/** PUT /api/offers/{id} with the whole offer (administrators; 409 once archived). */
export const updateOffer = ({ id, ...body }: OfferBody & { id: number }) => http.put<Offer>(`/offers/${id}`, body);

export const useUpdateOffer = mutationHook(updateOffer, offersKey);
