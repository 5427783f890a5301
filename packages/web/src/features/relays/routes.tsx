import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';
import { pmtaScreens } from './pmta/routes.tsx';
import { smtpScreens } from './smtp/routes.tsx';

const RelayGroupList = lazy(() => import('./pages/relay-group-list.tsx').then((m) => ({ default: m.RelayGroupList })));
const RelayGroupEdit = lazy(() => import('./pages/relay-group-edit.tsx').then((m) => ({ default: m.RelayGroupEdit })));

/**
 * Servers, relays and relay groups of both kinds: each kind's screens in its folder (pmta/, smtp/), the relay
 * group screens, the same for both kinds, on the kit (issue 41, item 2; as campaigns, decision 1120).
 */
export const relaysScreens: Screens = {
  ...pmtaScreens,
  ...smtpScreens,
  pmtaRelayGroups: <RelayGroupList kind="pmta" />,
  pmtaRelayGroupCreate: <RelayGroupEdit kind="pmta" />,
  pmtaRelayGroupEdit: <RelayGroupEdit kind="pmta" />,
  smtpRelayGroups: <RelayGroupList kind="smtp" />,
  smtpRelayGroupCreate: <RelayGroupEdit kind="smtp" />,
  smtpRelayGroupEdit: <RelayGroupEdit kind="smtp" />,
};
