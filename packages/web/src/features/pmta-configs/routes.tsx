import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const PmtaConfigList = lazy(() => import('./pages/pmta-config-list.tsx').then((m) => ({ default: m.PmtaConfigList })));
const PmtaConfigEdit = lazy(() => import('./pages/pmta-config-edit.tsx').then((m) => ({ default: m.PmtaConfigEdit })));
const AppliedList = lazy(() => import('./pages/applied-list.tsx').then((m) => ({ default: m.AppliedList })));
const ApplyConfig = lazy(() => import('./pages/apply-config.tsx').then((m) => ({ default: m.ApplyConfig })));

/** PMTA config files, the applied configs and Apply (administrators; the routes are guarded). */
export const pmtaConfigsScreens: Screens = {
  pmtaConfigs: <PmtaConfigList />,
  pmtaConfigCreate: <PmtaConfigEdit />,
  pmtaConfigEdit: <PmtaConfigEdit />,
  appliedPmtaConfigs: <AppliedList />,
  appliedPmtaConfigCreate: <ApplyConfig />,
};
