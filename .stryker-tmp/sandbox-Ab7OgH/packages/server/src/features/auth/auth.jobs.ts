// @ts-nocheck
import { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { defineJob, jobRef, type JobDefinition } from '../../core/jobs.ts';
import { sweepSignInRecords } from './auth.repo.ts';
import { FAILURES_KEPT_S } from './auth.service.ts';

/** Hourly: failed sign-ins no rule looks at any more, and expired refresh tokens, are deleted. */
export const AUTH_SWEEP = jobRef('auth.sweep', z.object({}).loose());

export function authJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    defineJob(AUTH_SWEEP, {
      cron: '17 * * * *',
      retryLimit: 0,
      handler: async () => {
        await sweepSignInRecords(ctx.db, FAILURES_KEPT_S);
      },
    }),
  ];
}
