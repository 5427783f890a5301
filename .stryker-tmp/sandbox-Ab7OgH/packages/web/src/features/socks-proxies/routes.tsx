// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const SocksList = lazy(() => import('./pages/socks-list.tsx').then((m) => ({ default: m.SocksList })));
const SocksEdit = lazy(() => import('./pages/socks-edit.tsx').then((m) => ({ default: m.SocksEdit })));

export const socksProxiesScreens: Screens = {
  socksProxies: <SocksList />,
  socksProxyFilter1: <SocksList />,
  socksProxyCreate: <SocksEdit />,
  socksProxyEdit: <SocksEdit />,
};
