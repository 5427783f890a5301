import { z } from 'zod';
import { INDICATORS_CRON } from '@console/shared/pmta-relay-indicators';
import type { AppContext } from '../../core/context.ts';
import { defineJob, jobRef, type JobDefinition } from '../../core/jobs.ts';
import { computeRelayIndicators } from './pmta-relay-indicators.compute.ts';

export const INDICATORS_REFRESH = jobRef('pmta-relay-indicators.refresh', z.object({}).loose());

/** Every night at 02:00 UTC (spec 3 "Reports": generated once a day at night): the whole set replaced. */
export function pmtaRelayIndicatorsJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    defineJob(INDICATORS_REFRESH, {
      cron: INDICATORS_CRON,
      retryLimit: 2,
      concurrency: 1,
      handler: async () => {
        const client = await ctx.db.$client.connect();
        try {
          await computeRelayIndicators(client);
        } finally {
          client.release();
        }
      },
    }),
  ];
}

/**
 * At a working process's start (issue 22 §5): a fresh install has no indicators until the first 02:00 run,
 * so when none exist and there are relays, the refresh is queued now (once: a singleton while queued).
 */
export async function indicatorsAtStart(ctx: AppContext): Promise<void> {
  const { rows } = await ctx.db.$client.query<{ missing: boolean }>(
    `select not exists (select 1 from pmta_relay_indicators) and exists (select 1 from pmta_relays) as missing`,
  );
  if (rows[0]?.missing) await ctx.jobs.send(INDICATORS_REFRESH, {}, { singletonKey: 'at-start' });
}

/**
 * A relay was created or changed (issue 38 item 8): its indicators are computed now, not at the next 02:00
 * run or the next process start. Queued once while one waits (a singleton); a refresh that cannot be queued
 * is not the relay's failure, the nightly run catches up.
 */
export async function indicatorsSoon(ctx: Pick<AppContext, 'jobs'>): Promise<void> {
  await ctx.jobs.send(INDICATORS_REFRESH, {}, { singletonKey: 'relays-changed' }).catch(() => undefined);
}
