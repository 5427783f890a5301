import type { Offer } from '@console/shared/offers';
import { mutationHook } from '@/lib/mutation.ts';
import { http } from '@/lib/http.ts';
import { offersKey } from './get-offers.ts';

/** POST /api/offers/archive/{id}: archive = now; there is no way back. */
export const archiveOffer = (id: number) => http.post<Offer>(`/offers/archive/${id}`);

export const useArchiveOffer = mutationHook(archiveOffer, offersKey);
