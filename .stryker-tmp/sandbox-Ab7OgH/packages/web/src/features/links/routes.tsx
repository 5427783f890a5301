// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const LinkList = lazy(() => import('./pages/link-list.tsx').then((m) => ({ default: m.LinkList })));
const LinkEdit = lazy(() => import('./pages/link-edit.tsx').then((m) => ({ default: m.LinkEdit })));

export const linksScreens: Screens = {
  links: <LinkList />,
  linkFilter1: <LinkList />,
  linkCreate: <LinkEdit />,
  linkEdit: <LinkEdit />,
};
