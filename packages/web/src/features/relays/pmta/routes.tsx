import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const PmtaServerList = lazy(() => import('./pages/pmta-server-list.tsx').then((m) => ({ default: m.PmtaServerList })));
const PmtaServerEdit = lazy(() => import('./pages/pmta-server-edit.tsx').then((m) => ({ default: m.PmtaServerEdit })));
const PmtaRelayList = lazy(() => import('./pages/pmta-relay-list.tsx').then((m) => ({ default: m.PmtaRelayList })));
const PmtaRelayEdit = lazy(() => import('./pages/pmta-relay-edit.tsx').then((m) => ({ default: m.PmtaRelayEdit })));

/** PMTA servers; the relay list, also fixed to one server, group or relay; create and edit. */
export const pmtaScreens: Screens = {
  pmtaServers: <PmtaServerList />,
  pmtaServerCreate: <PmtaServerEdit />,
  pmtaServerEdit: <PmtaServerEdit />,
  pmtaRelays: <PmtaRelayList />,
  pmtaRelayFilter1: <PmtaRelayList />,
  pmtaRelayFilter2: <PmtaRelayList />,
  pmtaRelayFilter3: <PmtaRelayList />,
  pmtaRelayCreate: <PmtaRelayEdit />,
  pmtaRelayEdit: <PmtaRelayEdit />,
};
