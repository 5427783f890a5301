import { CampaignType } from '@console/shared/enums';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { smtpCampaignItem } from '@console/shared/campaigns';
import type { Executor } from '../../../db/client.ts';
import { campaigns, linkGroups, smtpRelayGroups } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../core/context.ts';
import { campaignCollection, refOf, type CampaignKindTables } from '../campaigns.repo.ts';

/** `campaigns.type` of an SMTP campaign. */
export const SMTP = CampaignType.SMTP;

export const smtpTables: CampaignKindTables = {
  type: SMTP,
  relayGroups: smtpRelayGroups,
  relayGroupKey: 'smtpRelayGroupId',
};

const offerLinks = alias(linkGroups, 'offer_links');
const unsubscribeLinks = alias(linkGroups, 'unsubscribe_links');
const pixelLinks = alias(linkGroups, 'pixel_links');

/** GET /api/smtp_campaigns: the shared campaign rows (campaigns.repo.ts) with their three link groups. */
export const smtpCampaignsCollection = campaignCollection(smtpTables, {
  item: smtpCampaignItem,
  fields: { offerLinks: refOf(offerLinks), unsubscribeLinks: refOf(unsubscribeLinks), pixelLinks: refOf(pixelLinks) },
  join: (q) =>
    q
      .leftJoin(offerLinks, eq(offerLinks.id, campaigns.offerLinksId))
      .leftJoin(unsubscribeLinks, eq(unsubscribeLinks.id, campaigns.unsubscribeLinksId))
      .leftJoin(pixelLinks, eq(pixelLinks.id, campaigns.pixelLinksId)),
});

/** The campaign as `user` may see it; undefined for another user's campaign or a PMTA one. */
export const findSmtpCampaign = (db: Executor, user: AuthUser, id: number) =>
  smtpCampaignsCollection.one(db, user, eq(campaigns.id, id));
