// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const PmtaSpeedList = lazy(() => import('./pages/pmta-speed-list.tsx').then((m) => ({ default: m.PmtaSpeedList })));
const PmtaSpeedEdit = lazy(() => import('./pages/pmta-speed-edit.tsx').then((m) => ({ default: m.PmtaSpeedEdit })));

/** PMTA speeds (admin): the list, create and edit. */
export const pmtaSpeedsScreens: Screens = {
  pmtaSpeeds: <PmtaSpeedList />,
  pmtaSpeedCreate: <PmtaSpeedEdit />,
  pmtaSpeedEdit: <PmtaSpeedEdit />,
};
