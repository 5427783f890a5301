import { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { defineJob, jobRef, type JobDefinition } from '../../core/jobs.ts';
import { checkMailbox } from './mailbox-check.ts';

/** One mailbox's check ("Check now", and each minute's round). */
export const MAILBOX_CHECK = jobRef('bounce-mailboxes.check', z.object({ mailboxId: z.number().int().positive() }));
/** Every minute: a check of each active mailbox. */
export const MAILBOX_ROUND = jobRef('bounce-mailboxes.round', z.object({}).loose());

export function bounceMailboxJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    defineJob(MAILBOX_ROUND, {
      cron: '* * * * *',
      retryLimit: 0,
      handler: async () => {
        const { rows } = await ctx.db.$client.query<{ id: number }>(
          `select id from bounce_mailboxes where active and (lease_until is null or lease_until < now()) order by id`,
        );
        for (const r of rows)
          await ctx.jobs.send(MAILBOX_CHECK, { mailboxId: r.id }, { singletonKey: `mailbox-${r.id}` }).catch(() => {}); // one still queued: that one checks it
      },
    }),
    defineJob(MAILBOX_CHECK, {
      retryLimit: 0,
      handler: async (data) => {
        await checkMailbox(ctx, data.mailboxId);
      },
    }),
  ];
}
