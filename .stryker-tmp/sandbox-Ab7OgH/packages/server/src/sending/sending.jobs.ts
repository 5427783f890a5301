// @ts-nocheck
import type { z } from 'zod';
import type { AppContext } from '../core/context.ts';
import { defineJob, type JobDefinition } from '../core/jobs.ts';
import { CAMPAIGN_PREPARE } from './campaign-state.ts';
import { prepareCampaign } from './prepare.ts';
import { SUPPRESS_BOUNCED, suppressBounced } from './suppress.ts';

/** The engine's jobs: preparing a started campaign's recipients, suppressing hard-bounced addresses. */
export function sendingJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    defineJob(CAMPAIGN_PREPARE, {
      retryLimit: 5,
      handler: async ({ campaignId }) => prepareCampaign(ctx, campaignId),
    }),
    defineJob(SUPPRESS_BOUNCED, {
      retryLimit: 10,
      handler: async ({ emails }) => suppressBounced(ctx, emails),
    }),
  ];
}
