// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const LinkGroupList = lazy(() => import('./pages/link-group-list.tsx').then((m) => ({ default: m.LinkGroupList })));
const LinkGroupEdit = lazy(() => import('./pages/link-group-edit.tsx').then((m) => ({ default: m.LinkGroupEdit })));

export const linkGroupsScreens: Screens = {
  linkGroups: <LinkGroupList />,
  linkGroupCreate: <LinkGroupEdit />,
  linkGroupEdit: <LinkGroupEdit />,
};
