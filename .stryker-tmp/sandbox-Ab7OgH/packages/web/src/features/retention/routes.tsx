// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const RetentionPage = lazy(() => import('./pages/retention-page.tsx').then((m) => ({ default: m.RetentionPage })));

export const retentionScreens: Screens = {
  retention: <RetentionPage />,
};
