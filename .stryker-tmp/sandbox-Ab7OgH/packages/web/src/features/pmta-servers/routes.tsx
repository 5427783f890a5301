// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const PmtaServerList = lazy(() => import('./pages/pmta-server-list.tsx').then((m) => ({ default: m.PmtaServerList })));
const PmtaServerEdit = lazy(() => import('./pages/pmta-server-edit.tsx').then((m) => ({ default: m.PmtaServerEdit })));

export const pmtaServersScreens: Screens = {
  pmtaServers: <PmtaServerList />,
  pmtaServerCreate: <PmtaServerEdit />,
  pmtaServerEdit: <PmtaServerEdit />,
};
