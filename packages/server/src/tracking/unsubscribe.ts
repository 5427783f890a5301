import type pg from 'pg';
import type { AppContext } from '../core/context.ts';
import { inTransaction } from '../db/transaction.ts';
import { normalizeEmail } from '../suppression/email-syntax.ts';
import { revalidate } from '../suppression/validity.ts';
import { publishCampaignLive } from '../core/campaign-live.ts';
import { CampaignTypeOf } from '@console/shared/enums';
import type { TrackedCampaign } from './campaigns.ts';
import { recordEvents } from './events.ts';
import type { Recipient } from './group-commit.ts';

/*
 * An unsubscribe (the page's button or an RFC 8058 one-click POST), in a transaction of its own rather than
 * the group commit: it adds the address to the unsubscribers of the campaign list's category and
 * `revalidate` moves every list of that category (locking those lists, which may wait for a running
 * import; opens and clicks must not wait with it). Counted once per recipient: `unsubscribed_at`.
 */

export async function unsubscribe(
  ctx: AppContext,
  campaign: TrackedCampaign,
  relayId: number,
  emailId: number,
  /** When it happened: now unless given (a history recorded afterwards, as the demo's; issue 38). */
  at?: Date,
): Promise<{ recipient: Recipient; counted: boolean } | null> {
  const out = await inTransaction(ctx.db, async (client) => {
    const { rows } = await client.query<Recipient & { done: boolean }>(
      `select email, domain, mail_provider_id as "mailProviderId", unsubscribed_at is not null as done
         from campaign_recipients where campaign_id = $1 and email_id = $2 for update`,
      [campaign.id, emailId],
    );
    // An archived campaign's recipient is found in its list (decision 1370): an old mail's link still works.
    const r = rows[0] ?? (campaign.recipientsArchived ? await listRecipient(client, emailId) : undefined);
    if (!r) return null;
    const recipient = { email: r.email, domain: r.domain, mailProviderId: r.mailProviderId };
    if (r.done) return { recipient, counted: false };
    if (rows[0])
      await client.query(
        `update campaign_recipients set unsubscribed_at = coalesce($3::timestamptz, now()) where campaign_id = $1 and email_id = $2`,
        [campaign.id, emailId, at ?? null],
      );
    const email = normalizeEmail(r.email);
    const added = await client.query(
      `insert into unsubscribers (email, category_id) values ($1, $2) on conflict do nothing returning id`,
      [email, campaign.categoryId],
    );
    if (added.rowCount) await revalidate(client, { emails: [email], category: campaign.categoryId });
    // Without the recipient's row, the unsubscribers list is what says "once".
    else if (!rows[0]) return { recipient, counted: false };
    await recordEvents(client, [
      {
        kind: 'unsubscribe',
        campaignType: campaign.type,
        campaignId: campaign.id,
        userId: campaign.userId,
        relayId: relayId || null,
        mailProviderId: r.mailProviderId,
        domain: r.domain,
        emailId,
        at,
      },
    ]);
    return { recipient, counted: true };
  });
  if (out?.counted) publishCampaignLive(ctx, CampaignTypeOf[campaign.type], campaign.id);
  return out;
}

/** The recipient as it is, without writing (HEAD requests, the unsubscribe page). */
export async function peekRecipient(
  ctx: AppContext,
  campaign: Pick<TrackedCampaign, 'id' | 'recipientsArchived'>,
  emailId: number,
): Promise<Recipient | null> {
  const { rows } = await ctx.db.$client.query<Recipient>(
    `select email, domain, mail_provider_id as "mailProviderId"
       from campaign_recipients where campaign_id = $1 and email_id = $2`,
    [campaign.id, emailId],
  );
  if (rows[0]) return rows[0];
  return campaign.recipientsArchived ? ((await listRecipient(ctx.db.$client, emailId)) ?? null) : null;
}

/**
 * The address behind a tracking id whose campaign's recipient rows were archived: the list's row, which the
 * id names (`emails.id`). Undefined when the list no longer has it.
 */
async function listRecipient(client: pg.ClientBase | pg.Pool, emailId: number) {
  const { rows } = await client.query<Recipient & { done: boolean }>(
    `select email, lower(split_part(email, '@', 2)) as domain, mail_provider_id as "mailProviderId", false as done
       from emails where id = $1`,
    [emailId],
  );
  return rows[0];
}
