import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const BounceMailboxList = lazy(() =>
  import('./pages/bounce-mailbox-list.tsx').then((m) => ({ default: m.BounceMailboxList })),
);
const BounceMailboxEdit = lazy(() =>
  import('./pages/bounce-mailbox-edit.tsx').then((m) => ({ default: m.BounceMailboxEdit })),
);
const BounceReportList = lazy(() =>
  import('./pages/bounce-report-list.tsx').then((m) => ({ default: m.BounceReportList })),
);

export const bounceMailboxesScreens: Screens = {
  bounceMailboxes: <BounceMailboxList />,
  bounceMailboxCreate: <BounceMailboxEdit />,
  bounceMailboxEdit: <BounceMailboxEdit />,
  bounceReports: <BounceReportList />,
};
