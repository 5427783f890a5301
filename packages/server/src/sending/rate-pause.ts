import { CampaignStatus } from '@console/shared/enums';
import type { AppContext } from '../core/context.ts';
import { notifyUser } from '../core/notify.ts';
import { pauseForRates } from './campaign-state.ts';

/*
 * Campaign pauses by rate (issue 39 section 3, decision 1391): a running campaign whose complaints pass
 * the complaint threshold of its delivered mail (default 0.3%, Gmail's published limit, once 1,000 are
 * delivered), or whose hard bounces pass the hard-bounce threshold of its sent mail (default 5%, once 500
 * are sent), is paused with a reason that says which figure crossed which line, and its owner is told. The
 * figures are the campaign's counters (campaign_counters), exact at every commit. A campaign a person
 * resumed after such a pause is not paused by the rates again (`rate_paused_at`). Called after the commits
 * that move the figures: the sender's runner (throttled), the PMTA accounting, the complaints' writers.
 */

export interface RatePause {
  id: number;
  reason: string;
}

interface Crossing {
  id: number;
  name: string;
  userId: number;
  sent: number;
  delivered: number;
  complaints: number;
  hardBounces: number;
  complaintBp: number;
  minDelivered: number;
  hardBounceBp: number;
  minSent: number;
}

/** `n` of `of` in percent, at most two decimals and no trailing zeros: 0.4%, 25%. */
export const percent = (n: number, of: number) => `${((100 * n) / of).toFixed(2).replace(/\.?0+$/, '')}%`;
const limit = (bp: number) => `${bp / 100}%`;

/** The reason a campaign is paused: each figure that crossed its line. */
export function rateReason(c: Omit<Crossing, 'id' | 'name' | 'userId'>): string | null {
  const parts: string[] = [];
  if (c.complaintBp > 0 && c.delivered >= c.minDelivered && c.complaints * 10_000 > c.complaintBp * c.delivered)
    parts.push(
      `complaint rate ${percent(c.complaints, c.delivered)} (${c.complaints} complaints of ${c.delivered} delivered) ` +
        `passed the ${limit(c.complaintBp)} limit`,
    );
  if (c.hardBounceBp > 0 && c.sent >= c.minSent && c.hardBounces * 10_000 > c.hardBounceBp * c.sent)
    parts.push(
      `hard-bounce rate ${percent(c.hardBounces, c.sent)} (${c.hardBounces} hard bounces of ${c.sent} sent) ` +
        `passed the ${limit(c.hardBounceBp)} limit`,
    );
  if (!parts.length) return null;
  return `Paused: the ${parts.join('; the ')}.`;
}

/** Pauses those of the campaigns whose rates crossed a line; returns them with their reasons. */
export async function pauseOnRates(ctx: AppContext, campaignIds: number[]): Promise<RatePause[]> {
  if (!campaignIds.length) return [];
  // One statement; the settings' defaults apply while the settings row is missing.
  const { rows } = await ctx.db.$client.query<Crossing>(
    `select c.id, c.name, c.user_id as "userId", k.sent, k.delivered, k.complaints, k.hard_bounces as "hardBounces",
            coalesce(s.complaint_pause_basis_points, 30) as "complaintBp",
            coalesce(s.complaint_pause_min_delivered, 1000) as "minDelivered",
            coalesce(s.hard_bounce_pause_basis_points, 500) as "hardBounceBp",
            coalesce(s.hard_bounce_pause_min_sent, 500) as "minSent"
       from campaigns c
       join campaign_counters k on k.campaign_type = c.type and k.campaign_id = c.id
       left join console_settings s on true
      where c.id = any($1::int[]) and c.status = any($2::int2[]) and c.rate_paused_at is null`,
    [campaignIds, [CampaignStatus.Active, CampaignStatus.Preparing]],
  );
  const paused: RatePause[] = [];
  for (const c of rows) {
    const reason = rateReason(c);
    if (!reason) continue;
    // The transition is conditional: of two callers racing, one pauses and tells the owner.
    if (!(await pauseForRates(ctx, c.id, reason))) continue;
    paused.push({ id: c.id, reason });
    await notifyUser(ctx, c.userId, { subject: `Campaign "${c.name}" paused`, message: reason, status: 'error' });
  }
  return paused;
}
