/**
 * The tracking benches' campaign: one SMTP campaign of `total` delivered recipients (set-based SQL, its own
 * partition of campaign_recipients) of the sending benches' list (50 domains), 10 relays, its offer's URL
 * holding every placeholder.
 */
// @ts-nocheck

import type pg from 'pg';
import { CampaignType } from '../../packages/shared/src/enums.ts';
import { seedNewsletter } from '../lib/newsletter.ts';

type Query = (text: string, params?: unknown[]) => Promise<pg.QueryResult>;

export async function seedCampaign(q: Query, total: number) {
  const one = async (text: string, params: unknown[] = []) => (await q(text, params)).rows[0]!;
  const { user, list, provider, offer, message } = await seedNewsletter(
    q,
    total,
    'https://offer.example.com/?c=[click_id]&t=[trk]&e=[email]',
  );
  const group = await one(`insert into smtp_relay_groups (name, user_id) values ('g', $1) returning id`, [user.id]);
  const campaign = await one(
    `insert into campaigns (type, name, sender, email_list_id, mail_provider_ids, message_id, offer_id, relay_status,
       smtp_relay_group_id, status, user_id, total)
     values (${CampaignType.SMTP}, 'bench', 'Bench', $1, array[$2::int], $3, $4, 1, $5, 4, $6, $7) returning id`,
    [list.id, provider.id, message.id, offer.id, group.id, user.id, total],
  );
  await q(
    `create table campaign_recipients_${campaign.id} partition of campaign_recipients for values in (${campaign.id})`,
  );
  await q(
    `insert into campaign_recipients (campaign_id, email_id, email, domain, mail_provider_id, status, relay_id, done_at)
     select $1, id, email, split_part(email, '@', 2), mail_provider_id, 3, 1 + id % 10, now() from emails where email_list_id = $2`,
    [campaign.id, list.id],
  );
  await q('analyze');
  const { rows: recipients } = await q(
    `select email_id as "emailId", relay_id as "relayId" from campaign_recipients where campaign_id = $1`,
    [campaign.id],
  );
  return { campaign: campaign as { id: number }, recipients: recipients as { emailId: string; relayId: number }[] };
}
