// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const OfferList = lazy(() => import('./pages/offer-list.tsx').then((m) => ({ default: m.OfferList })));
const OfferEdit = lazy(() => import('./pages/offer-edit.tsx').then((m) => ({ default: m.OfferEdit })));

/** The offers screens by route name. Writing is for administrators (the server answers 403 otherwise). */
export const offersScreens: Screens = {
  offersList: <OfferList />,
  offersAdd: <OfferEdit />,
  offersEdit: <OfferEdit />,
};
