// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const PmtaRelayDeliverabilityReport = lazy(() =>
  import('./pages/pmta-relay-deliverability-report.tsx').then((m) => ({ default: m.PmtaRelayDeliverabilityReport })),
);

export const pmtaRelayDeliverabilitiesScreens: Screens = {
  pmtaRelayDeliverabilityReport: <PmtaRelayDeliverabilityReport />,
};
