// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const UserList = lazy(() => import('./pages/user-list.tsx').then((m) => ({ default: m.UserList })));
const UserEdit = lazy(() => import('./pages/user-edit.tsx').then((m) => ({ default: m.UserEdit })));

/** The users screens by route name (admin-only: the guard comes from the route table). */
export const usersScreens: Screens = {
  users: <UserList />,
  usersCreate: <UserEdit />,
  usersEdit: <UserEdit />,
};
