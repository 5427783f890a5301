import type { Offer, OfferBody } from '@console/shared/offers';
import { mutationHook } from '@/lib/mutation.ts';
import { http } from '@/lib/http.ts';
import { offersKey } from './get-offers.ts';

/** The JSON body of POST /api/offers and PUT /api/offers/{id}: the shared schema's input (category as its IRI, as the spec sends it). */
export type { OfferBody };

/** POST /api/offers (administrators; 201). The server stores the links URI-encoded. */
export const createOffer = (body: OfferBody) => http.post<Offer>('/offers', body);

export const useCreateOffer = mutationHook(createOffer, offersKey);
