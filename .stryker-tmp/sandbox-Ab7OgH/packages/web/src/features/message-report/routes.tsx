// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const MessageReport = lazy(() => import('./pages/message-report.tsx').then((m) => ({ default: m.MessageReport })));

export const messageReportScreens: Screens = {
  messageReport: <MessageReport />,
};
