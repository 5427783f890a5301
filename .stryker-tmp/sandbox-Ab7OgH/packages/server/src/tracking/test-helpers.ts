// @ts-nocheck
import { ownerPostbackKey } from './postback-key.ts';
import type { TestApp } from '../../test/harness.ts';
import { encodeTrackingId } from './uuid.ts';

/**
 * A campaign's recipients as the engine's prepare step leaves them: its partition of campaign_recipients
 * and one delivered row per e-mail of its list. Returns the rows (e-mail id and address).
 */
export async function addRecipients(t: TestApp, campaign: { id: number; emailListId: number }) {
  const id = Number(campaign.id);
  await t.ctx.db.$client.query(
    `create table if not exists campaign_recipients_${id} partition of campaign_recipients for values in (${id})`,
  );
  const { rows } = await t.ctx.db.$client.query<{ emailId: number; email: string }>(
    `insert into campaign_recipients (campaign_id, email_id, email, domain, mail_provider_id, status, done_at)
     select $1, id, email, split_part(email, '@', 2), mail_provider_id, 3, now() from emails where email_list_id = $2
     order by id
     returning email_id as "emailId", email`,
    [id, campaign.emailListId],
  );
  return rows;
}

/** The tracking id of one recipient of an SMTP campaign. */
export const smtpTrackingId = (t: TestApp, campaignId: number, emailId: number, relayId = 7) =>
  encodeTrackingId(t.ctx.secret, { campaignType: 'smtp', campaignId, relayId, emailId });

/** The postback key a conversion of the campaign must carry: its offer owner's (issue 24). */
export async function postbackKeyOf(t: TestApp, campaignId: number): Promise<string> {
  const { rows } = await t.ctx.db.$client.query<{ userId: number }>(
    'select o.user_id as "userId" from campaigns c join offers o on o.id = c.offer_id where c.id = $1',
    [campaignId],
  );
  return ownerPostbackKey(t.ctx, rows[0]!.userId);
}
