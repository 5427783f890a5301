// @ts-nocheck
import { z } from 'zod';
import { SYNC_EVERY_MINUTES } from '@console/shared/pmta-speeds';
import type { AppContext } from '../../core/context.ts';
import { logOf } from '../../core/log.ts';
import { defineJob, jobRef, type JobDefinition } from '../../core/jobs.ts';
import { syncAllSpeeds } from './pmta-speeds.service.ts';

export const SPEEDS_SYNC = jobRef('pmta-speeds.sync', z.object({}).loose());

/** Every 30 minutes (spec 3 §9): every speed synced, 4 servers at a time (decision 0908). */
export function pmtaSpeedsJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    defineJob(SPEEDS_SYNC, {
      cron: `*/${SYNC_EVERY_MINUTES} * * * *`,
      retryLimit: 0,
      concurrency: 1,
      handler: async () => {
        const { ids, failed } = await syncAllSpeeds(ctx);
        // A server that is down fails its speeds; they stay yellow and the next run tries again.
        if (failed.length)
          logOf(ctx).warn(
            { synced: ids.length, failed: failed.length, err: failed[0]!.error },
            'pmta speeds: some servers failed',
          );
      },
    }),
  ];
}
