// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const PmtaServerBalancers = lazy(() =>
  import('./pages/pmta-server-balancers.tsx').then((m) => ({ default: m.PmtaServerBalancers })),
);

export const pmtaBalancersScreens: Screens = {
  pmtaServerBalancers: <PmtaServerBalancers />,
};
