// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const AppliedList = lazy(() => import('./pages/applied-list.tsx').then((m) => ({ default: m.AppliedList })));
const ApplyConfig = lazy(() => import('./pages/apply-config.tsx').then((m) => ({ default: m.ApplyConfig })));

/** Applied PMTA configs and Apply (administrators; the routes are guarded). */
export const appliedPmtaConfigsScreens: Screens = {
  appliedPmtaConfigs: <AppliedList />,
  appliedPmtaConfigCreate: <ApplyConfig />,
};
