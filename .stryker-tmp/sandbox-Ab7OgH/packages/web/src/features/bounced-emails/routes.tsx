// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const BouncedEmailList = lazy(() =>
  import('./pages/bounced-email-list.tsx').then((m) => ({ default: m.BouncedEmailList })),
);

/** Bounced Emails (administrators). */
export const bouncedEmailsScreens: Screens = {
  bouncedEmails: <BouncedEmailList />,
};
