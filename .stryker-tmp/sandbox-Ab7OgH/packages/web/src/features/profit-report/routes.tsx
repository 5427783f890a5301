// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const ProfitReport = lazy(() => import('./pages/profit-report.tsx').then((m) => ({ default: m.ProfitReport })));

export const profitReportScreens: Screens = {
  profitReport: <ProfitReport />,
};
