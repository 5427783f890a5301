import type { z } from 'zod';
import type { pmtaCampaignUpdateSchema } from '@console/shared/pmta-campaigns';
import { campaignService } from '../campaigns.service.ts';
import { findPmtaCampaign, pmtaTables } from './pmta-campaigns.repo.ts';

/** PMTA campaigns: the shared rules (campaigns.service.ts); their own field is the default city. */
export const pmtaCampaigns = campaignService({
  ...pmtaTables,
  find: findPmtaCampaign,
  columns: (v: z.infer<typeof pmtaCampaignUpdateSchema>) => ({ defaultCity: v.defaultCity }),
});
