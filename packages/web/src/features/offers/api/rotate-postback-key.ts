import type { PostbackKey } from '@console/shared/offers';
import { mutationHook } from '@/lib/mutation.ts';
import { http } from '@/lib/http.ts';
import { offersKey } from './get-offers.ts';

/** POST /api/postback_key/rotate: a new postback key for the signed-in owner (after the confirmation). */
export const rotatePostbackKey = () => http.post<PostbackKey>('/postback_key/rotate', { confirm: true });

/** The offers' postback URLs carry the key: the offer screen refetches. */
export const useRotatePostbackKey = mutationHook(rotatePostbackKey, offersKey);
