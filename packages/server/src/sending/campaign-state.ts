import { z } from 'zod';
import { CampaignStatus } from '@console/shared/enums';
import type { AppContext } from '../core/context.ts';
import { jobRef } from '../core/jobs.ts';
import { publishCampaignLive } from '../core/campaign-live.ts';

/*
 * The campaign states and their transitions (spec 3; docs/decisions/0802), in one place for the API (start,
 * pause, stop, schedules) and the engine (prepared, paused for want of relays, finished). Each transition
 * is one conditional UPDATE, so two callers racing (a person and a scheduled job, two workers) cannot both
 * win: the loser's update matches no row and it is told so.
 *
 *   Inactive --start--> Preparing --prepared--> Active --all recipients done--> Finished
 *   Active | Preparing --pause--> Paused --start--> Active (Preparing when it was never prepared)
 *   any but Finished --stop--> Finished
 */

/** The engine's prepare step: materializes a campaign's recipients, then makes it Active (sending/prepare.ts). */
export const CAMPAIGN_PREPARE = jobRef('campaign.prepare', z.object({ campaignId: z.number().int().positive() }));

export interface CampaignRow {
  id: number;
  type: number;
  status: number;
  userId: number;
  startDate: Date | null;
}

const RETURNING = `returning id, type, status, user_id as "userId", start_date as "startDate"`;

async function transition(ctx: AppContext, id: number, set: string, from: number[], params: unknown[] = []) {
  const { rows } = await ctx.db.$client.query<CampaignRow>(
    `update campaigns set ${set} where id = $1 and status = any($2::int2[]) ${RETURNING}`,
    [id, from, ...params],
  );
  const row = rows[0];
  if (row) publishCampaignLive(ctx, row.type, row.id, { force: true });
  return row;
}

/**
 * Start (or resume): a campaign whose recipients are prepared goes to Active; otherwise (Inactive, or
 * paused while preparing) to Preparing, and the prepare job is queued. Undefined when not allowed.
 */
export async function startCampaign(ctx: AppContext, id: number): Promise<CampaignRow | undefined> {
  const row = await transition(
    ctx,
    id,
    `status = case when prepared_at is null then ${CampaignStatus.Preparing} else ${CampaignStatus.Active} end,
     pause_reason = null, start_date = coalesce(start_date, now())`,
    [CampaignStatus.Inactive, CampaignStatus.Paused],
  );
  // Start resumes a campaign once its relays are fixed (0802): their login blocks go, and a relay whose login
  // still fails is blocked again (and its owner told once) on its first try.
  if (row) await ctx.db.$client.query('delete from campaign_relay_blocks where campaign_id = $1', [id]);
  if (row?.status === CampaignStatus.Preparing) await ctx.jobs.send(CAMPAIGN_PREPARE, { campaignId: id });
  return row;
}

/** Pause: Active or Preparing to Paused; `reason` when the engine pauses it (shown in the lists). */
export const pauseCampaign = (ctx: AppContext, id: number, reason: string | null = null) =>
  transition(
    ctx,
    id,
    `status = ${CampaignStatus.Paused}, pause_reason = $3`,
    [CampaignStatus.Active, CampaignStatus.Preparing],
    [reason],
  );

/** Pause by a complaint or hard-bounce rate (decision 1391): remembered, so a person's resume holds. */
export const pauseForRates = (ctx: AppContext, id: number, reason: string) =>
  transition(
    ctx,
    id,
    `status = ${CampaignStatus.Paused}, pause_reason = $3, rate_paused_at = now()`,
    [CampaignStatus.Active, CampaignStatus.Preparing],
    [reason],
  );

/** Stop: anything not finished is Finished now; what was not sent stays unsent. */
export const stopCampaign = (ctx: AppContext, id: number) =>
  transition(ctx, id, `status = ${CampaignStatus.Finished}, end_date = now()`, [
    CampaignStatus.Inactive,
    CampaignStatus.Active,
    CampaignStatus.Preparing,
    CampaignStatus.Paused,
  ]);

/** The prepare step is done: Preparing becomes Active (a campaign paused meanwhile stays Paused). */
export const activatePrepared = (ctx: AppContext, id: number) =>
  transition(ctx, id, `status = ${CampaignStatus.Active}`, [CampaignStatus.Preparing]);

/** Every recipient reached an end: Active becomes Finished. */
export const finishCampaign = (ctx: AppContext, id: number) =>
  transition(ctx, id, `status = ${CampaignStatus.Finished}, end_date = now()`, [CampaignStatus.Active]);
