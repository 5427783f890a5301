import type { AppContext } from './core/context.ts';
import type { JobDefinition } from './core/jobs.ts';
import { offerJobs } from './features/offers/offers.jobs.ts';
import { emailListJobs } from './features/email-lists/email-lists.jobs.ts';
import type { z } from 'zod';

/** Every background job of the console, in one place. Each feature's `.jobs.ts` builds its definitions. */
export function jobDefinitions(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [...offerJobs(ctx), ...emailListJobs(ctx)];
}
