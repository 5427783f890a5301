// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const screens = () => import('./smtp-campaign-screens.tsx');
const List = lazy(() => screens().then((m) => ({ default: m.SmtpCampaignList })));
const Edit = lazy(() => screens().then((m) => ({ default: m.SmtpCampaignEdit })));
const Statistics = lazy(() => screens().then((m) => ({ default: m.SmtpCampaignStatistics })));

/** SMTP campaigns: the two-section list, the form (create, edit, clone) and the statistics. */
export const smtpCampaignsScreens: Screens = {
  smtpCampaigns: <List />,
  smtpCampaignCreate: <Edit />,
  smtpCampaignEdit: <Edit />,
  smtpCampaignStatistics: <Statistics />,
};
