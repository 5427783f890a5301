/**
 * The tracking benches' campaign: one SMTP campaign of `total` delivered recipients (set-based SQL, its own
 * partition of campaign_recipients), 50 domains, 10 relays, its offer's URL holding every placeholder.
 */
import type pg from 'pg';
import { CampaignType } from '../../packages/shared/src/enums.ts';

type Query = (text: string, params?: unknown[]) => Promise<pg.QueryResult>;

export async function seedCampaign(q: Query, total: number) {
  const one = async (text: string, params: unknown[] = []) => (await q(text, params)).rows[0]!;
  const user = await one(`insert into users (username, email, password_hash, roles, is_active, profit_rate)
    values ('owner', 'owner@example.com', 'x', '{ROLE_USER}', true, 70) returning id`);
  const category = await one(`insert into categories (name) values ('bench') returning id`);
  const list = await one(
    `insert into email_lists (name, category_id, user_id, total_counter, valid_counter) values ('big', $1, $2, $3, $3) returning id`,
    [category.id, user.id, total],
  );
  const provider = await one(`select id from mail_providers where name = 'Other'`);
  await q(
    `insert into emails (email_list_id, email, mail_provider_id, valid)
     select $1, 'user' || g || '@example' || (g % 50) || '.com', $2, true from generate_series(1, $3) g`,
    [list.id, provider.id, total],
  );
  const offer = await one(
    `insert into offers (category_id, name, url, user_id) values ($1, 'offer', 'https://offer.example.com/?c=[click_id]&t=[trk]&e=[email]', $2) returning id`,
    [category.id, user.id],
  );
  const message = await one(
    `insert into messages (name, subject, content, user_id) values ('m', 's', '<p>x</p>', $1) returning id`,
    [user.id],
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
