import type pg from 'pg';
import { CampaignStatus } from '@console/shared/enums';
import type { AppContext } from '../core/context.ts';
import { suppressed } from '../suppression/validity.ts';
import { activatePrepared } from './campaign-state.ts';
import { inTransaction } from '../db/transaction.ts';

/*
 * The prepare step (ARCHITECTURE §4.1, docs/decisions/0802): a campaign's recipients are materialized once,
 * set-based, into its own partition of campaign_recipients: the valid e-mails of its list in its mail
 * services, minus whatever is suppressed at this moment (unsubscribed from the list's category, spam-trap
 * e-mail, domain or MX, complained about the owner: the rules of suppression/validity.ts, checked again here because
 * `emails.valid` may lag a change by a moment). Then the totals, then Active. Running it twice changes
 * nothing: the partition and the rows exist, and a prepared campaign is only activated.
 */

export async function prepareCampaign(ctx: AppContext, campaignId: number): Promise<void> {
  const id = Number(campaignId);
  const prepared = await inTransaction(ctx.db, async (client) => {
    const { rows } = await client.query<{ status: number; prepared: boolean }>(
      'select status, prepared_at is not null as prepared from campaigns where id = $1 for update',
      [id],
    );
    const c = rows[0];
    if (!c || c.status === CampaignStatus.Finished) return false;
    if (c.prepared) return true;
    await materializeRecipients(client, id);
    return true;
  });
  if (prepared) await activatePrepared(ctx, id);
}

/**
 * The campaign's recipients and its totals (campaign, per service, per domain), in the caller's
 * transaction. Exported for the demo's history, whose finished campaigns are made the way real ones are.
 */
export async function materializeRecipients(client: pg.ClientBase, id: number): Promise<void> {
  // The id is an integer from our own row: safe to put in the table's name.
  await client.query(
    `create table if not exists campaign_recipients_${id} partition of campaign_recipients for values in (${id})`,
  );
  await client.query(
    `insert into campaign_recipients (campaign_id, email_id, email, domain, mail_provider_id, name, surname, city, geo,
                                        birth_year)
       select s.campaign_id, s.id, s.email, split_part(s.email, '@', 2), s.mail_provider_id, s.name, s.surname,
              coalesce(nullif(s.city, ''), s.default_city), s.geo, s.birth_year
         from (select c.id as campaign_id, c.user_id as campaign_user_id, c.default_city, l.category_id,
                      l.user_id as list_user_id, e.*
                 from campaigns c
                 join email_lists l on l.id = c.email_list_id
                 join emails e on e.email_list_id = l.id
                where c.id = $1 and e.valid and e.mail_provider_id = any(c.mail_provider_ids)) s
        where not ${suppressed('s')}
          -- A list assigned to the campaign's owner: the owner's complaints hold too (decision 1390).
          and not exists (select 1 from complaint_emails ce where ce.email = s.email and ce.user_id = s.campaign_user_id)
       on conflict do nothing`,
    [id],
  );
  await client.query(
    `update campaigns set total = (select count(*) from campaign_recipients where campaign_id = $1), prepared_at = now()
        where id = $1`,
    [id],
  );
  await client.query(
    `insert into campaign_counters (campaign_type, campaign_id, total)
       select type, id, total from campaigns where id = $1
       on conflict (campaign_type, campaign_id) do update set total = excluded.total`,
    [id],
  );
  await client.query(
    `insert into campaign_provider_counters (campaign_type, campaign_id, mail_provider_id, total)
       select c.type, c.id, r.mail_provider_id, count(*)
         from campaign_recipients r join campaigns c on c.id = r.campaign_id
        where r.campaign_id = $1 group by 1, 2, 3
       on conflict (campaign_type, campaign_id, mail_provider_id) do update set total = excluded.total`,
    [id],
  );
  await client.query(
    `insert into campaign_domain_counters (campaign_type, campaign_id, domain, mail_provider_id, total)
       select c.type, c.id, r.domain, max(r.mail_provider_id), count(*)
         from campaign_recipients r join campaigns c on c.id = r.campaign_id
        where r.campaign_id = $1 group by 1, 2, 3
       on conflict (campaign_type, campaign_id, domain) do update set total = excluded.total`,
    [id],
  );
}
