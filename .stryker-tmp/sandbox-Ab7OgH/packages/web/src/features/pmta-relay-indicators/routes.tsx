// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const PmtaRelayIndicatorReport = lazy(() =>
  import('./pages/pmta-relay-indicator-report.tsx').then((m) => ({ default: m.PmtaRelayIndicatorReport })),
);

export const pmtaRelayIndicatorsScreens: Screens = {
  pmtaRelayIndicatorReport: <PmtaRelayIndicatorReport />,
};
