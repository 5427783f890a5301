import { z } from 'zod';
import { INDICATORS_CRON } from '@console/shared/pmta-relay-indicators';
import type { AppContext } from '../../core/context.ts';
import { defineJob, type JobDefinition } from '../../core/jobs.ts';
import { INDICATORS_REFRESH } from '../../pmta/indicators-refresh.ts';
import { computeRelayIndicators } from './pmta-relay-indicators.compute.ts';

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
