// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const RelayGroupList = lazy(() => import('./pages/relay-group-list.tsx').then((m) => ({ default: m.RelayGroupList })));
const RelayGroupEdit = lazy(() => import('./pages/relay-group-edit.tsx').then((m) => ({ default: m.RelayGroupEdit })));

/** PMTA and SMTP relay groups: the same screens, told apart by their kind. */
export const relayGroupsScreens: Screens = {
  pmtaRelayGroups: <RelayGroupList kind="pmta" />,
  pmtaRelayGroupCreate: <RelayGroupEdit kind="pmta" />,
  pmtaRelayGroupEdit: <RelayGroupEdit kind="pmta" />,
  smtpRelayGroups: <RelayGroupList kind="smtp" />,
  smtpRelayGroupCreate: <RelayGroupEdit kind="smtp" />,
  smtpRelayGroupEdit: <RelayGroupEdit kind="smtp" />,
};
