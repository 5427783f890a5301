// @ts-nocheck
import { outboundPolicy } from '../../core/outbound.ts';
import { z } from 'zod';
import { defineJob, jobRef, type JobDefinition } from '../../core/jobs.ts';
import type { AppContext } from '../../core/context.ts';
import { runOfferCheck } from './offer-health.ts';
import { activeOfferIds } from './offers.repo.ts';

/** Checks one offer's links (queued after a create or a url/plug change, and by the sweep). */
export const OFFER_HEALTH_CHECK = jobRef('offers.health-check', z.object({ offerId: z.number().int().positive() }));
/** Every 30 minutes: queues a check of every active offer, so that dead or spam-listed links show up. */
export const OFFER_HEALTH_SWEEP = jobRef('offers.health-sweep', z.object({}).loose());

export function offerJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    defineJob(OFFER_HEALTH_CHECK, {
      // A dead link is a result, not a failure; only a database error throws, and the next sweep retries anyway.
      retryLimit: 1,
      concurrency: 4,
      handler: async ({ offerId }) => {
        await runOfferCheck(ctx.db, offerId, { policy: outboundPolicy(ctx.env) });
      },
    }),
    defineJob(OFFER_HEALTH_SWEEP, {
      cron: '*/30 * * * *',
      retryLimit: 0,
      // One job per offer: any number of workers share the checks, and one slow host delays no other.
      handler: async () => {
        const ids = await activeOfferIds(ctx.db);
        await ctx.jobs.sendMany(
          OFFER_HEALTH_CHECK,
          ids.map((offerId) => ({ offerId })),
        );
      },
    }),
  ];
}
