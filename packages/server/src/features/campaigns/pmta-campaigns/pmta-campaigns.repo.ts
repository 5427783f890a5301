import { CampaignType } from '@console/shared/enums';
import { eq } from 'drizzle-orm';
import { pmtaCampaignItem } from '@console/shared/pmta-campaigns';
import type { Executor } from '../../../db/client.ts';
import { campaigns, pmtaRelayGroups } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../core/context.ts';
import { campaignCollection, type CampaignKindTables } from '../campaigns.repo.ts';

/** `campaigns.type` of a PMTA campaign. */
export const PMTA = CampaignType.PMTA;

export const pmtaTables: CampaignKindTables = {
  type: PMTA,
  relayGroups: pmtaRelayGroups,
  relayGroupKey: 'pmtaRelayGroupId',
};

/** GET /api/pmta_campaigns: the shared campaign rows (campaigns.repo.ts) with the default city. */
export const pmtaCampaignsCollection = campaignCollection(pmtaTables, {
  item: pmtaCampaignItem,
  fields: { defaultCity: campaigns.defaultCity },
});

/** The campaign as `user` may see it; undefined for another user's campaign or an SMTP one. */
export const findPmtaCampaign = (db: Executor, user: AuthUser, id: number) =>
  pmtaCampaignsCollection.one(db, user, eq(campaigns.id, id));
