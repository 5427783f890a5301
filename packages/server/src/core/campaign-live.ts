import { Topics } from '@console/shared/hub';
import { completionOf } from '@console/shared/campaigns';
import { isCampaignType } from '@console/shared/enums';
import type { AppContext } from './context.ts';
import { loggable } from './errors.ts';
import { logOf } from './log.ts';

/*
 * Live progress and statistics of campaigns (spec 3's two topics). Whatever moves a campaign's counters or
 * status (the senders, the tracker, a start or a pause) calls `publishCampaignLive`; each process publishes
 * a campaign at most every THROTTLE_MS, reading its counters once then (a trailing publish carries the last
 * change), so a campaign sending thousands of messages a second costs a few NOTIFYs a second. Opens and
 * clicks are recipients (the unique counters), as on every screen (decision 1340).
 */

const THROTTLE_MS = 250;

interface Slot {
  last: number;
  timer?: NodeJS.Timeout;
}
/** Per app context (tests run several in one process), per campaign. */
const slotsOf = new WeakMap<AppContext, Map<string, Slot>>();

export function publishCampaignLive(ctx: AppContext, type: number, id: number, o: { force?: boolean } = {}) {
  const slots = slotsOf.get(ctx) ?? new Map<string, Slot>();
  slotsOf.set(ctx, slots);
  const key = `${type}:${id}`;
  const slot = slots.get(key) ?? { last: 0 };
  slots.set(key, slot);
  if (slot.timer) return;
  const wait = o.force ? 0 : Math.max(0, slot.last + THROTTLE_MS - Date.now());
  slot.timer = setTimeout(() => {
    slot.timer = undefined;
    slot.last = Date.now();
    publishNow(ctx, type, id).catch((e) =>
      logOf(ctx).error({ campaignType: type, campaignId: id, err: loggable(e) }, 'live campaign publish failed'),
    );
  }, wait);
  slot.timer.unref();
}

/** Drops the publishes still waiting (the process is stopping: its pool is about to close). */
export function stopCampaignLive(ctx: AppContext) {
  for (const slot of slotsOf.get(ctx)?.values() ?? []) clearTimeout(slot.timer);
  slotsOf.delete(ctx);
}

async function publishNow(ctx: AppContext, type: number, id: number) {
  const { rows } = await ctx.db.$client.query<{
    status: number;
    userId: number;
    startDate: Date | null;
    total: number;
    delivered: number;
    bounced: number;
    opens: number;
    clicks: number;
    unsubscribes: number;
    complaints: number;
    infraBounces: number;
    profit: string;
  }>(
    `select c.status, c.user_id as "userId", c.start_date as "startDate", coalesce(k.total, c.total) as total,
            coalesce(k.delivered, 0) as delivered, coalesce(k.bounced, 0) as bounced, coalesce(k.unique_opens, 0) as opens,
            coalesce(k.unique_clicks, 0) as clicks, coalesce(k.unsubscribes, 0) as unsubscribes,
            coalesce(k.complaints, 0) as complaints, coalesce(k.infra_bounces, 0) as "infraBounces",
            coalesce(k.profit_cents, 0) as profit
       from campaigns c left join campaign_counters k on k.campaign_type = c.type and k.campaign_id = c.id
      where c.id = $1 and c.type = $2`,
    [id, type],
  );
  const c = rows[0];
  if (!c || !isCampaignType(type)) return;
  const campaignType = type;
  const completion = completionOf(c.delivered, c.bounced, c.total);
  await ctx.hub.publish(Topics.campaignProgress, c.userId, {
    campaign: { id, type: campaignType, status: c.status, startDate: c.startDate?.toISOString() ?? null },
    campaignId: id,
    campaignType,
    completion,
  });
  await ctx.hub.publish(Topics.campaignStatistics, c.userId, {
    campaignType,
    campaignId: id,
    sent: c.delivered,
    totalToSend: c.total,
    opens: c.opens,
    clicks: c.clicks,
    unsubscribers: c.unsubscribes,
    profit: Number(c.profit),
    bounces: c.bounced,
    complaints: c.complaints,
    infraBounces: c.infraBounces,
  });
}
