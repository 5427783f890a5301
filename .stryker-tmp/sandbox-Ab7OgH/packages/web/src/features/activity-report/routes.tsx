// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const ActivityReport = lazy(() => import('./pages/activity-report.tsx').then((m) => ({ default: m.ActivityReport })));

export const activityReportScreens: Screens = {
  activityReport: <ActivityReport />,
};
