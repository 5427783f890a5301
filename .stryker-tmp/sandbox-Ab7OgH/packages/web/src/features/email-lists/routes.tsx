// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const EmailListList = lazy(() => import('./pages/email-list-list.tsx').then((m) => ({ default: m.EmailListList })));
const EmailListEdit = lazy(() => import('./pages/email-list-edit.tsx').then((m) => ({ default: m.EmailListEdit })));
const EmailListEmails = lazy(() =>
  import('./pages/email-list-emails.tsx').then((m) => ({ default: m.EmailListEmails })),
);

/** The email-list screens by route name. Create and manage are for administrators (the pages send others back). */
export const emailListsScreens: Screens = {
  emailLists: <EmailListList />,
  emailListCreate: <EmailListEdit />,
  emailListManage: <EmailListEdit />,
  emailListEmails: <EmailListEmails />,
};
