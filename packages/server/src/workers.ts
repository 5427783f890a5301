import type { z } from 'zod';
import type { AppContext } from './core/context.ts';
import type { JobDefinition } from './core/jobs.ts';
import { importJobs } from './core/imports/jobs.ts';
import type { ImportKind } from './core/imports/kind.ts';
import { offerJobs } from './features/offers/offers.jobs.ts';
import { emailListImport } from './features/email-lists/import/kind.ts';

/** Every upload kind (core/imports runs, recovers and sweeps them all). */
export const importKinds: readonly ImportKind[] = [emailListImport];

/** Every background job of the console, in one place. Each feature's `.jobs.ts` builds its definitions. */
export function jobDefinitions(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [...offerJobs(ctx), ...importJobs(ctx, importKinds)];
}
