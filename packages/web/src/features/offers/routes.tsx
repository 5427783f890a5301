import type { Screens } from '@/app/routes.ts';
import { NotBuiltYet } from '@/components/not-built-yet.tsx';

/**
 * The offers screens by route name. To build one, swap its placeholder for the page, e.g.
 *   const OfferList = lazy(() => import('./pages/offer-list.tsx').then((m) => ({ default: m.OfferList })));
 *   offersList: <OfferList />,
 */
export const offersScreens: Screens = {
  offersList: <NotBuiltYet screen="Offers" />,
  offersAdd: <NotBuiltYet screen="Create Offer" />,
  offersEdit: <NotBuiltYet screen="Edit Offer" />,
};
