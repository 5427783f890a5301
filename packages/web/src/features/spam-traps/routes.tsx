import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const SpamDomainList = lazy(() => import('./pages/spam-domain-list.tsx').then((m) => ({ default: m.SpamDomainList })));
const SpamDomainCreate = lazy(() =>
  import('./pages/spam-domain-create.tsx').then((m) => ({ default: m.SpamDomainCreate })),
);
const SpamEmailList = lazy(() => import('./pages/spam-email-list.tsx').then((m) => ({ default: m.SpamEmailList })));
const SpamEmailCreate = lazy(() =>
  import('./pages/spam-email-create.tsx').then((m) => ({ default: m.SpamEmailCreate })),
);

/** Spam-trap domains and e-mails (administrators). The MX list comes with the MX rule. */
export const spamTrapsScreens: Screens = {
  spamDomains: <SpamDomainList />,
  spamDomainCreate: <SpamDomainCreate />,
  spamEmails: <SpamEmailList />,
  spamEmailCreate: <SpamEmailCreate />,
};
