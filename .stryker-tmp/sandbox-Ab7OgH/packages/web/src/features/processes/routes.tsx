// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const ProcessList = lazy(() => import('./pages/process-list.tsx').then((m) => ({ default: m.ProcessList })));

export const processesScreens: Screens = {
  processes: <ProcessList />,
};
