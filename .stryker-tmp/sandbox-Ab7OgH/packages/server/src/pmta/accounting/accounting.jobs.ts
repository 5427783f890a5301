// @ts-nocheck
import { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { loggable } from '../../core/errors.ts';
import { logOf } from '../../core/log.ts';
import { defineJob, jobRef, type JobDefinition } from '../../core/jobs.ts';
import { PmtaSshError } from '../ssh/connection.ts';
import { pullAccounting, registerAccountingHandlers } from './pull.ts';
import type { AcctHandler } from './record.ts';
import { sweepRelayRatings } from './relay-reputation.ts';

export const ACCOUNTING_PULL = jobRef('pmta.accounting', z.object({}).loose());
/** Servers pulled at once: SSH sessions and database connections stay few. */
const CONCURRENCY = 4;

/** Every minute, every PMTA server: what is new in its accounting files; an error waits for the next minute. */
export async function pullAllAccounting(ctx: AppContext) {
  const { rows } = await ctx.db.$client.query<{ id: number }>('select id from pmta_servers order by id');
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const id = rows[next++]!.id;
      // The pull logs its failure to the uploading log (once while it lasts); the next minute tries again.
      await pullAccounting(ctx, id).catch(
        (e) =>
          e instanceof PmtaSshError ||
          logOf(ctx).error({ component: 'pmta-accounting', serverId: id, err: loggable(e) }, 'accounting pull failed'),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, worker));
  await sweepRelayRatings(ctx);
}

/** The accounting job; `handlers` take the records (campaign recipients, e-mail tests). */
export function accountingJobs(ctx: AppContext, handlers: AcctHandler[]): JobDefinition<z.ZodType>[] {
  registerAccountingHandlers(ctx, handlers);
  return [
    defineJob(ACCOUNTING_PULL, {
      cron: '* * * * *',
      retryLimit: 0,
      concurrency: 1,
      handler: async () => {
        await pullAllAccounting(ctx);
      },
    }),
  ];
}
