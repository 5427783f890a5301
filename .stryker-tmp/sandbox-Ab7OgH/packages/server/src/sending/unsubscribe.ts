// @ts-nocheck
import { CampaignType } from '@console/shared/enums';
import { CampaignMessages } from '@console/shared/campaigns';
import type { AppContext } from '../core/context.ts';

/*
 * A campaign cannot start without a working unsubscribe (issue 26, decision 1020): an SMTP campaign needs
 * an unsubscribe link group holding at least one link, or the console's own tracker (TRACKER_URL) as the
 * default. PMTA campaigns always unsubscribe through their relay's host (decision 0910).
 */
export async function unsubscribeRefusal(ctx: Pick<AppContext, 'db' | 'env'>, campaignId: number) {
  const { rows } = await ctx.db.$client.query<{ type: number; links: number | null }>(
    `select c.type, (select count(*)::int from links l where l.group_id = c.unsubscribe_links_id) as links
       from campaigns c where c.id = $1`,
    [campaignId],
  );
  const c = rows[0];
  if (!c || c.type !== CampaignType.SMTP) return null;
  if ((c.links ?? 0) > 0 || ctx.env.TRACKER_URL) return null;
  return CampaignMessages.noUnsubscribe;
}
