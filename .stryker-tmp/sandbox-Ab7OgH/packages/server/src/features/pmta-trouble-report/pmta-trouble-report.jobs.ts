// @ts-nocheck
import { z } from 'zod';
import { TROUBLE_REFRESH_MINUTES } from '@console/shared/pmta-trouble-report';
import type { AppContext } from '../../core/context.ts';
import { defineJob, jobRef, type JobDefinition } from '../../core/jobs.ts';
import { refreshTroubles } from './pmta-trouble-report.service.ts';

export const TROUBLES_REFRESH = jobRef('pmta-trouble-report.refresh', z.object({}).loose());

/** Every 5 minutes: every PMTA server's checks, 4 servers at a time, stored for the report (decision 0906). */
export function pmtaTroubleReportJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    defineJob(TROUBLES_REFRESH, {
      cron: `*/${TROUBLE_REFRESH_MINUTES} * * * *`,
      retryLimit: 0,
      concurrency: 1,
      handler: async () => {
        await refreshTroubles(ctx);
      },
    }),
  ];
}
