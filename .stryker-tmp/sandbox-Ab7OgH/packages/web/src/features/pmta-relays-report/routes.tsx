// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const PmtaRelaysReport = lazy(() =>
  import('./pages/pmta-relays-report.tsx').then((m) => ({ default: m.PmtaRelaysReport })),
);

export const pmtaRelaysReportScreens: Screens = {
  pmtaRelaysReport: <PmtaRelaysReport />,
};
