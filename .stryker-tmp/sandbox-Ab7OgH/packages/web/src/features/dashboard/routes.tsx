// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const DashboardPage = lazy(() => import('./pages/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })));

export const dashboardScreens: Screens = {
  dashboard: <DashboardPage />,
};
