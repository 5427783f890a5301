// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const EmailListReport = lazy(() =>
  import('./pages/email-list-report.tsx').then((m) => ({ default: m.EmailListReport })),
);

export const emailListReportScreens: Screens = {
  emailListReport: <EmailListReport />,
};
