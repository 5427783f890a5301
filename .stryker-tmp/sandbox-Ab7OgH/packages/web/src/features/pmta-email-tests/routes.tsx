// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const List = lazy(() => import('./pages/email-test-list.tsx').then((m) => ({ default: m.EmailTestList })));
const Create = lazy(() => import('./pages/email-test-create.tsx').then((m) => ({ default: m.EmailTestCreate })));

/** PMTA e-mail tests: the list and the create form (with `?cloneId=`). */
export const pmtaEmailTestsScreens: Screens = {
  pmtaEmailTests: <List />,
  pmtaEmailTestCreate: <Create />,
};
