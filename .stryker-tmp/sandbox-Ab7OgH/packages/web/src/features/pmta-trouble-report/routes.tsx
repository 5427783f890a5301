// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const PmtaTroubleReport = lazy(() =>
  import('./pages/pmta-trouble-report.tsx').then((m) => ({ default: m.PmtaTroubleReport })),
);

export const pmtaTroubleReportScreens: Screens = {
  pmtaTroubleReport: <PmtaTroubleReport />,
};
