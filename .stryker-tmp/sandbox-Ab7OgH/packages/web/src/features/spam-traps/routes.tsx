// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const SpamDomainList = lazy(() => import('./pages/spam-domain-list.tsx').then((m) => ({ default: m.SpamDomainList })));
const SpamDomainEdit = lazy(() => import('./pages/spam-domain-edit.tsx').then((m) => ({ default: m.SpamDomainEdit })));
const SpamEmailList = lazy(() => import('./pages/spam-email-list.tsx').then((m) => ({ default: m.SpamEmailList })));
const SpamEmailEdit = lazy(() => import('./pages/spam-email-edit.tsx').then((m) => ({ default: m.SpamEmailEdit })));
const SpamMxList = lazy(() => import('./pages/spam-mx-list.tsx').then((m) => ({ default: m.SpamMxList })));
const SpamMxCreate = lazy(() => import('./pages/spam-mx-create.tsx').then((m) => ({ default: m.SpamMxCreate })));

/** Spam-trap domains, e-mails and MX servers (administrators). */
export const spamTrapsScreens: Screens = {
  spamDomains: <SpamDomainList />,
  spamDomainCreate: <SpamDomainEdit />,
  spamDomainEdit: <SpamDomainEdit />,
  spamEmails: <SpamEmailList />,
  spamEmailCreate: <SpamEmailEdit />,
  spamEmailEdit: <SpamEmailEdit />,
  spamMxs: <SpamMxList />,
  spamMxCreate: <SpamMxCreate />,
};
