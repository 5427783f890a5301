import { and, eq } from 'drizzle-orm';
import { LinkType } from '@console/shared/enums';
import { CampaignMessages as M, type smtpCampaignUpdateSchema } from '@console/shared/campaigns';
import type { z } from 'zod';
import { linkGroups } from '../../../db/schema/index.ts';
import { campaignService, usableBy, type Ctx, type Owner } from '../campaigns.service.ts';
import { findSmtpCampaign, smtpTables } from './smtp-campaigns.repo.ts';

type Input = z.infer<typeof smtpCampaignUpdateSchema>;

/** A link group of the right type: the field's message when missing or foreign, wrongLinkType for another type. */
async function linkGroupProblem(ctx: Ctx, o: Owner, id: number | null | undefined, type: number, missing: string) {
  if (id === null || id === undefined) return false;
  const [row] = await ctx.db
    .select({ type: linkGroups.type })
    .from(linkGroups)
    .where(and(eq(linkGroups.id, id), usableBy(o, linkGroups.userId)));
  if (!row) return missing;
  return row.type !== type && M.wrongLinkType;
}

/** SMTP campaigns: the shared rules (campaigns.service.ts) and the three link groups. */
export const smtpCampaigns = campaignService({
  ...smtpTables,
  find: findSmtpCampaign,
  columns: (v: Input) => ({
    offerLinksId: v.offerLinks,
    unsubscribeLinksId: v.unsubscribeLinks,
    pixelLinksId: v.pixelLinks,
  }),
  checks: async (ctx, o, v) => ({
    offerLinks: await linkGroupProblem(ctx, o, v.offerLinks, LinkType.Offer, M.offerLinksRequired),
    unsubscribeLinks: await linkGroupProblem(
      ctx,
      o,
      v.unsubscribeLinks,
      LinkType.Unsubscribe,
      M.unsubscribeLinksInvalid,
    ),
    pixelLinks: await linkGroupProblem(ctx, o, v.pixelLinks, LinkType.Pixel, M.pixelLinksInvalid),
  }),
});
