// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const SmtpServerList = lazy(() => import('./pages/smtp-server-list.tsx').then((m) => ({ default: m.SmtpServerList })));
const SmtpServerEdit = lazy(() => import('./pages/smtp-server-edit.tsx').then((m) => ({ default: m.SmtpServerEdit })));

export const smtpServersScreens: Screens = {
  smtpServers: <SmtpServerList />,
  smtpServerCreate: <SmtpServerEdit />,
  smtpServerEdit: <SmtpServerEdit />,
};
