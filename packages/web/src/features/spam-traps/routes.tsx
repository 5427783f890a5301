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

const SpamMxList = lazy(() => import('./pages/spam-mx-list.tsx').then((m) => ({ default: m.SpamMxList })));
const SpamMxCreate = lazy(() => import('./pages/spam-mx-create.tsx').then((m) => ({ default: m.SpamMxCreate })));

/** Spam-trap domains, e-mails and MX servers (administrators). */
export const spamTrapsScreens: Screens = {
  spamDomains: <SpamDomainList />,
  spamDomainCreate: <SpamDomainCreate />,
  spamEmails: <SpamEmailList />,
  spamEmailCreate: <SpamEmailCreate />,
  spamMxs: <SpamMxList />,
  spamMxCreate: <SpamMxCreate />,
};
