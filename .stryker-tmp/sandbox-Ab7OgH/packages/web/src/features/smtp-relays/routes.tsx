// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const SmtpRelayList = lazy(() => import('./pages/smtp-relay-list.tsx').then((m) => ({ default: m.SmtpRelayList })));
const SmtpRelayEdit = lazy(() => import('./pages/smtp-relay-edit.tsx').then((m) => ({ default: m.SmtpRelayEdit })));

/** The relay list, also fixed to one server or group; create (with 'Upload a list') and edit. */
export const smtpRelaysScreens: Screens = {
  smtpRelays: <SmtpRelayList />,
  smtpRelayFilter1: <SmtpRelayList />,
  smtpRelayFilter2: <SmtpRelayList />,
  smtpRelayCreate: <SmtpRelayEdit />,
  smtpRelayEdit: <SmtpRelayEdit />,
};
