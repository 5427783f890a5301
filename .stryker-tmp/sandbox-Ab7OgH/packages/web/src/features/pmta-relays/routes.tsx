// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const PmtaRelayList = lazy(() => import('./pages/pmta-relay-list.tsx').then((m) => ({ default: m.PmtaRelayList })));
const PmtaRelayEdit = lazy(() => import('./pages/pmta-relay-edit.tsx').then((m) => ({ default: m.PmtaRelayEdit })));

/** The relay list, also fixed to one server, group or relay; create and edit. */
export const pmtaRelaysScreens: Screens = {
  pmtaRelays: <PmtaRelayList />,
  pmtaRelayFilter1: <PmtaRelayList />,
  pmtaRelayFilter2: <PmtaRelayList />,
  pmtaRelayFilter3: <PmtaRelayList />,
  pmtaRelayCreate: <PmtaRelayEdit />,
  pmtaRelayEdit: <PmtaRelayEdit />,
};
