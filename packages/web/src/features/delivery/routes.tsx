import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const DeliveryPage = lazy(() => import('./pages/delivery.tsx').then((m) => ({ default: m.DeliveryPage })));

export const deliveryScreens: Screens = {
  delivery: <DeliveryPage />,
};
