// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const DkimKeyList = lazy(() => import('./pages/dkim-key-list.tsx').then((m) => ({ default: m.DkimKeyList })));
const DkimKeyEdit = lazy(() => import('./pages/dkim-key-edit.tsx').then((m) => ({ default: m.DkimKeyEdit })));

/** DKIM keys of sender domains (issue 26): the list, add, and one key with its DNS check. */
export const dkimKeysScreens: Screens = {
  dkimKeys: <DkimKeyList />,
  dkimKeyCreate: <DkimKeyEdit />,
  dkimKeyEdit: <DkimKeyEdit />,
};
