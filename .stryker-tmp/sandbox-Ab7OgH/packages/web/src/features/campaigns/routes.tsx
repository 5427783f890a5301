// @ts-nocheck
import type { Screens } from '@/lib/routes.ts';
import { pmtaCampaignsScreens } from './pmta-campaigns/routes.tsx';
import { smtpCampaignsScreens } from './smtp-campaigns/routes.tsx';

/** Campaigns of both kinds: each kind's screens on the kit in components/ and api/ (decision 1120). */
export const campaignsScreens: Screens = { ...pmtaCampaignsScreens, ...smtpCampaignsScreens };
