// @ts-nocheck
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { CampaignStatus } from '@console/shared/enums';
import { defineJob, jobRef, type JobDefinition } from '../../core/jobs.ts';
import type { AppContext } from '../../core/context.ts';
import { campaigns } from '../../db/schema/index.ts';
import { startCampaign, stopCampaign } from '../../sending/campaign-state.ts';
import { unsubscribeRefusal } from '../../sending/unsubscribe.ts';

/*
 * Scheduled start and stop (spec 3): pg-boss jobs delayed to the scheduled time, kept in the database so a
 * restart loses none. An edit does not hunt down the job it replaces: each job carries the time it was
 * queued for and does nothing unless the campaign is still scheduled for exactly that time (an edited or
 * cleared schedule leaves a stale job that fires and quits).
 */
const payload = z.object({ campaignId: z.number().int().positive(), at: z.iso.datetime() });
export const CAMPAIGN_SCHEDULED_START = jobRef('campaign.scheduled-start', payload);
export const CAMPAIGN_SCHEDULED_STOP = jobRef('campaign.scheduled-stop', payload);

type Ctx = Pick<AppContext, 'jobs'>;

/** Queues the delayed jobs of the schedules that are set (and changed, when `before` is given). */
export async function queueSchedules(
  ctx: Ctx,
  campaignId: number,
  now: { scheduledStart: Date | null; scheduledStop: Date | null },
  before?: { scheduledStart: string | null; scheduledStop: string | null },
) {
  const changed = (d: Date | null, old: string | null | undefined) =>
    d && (old === undefined || old === null || Date.parse(old) !== d.getTime());
  for (const [ref, at, old] of [
    [CAMPAIGN_SCHEDULED_START, now.scheduledStart, before?.scheduledStart],
    [CAMPAIGN_SCHEDULED_STOP, now.scheduledStop, before?.scheduledStop],
  ] as const) {
    if (!at || !changed(at, old)) continue;
    await ctx.jobs.send(
      ref,
      { campaignId, at: at.toISOString() },
      { startAfter: at, singletonKey: `${campaignId}:${at.toISOString()}` },
    );
  }
}

/** The campaign's current schedule and status, to check a job against. */
async function current(ctx: AppContext, id: number) {
  const [row] = await ctx.db
    .select({ status: campaigns.status, start: campaigns.scheduledStart, stop: campaigns.scheduledStop })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  return row;
}

export function campaignJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    defineJob(CAMPAIGN_SCHEDULED_START, {
      handler: async ({ campaignId, at }) => {
        const c = await current(ctx, campaignId);
        // Only the campaign's current schedule starts it, and only once: one started (and maybe paused) by
        // hand meanwhile is left alone.
        if (c?.start?.getTime() !== Date.parse(at) || c.status !== CampaignStatus.Inactive) return;
        // Without a working unsubscribe it stays Inactive, as a start by hand is refused (issue 26).
        if (await unsubscribeRefusal(ctx, campaignId)) return;
        await startCampaign(ctx, campaignId);
      },
    }),
    defineJob(CAMPAIGN_SCHEDULED_STOP, {
      handler: async ({ campaignId, at }) => {
        const c = await current(ctx, campaignId);
        if (c?.stop?.getTime() !== Date.parse(at)) return;
        await stopCampaign(ctx, campaignId);
      },
    }),
  ];
}
