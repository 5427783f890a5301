import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const ComplaintEmailList = lazy(() =>
  import('./pages/complaint-email-list.tsx').then((m) => ({ default: m.ComplaintEmailList })),
);

/** Complaints (administrators). */
export const complaintEmailsScreens: Screens = {
  complaintEmails: <ComplaintEmailList />,
};
