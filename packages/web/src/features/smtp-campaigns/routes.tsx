import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const List = lazy(() => import('./pages/campaign-list.tsx').then((m) => ({ default: m.SmtpCampaignList })));
const Edit = lazy(() => import('./pages/campaign-edit.tsx').then((m) => ({ default: m.SmtpCampaignEdit })));
const Statistics = lazy(() =>
  import('./pages/campaign-statistics.tsx').then((m) => ({ default: m.SmtpCampaignStatistics })),
);

/** SMTP campaigns: the two-section list, the form (create, edit, clone) and the statistics. */
export const smtpCampaignsScreens: Screens = {
  smtpCampaigns: <List />,
  smtpCampaignCreate: <Edit />,
  smtpCampaignEdit: <Edit />,
  smtpCampaignStatistics: <Statistics />,
};
