// @ts-nocheck
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { Offer, OfferBody, PostbackKey } from '@console/shared/offers';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const offersKey = ['offers'] as const;

/** GET /api/offers with _page, itemsPerPage, name, user.id and archive[exists] (left out for All). */
export const getOffers = (query: Query) => http.get<HydraCollection<Offer>>('/offers', { query });

export const useOffers = (query: Query) =>
  useQuery({
    queryKey: [...offersKey, 'list', query],
    queryFn: () => getOffers(query),
    placeholderData: keepPreviousData,
  });

export const getOffer = (id: number) => http.get<Offer>(`/offers/${id}`);

export const useOffer = (id: number | undefined) =>
  useQuery({ queryKey: [...offersKey, 'detail', id], queryFn: () => getOffer(id!), enabled: id !== undefined });

/** POST /api/offers/archive/{id}: archive = now; there is no way back. */
export const archiveOffer = (id: number) => http.post<Offer>(`/offers/archive/${id}`);

export const useArchiveOffer = mutationHook(archiveOffer, offersKey);

/** The JSON body of POST /api/offers and PUT /api/offers/{id}: the shared schema's input (category as its IRI, as the spec sends it). */
export type { OfferBody };

/** POST /api/offers (administrators; 201). The server stores the links URI-encoded. */
export const createOffer = (body: OfferBody) => http.post<Offer>('/offers', body);

export const useCreateOffer = mutationHook(createOffer, offersKey);

/** POST /api/postback_key/rotate: a new postback key for the signed-in owner (after the confirmation). */
export const rotatePostbackKey = () => http.post<PostbackKey>('/postback_key/rotate', { confirm: true });

/** The offers' postback URLs carry the key: the offer screen refetches. */
export const useRotatePostbackKey = mutationHook(rotatePostbackKey, offersKey);

/** PUT /api/offers/{id} with the whole offer (administrators; 409 once archived). */
export const updateOffer = ({ id, ...body }: OfferBody & { id: number }) => http.put<Offer>(`/offers/${id}`, body);

export const useUpdateOffer = mutationHook(updateOffer, offersKey);
