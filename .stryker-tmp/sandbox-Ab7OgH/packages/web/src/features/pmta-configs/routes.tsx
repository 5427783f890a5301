// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const PmtaConfigList = lazy(() => import('./pages/pmta-config-list.tsx').then((m) => ({ default: m.PmtaConfigList })));
const PmtaConfigEdit = lazy(() => import('./pages/pmta-config-edit.tsx').then((m) => ({ default: m.PmtaConfigEdit })));

/** PMTA config files (administrators; the routes are guarded). */
export const pmtaConfigsScreens: Screens = {
  pmtaConfigs: <PmtaConfigList />,
  pmtaConfigCreate: <PmtaConfigEdit />,
  pmtaConfigEdit: <PmtaConfigEdit />,
};
