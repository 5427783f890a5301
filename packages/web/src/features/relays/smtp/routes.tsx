import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const SmtpServerList = lazy(() => import('./pages/smtp-server-list.tsx').then((m) => ({ default: m.SmtpServerList })));
const SmtpServerEdit = lazy(() => import('./pages/smtp-server-edit.tsx').then((m) => ({ default: m.SmtpServerEdit })));
const SmtpRelayList = lazy(() => import('./pages/smtp-relay-list.tsx').then((m) => ({ default: m.SmtpRelayList })));
const SmtpRelayEdit = lazy(() => import('./pages/smtp-relay-edit.tsx').then((m) => ({ default: m.SmtpRelayEdit })));

/** SMTP servers; the relay list, also fixed to one server or group; create (with 'Upload a list') and edit. */
export const smtpScreens: Screens = {
  smtpServers: <SmtpServerList />,
  smtpServerCreate: <SmtpServerEdit />,
  smtpServerEdit: <SmtpServerEdit />,
  smtpRelays: <SmtpRelayList />,
  smtpRelayFilter1: <SmtpRelayList />,
  smtpRelayFilter2: <SmtpRelayList />,
  smtpRelayCreate: <SmtpRelayEdit />,
  smtpRelayEdit: <SmtpRelayEdit />,
};
