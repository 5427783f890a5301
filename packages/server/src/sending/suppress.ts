import { z } from 'zod';
import type { AppContext } from '../core/context.ts';
import { jobRef } from '../core/jobs.ts';
import { revalidate } from '../suppression/validity.ts';
import { inTransaction } from '../db/transaction.ts';

/*
 * Permanent bounces (bad-mailbox, bad-domain, inactive-mailbox; decision 1360) and addresses at the soft-bounce
 * limit (1361) are suppressed at once:
 * the sender's group commit adds the address to the Bounced Emails (suppression/bounced.ts: global, a dead
 * mailbox is dead for every list), and this job then recomputes `emails.valid` and the lists' valid
 * counters. It runs apart from the sender because `revalidate` locks the lists, which an import may hold
 * for a while; a campaign's prepare step re-checks the bounced e-mails anyway.
 */
export const SUPPRESS_BOUNCED = jobRef(
  'sending.suppress-bounced',
  z.object({ emails: z.array(z.string().max(400)).min(1).max(10_000) }),
);

export async function suppressBounced(ctx: AppContext, emails: string[]) {
  await inTransaction(ctx.db, (client) => revalidate(client, { emails }));
}
