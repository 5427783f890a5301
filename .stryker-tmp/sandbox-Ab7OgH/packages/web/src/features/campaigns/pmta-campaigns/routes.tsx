// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const screens = () => import('./pmta-campaign-screens.tsx');
const List = lazy(() => screens().then((m) => ({ default: m.PmtaCampaignList })));
const Edit = lazy(() => screens().then((m) => ({ default: m.PmtaCampaignEdit })));
const Statistics = lazy(() => screens().then((m) => ({ default: m.PmtaCampaignStatistics })));

/** PMTA campaigns: the two-section list, the form (create, edit, clone) and the statistics with the direct count. */
export const pmtaCampaignsScreens: Screens = {
  pmtaCampaigns: <List />,
  pmtaCampaignCreate: <Edit />,
  pmtaCampaignEdit: <Edit />,
  pmtaCampaignStatistics: <Statistics />,
};
