import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CampaignType } from '@console/shared/enums';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { campaignRow } from './campaigns.ts';
import { shotBoth, signIn } from './ui.ts';

/*
 * Issue 23: an Active campaign whose numbers stand still because no sender runs says so in the campaign list
 * ("No sender is running"), and stops saying so once a worker runs. The console runs ROLE=api (no sender);
 * a real worker process (ROLE=worker) is then started on the same database and stopped again. The campaign
 * waits for its recipients' retry time (an hour away), so it stays Active all along: only the heartbeat of
 * a sending process moves the tag.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { ROLE: 'api' } });
});
afterAll(async () => {
  await h?.stop();
});

const CAMPAIGN = 'Waiting campaign';
const PREPARING = 'Saved with no sender';

/** The create body of a campaign like `id` (the same list, message, offer, relays) with offer links of its own. */
async function campaignInput(id: number, token: string) {
  const { rows } = await h.sql(
    `select email_list_id as "emailList", message_id as message, offer_id as offer, smtp_relay_group_id as "relayGroup",
            mail_provider_ids as "mailProviders", sender from campaigns where id = $1`,
    [id],
  );
  const post = async (path: string, json: unknown) => {
    const res = await h.api<{ id: number }>(path, { json, token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  };
  const offerLinks = await post('/link_groups', { name: 'Saved links', type: 'offer' });
  // A campaign starts only with a working unsubscribe (issue 26).
  const unsubscribeLinks = await post('/link_groups', { name: 'Saved unsub', type: 'unsubscribe' });
  await post('/links', { group: unsubscribeLinks, url: 'https://trk.example.com/t/u/[uuid]' });
  return { ...(rows[0] as Record<string, unknown>), relayStatus: 1, offerLinks, unsubscribeLinks };
}

/** An Active SMTP campaign of the administrator with an eligible relay and 3 recipients due in an hour. */
async function activeCampaign() {
  const token = (await h.api<{ token: string }>('/login_check', { json: ADMIN })).body.token;
  const post = async (path: string, json: unknown) => {
    const res = await h.api<{ id: number }>(path, { json, token });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body.id;
  };
  const id = async (sql: string, params?: unknown[]) => (await h.sql(sql, params)).rows[0].id as number;
  const message = await post('/messages', {
    name: 'Waiting message',
    subject: 'Hello [name]',
    htmlContent: '<html><body><p>Hello [name]</p></body></html>',
  });
  const category = await id(`insert into categories (name) values ('Waiting') returning id`);
  const offer = await post('/offers', { name: 'Waiting offer', url: 'https://o.example.com/', category, user: 1 });
  const server = await post('/smtp_servers', {
    name: 'Nowhere',
    host: '127.0.0.1',
    port: 2525,
    tls: false,
    relayNormalSpeed: 1,
    relayBackoffSpeed: 2,
  });
  const group = await post('/smtp_relay_groups', { name: 'Waiting relays' });
  await post('/smtp_relays', {
    smtpServer: server,
    group,
    senderEmail: 'news@waiting.example.com',
    account: 'news',
    password: 'secret',
    active: true,
  });
  const list = await id(
    `insert into email_lists (name, category_id, user_id, total_counter, valid_counter)
     values ('Waiting list', $1, 1, 3, 3) returning id`,
    [category],
  );
  const gmail = await id(`select id from mail_providers where name = 'Gmail'`);
  const campaign = await id(
    `insert into campaigns (type, name, sender, email_list_id, mail_provider_ids, message_id, offer_id, relay_status,
                            smtp_relay_group_id, status, start_date, total, user_id)
     values (${CampaignType.SMTP}, $1, 'Team', $2, array[$3::int], $4, $5, 1, $6, 1, now(), 3, 1) returning id`,
    [CAMPAIGN, list, gmail, message, offer, group],
  );
  // Deferred recipients waiting for their retry (in the campaign's partition, as the prepare step leaves
  // them): a sender has nothing to send before then.
  await h.sql(
    `create table campaign_recipients_${campaign} partition of campaign_recipients for values in (${campaign})`,
  );
  await h.sql(
    `insert into campaign_recipients (campaign_id, email_id, email, domain, mail_provider_id, status, next_attempt_at)
     select $1, g, 'fan' || g || '@gmail.com', 'gmail.com', $2, 0, now() + interval '1 hour' from generate_series(1, 3) g`,
    [campaign, gmail],
  );
  await h.sql(
    `insert into campaign_counters (campaign_type, campaign_id, total) values (${CampaignType.SMTP}, $1, 3)`,
    [campaign],
  );
  return { token, campaign };
}

describe('no sender is running', () => {
  test('the campaign list says so while no worker runs, and not while one does', async () => {
    const { token, campaign } = await activeCampaign();
    // Issue 38: a campaign saved and started with no worker stays Preparing (its prepare job waits).
    const copy = await h.api<{ id: number }>('/smtp_campaigns', {
      json: { ...(await campaignInput(campaign, token)), name: PREPARING },
      token,
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    const started = await h.api('/campaign_start', { json: { id: copy.body.id, type: 'smtp' }, token });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/smtp-campaigns');
    const row = campaignRow(page, 'Not finished campaigns', CAMPAIGN);
    await row.getByTestId('campaign-status').getByText('Active').waitFor();
    const tag = row.getByTestId('no-sender');
    await tag.getByText('No sender is running').waitFor();
    const preparing = campaignRow(page, 'Not finished campaigns', PREPARING);
    await preparing.getByTestId('campaign-status').getByText('Preparing').waitFor();
    await preparing.getByTestId('no-sender').getByText('No sender is running').waitFor();
    await shotBoth(page, 'no-sender');

    // A worker starts: its heartbeat says it sends (the list asks every 5 s), and the tag goes away.
    const worker = await h.worker();
    await tag.waitFor({ state: 'detached', timeout: 30_000 });
    await row.getByTestId('campaign-status').getByText('Active').waitFor();
    const { rows } = await h.sql(`select status from campaigns where name = $1`, [CAMPAIGN]);
    expect(rows[0].status).toBe(1); // still Active: the tag followed the sender, not the campaign

    // It stops (a clean stop removes its heartbeat): the tag is back.
    await worker.stop();
    await tag.getByText('No sender is running').waitFor({ timeout: 30_000 });
  });
});
