import { z } from 'zod';
import { isNull } from 'drizzle-orm';
import { defineJob, type JobDefinition } from '../../core/jobs.ts';
import type { AppContext } from '../../core/context.ts';
import { offers } from '../../db/schema.ts';
import { runOfferCheck } from './offer-health.ts';

/** Checks one offer's links (queued after a create or a url/plug change, and by the sweep). */
export const OFFER_HEALTH_CHECK = 'offers.health-check';
/** Every 30 minutes: queues a check of every active offer, so that dead or spam-listed links show up. */
export const OFFER_HEALTH_SWEEP = 'offers.health-sweep';

export function offerJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  const check = defineJob({
    name: OFFER_HEALTH_CHECK,
    payload: z.object({ offerId: z.number().int().positive() }),
    // A dead link is a result, not a failure; only a database error throws, and the next sweep retries anyway.
    retryLimit: 1,
    concurrency: 4,
    handler: async ({ offerId }) => {
      await runOfferCheck(ctx.db, offerId, { allowInternal: ctx.env.ALLOW_INTERNAL_URLS });
    },
  });
  const sweep = defineJob({
    name: OFFER_HEALTH_SWEEP,
    payload: z.object({}),
    cron: '*/30 * * * *',
    retryLimit: 0,
    handler: async () => {
      const rows = await ctx.db.select({ id: offers.id }).from(offers).where(isNull(offers.archive)).orderBy(offers.id);
      // One job per offer: any number of workers share the checks, and one slow host delays no other.
      for (let i = 0; i < rows.length; i += 500) {
        await ctx.jobs.boss.insert(
          OFFER_HEALTH_CHECK,
          rows.slice(i, i + 500).map((r) => ({ data: { offerId: r.id } })),
        );
      }
    },
  });
  return [check, sweep] as JobDefinition<z.ZodType>[];
}
