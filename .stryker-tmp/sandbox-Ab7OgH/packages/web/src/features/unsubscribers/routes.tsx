// @ts-nocheck
import { lazy } from 'react';
import { Navigate } from 'react-router';
import { href, type Screens } from '@/lib/routes.ts';

const UnsubscriberList = lazy(() =>
  import('./pages/unsubscriber-list.tsx').then((m) => ({ default: m.UnsubscriberList })),
);
const UnsubscriberCreate = lazy(() =>
  import('./pages/unsubscriber-create.tsx').then((m) => ({ default: m.UnsubscriberCreate })),
);

/** The list and Add; an unsubscriber has nothing to edit (spec 2), so its edit path shows the list. */
export const unsubscribersScreens: Screens = {
  unsubscribers: <UnsubscriberList />,
  unsubscriberCreate: <UnsubscriberCreate />,
  unsubscriberEdit: <Navigate to={href('unsubscribers')} replace />,
};
