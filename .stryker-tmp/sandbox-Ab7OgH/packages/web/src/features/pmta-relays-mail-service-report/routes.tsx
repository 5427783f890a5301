// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const PmtaRelaysMailServiceReport = lazy(() =>
  import('./pages/mail-service-report.tsx').then((m) => ({ default: m.PmtaRelaysMailServiceReport })),
);

export const pmtaRelaysMailServiceReportScreens: Screens = {
  pmtaRelaysMailServiceReport: <PmtaRelaysMailServiceReport />,
};
