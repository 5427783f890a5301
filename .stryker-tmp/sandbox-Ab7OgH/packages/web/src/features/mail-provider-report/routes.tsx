// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const MailProviderReport = lazy(() =>
  import('./pages/mail-provider-report.tsx').then((m) => ({ default: m.MailProviderReport })),
);

export const mailProviderReportScreens: Screens = {
  mailProviderReport: <MailProviderReport />,
};
