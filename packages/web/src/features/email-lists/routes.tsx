import type { Screens } from '@/app/routes.ts';
import { NotBuiltYet } from '@/components/not-built-yet.tsx';

/**
 * The email-list screens by route name. To build one, swap its placeholder for the page, e.g.
 *   const EmailListList = lazy(() => import('./pages/email-list-list.tsx').then((m) => ({ default: m.EmailListList })));
 *   emailLists: <EmailListList />,
 */
export const emailListsScreens: Screens = {
  emailLists: <NotBuiltYet screen="Email Lists" />,
  emailListCreate: <NotBuiltYet screen="Create Email List" />,
  emailListManage: <NotBuiltYet screen="Edit Email List" />,
  emailListEmails: <NotBuiltYet screen="Email List contents" />,
};
