import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { CampaignStatus, CampaignType } from '@console/shared/enums';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { startPmtaSim, type SimProcess } from './pmta-sim.ts';
import { overall } from './campaigns.ts';
import { button, columnTexts, dialog, failureScreenshot, openMenu, seeToast, shotBoth, signIn } from './ui.ts';

/*
 * Issue 39 section 3: a complaint, the whole way. A PMTA campaign through the simulator, two of whose
 * recipients complain (the simulator logs `f` records); the accounting pull turns them into complaints: the
 * campaign's statistics count them with their rate, and the Complaints screen lists the addresses, exports
 * and lifts them. Then a campaign past the complaint line is paused by the sender with the reason shown.
 */

let h: Harness;
let sim: SimProcess;
let token: string;
beforeAll(async () => {
  h = await startHarness();
  token = (await h.api<{ token: string }>('/login_check', { json: ADMIN })).body.token;
  sim = await startPmtaSim(h, token, { outcomes: [{ match: 'fbl.example', result: 'delivered', complaint: true }] });
});
afterAll(async () => {
  await sim?.close();
  await h?.stop();
});
afterEach(failureScreenshot('complaints'));

const id = async (sql: string, params?: unknown[]) => (await h.sql(sql, params)).rows[0].id as number;

/** A message, an offer, a list of `emails` (address -> mail service) owned by the administrator (user 1). */
async function references(name: string, emails: [string, string][]) {
  const message = await id(
    `insert into messages (name, subject, content, user_id)
     values ($1, 'News, [name]', '<p>Hi [name], see <a href="[offer]">the offer</a>.</p>', 1) returning id`,
    [`${name} message`],
  );
  const category = await id(`insert into categories (name) values ($1) returning id`, [`${name} category`]);
  const offer = await id(
    `insert into offers (name, url, category_id, user_id) values ($1, 'https://o.example.com/?c=[click_id]', $2, 1)
     returning id`,
    [`${name} offer`, category],
  );
  const list = await id(
    `insert into email_lists (name, category_id, user_id, total_counter, valid_counter)
     values ($1, $2, 1, $3, $3) returning id`,
    [`${name} list`, category, emails.length],
  );
  for (const [email, provider] of emails) {
    const p = await id(`select id from mail_providers where name = $1`, [provider]);
    await h.sql(`insert into emails (email_list_id, email, mail_provider_id, valid) values ($1, $2, $3, true)`, [
      list,
      email,
      p,
    ]);
    await h.sql(
      `insert into email_list_provider_counters (email_list_id, mail_provider_id, counter) values ($1, $2, 1)
       on conflict (email_list_id, mail_provider_id) do update set counter = email_list_provider_counters.counter + 1`,
      [list, p],
    );
  }
  return { message, offer, list };
}

describe('Complaints', () => {
  test('PMTA complaints show on the campaign and on the Complaints screen; an administrator exports and lifts them', async () => {
    const serverId = await id(
      `insert into pmta_servers (name, server_ip, ip_list, user_id, ssh_port, pmta_http_port, smtp_port)
       values ('sim-fbl', '127.0.0.1', '127.0.0.1', 1, $1, $2, $3) returning id`,
      [sim.sshPort, sim.httpPort, sim.smtpPort],
    );
    const group = await id(`insert into pmta_relay_groups (name, user_id) values ('Feedback relays', 1) returning id`);
    await h.sql(
      `insert into pmta_relays (user_id, group_id, pmta_server_id, smtp_host, ip, sender_email, active, normal_speed)
       values (1, $1, $2, 'mta1.fbl-news.example', '10.41.0.1', 'news@fbl-news.example', true, 0)`,
      [group, serverId],
    );
    const emails: [string, string][] = [
      ...Array.from({ length: 8 }, (_, i): [string, string] => [`reader${i + 1}@gmail.com`, 'Gmail']),
      ['angry1@fbl.example', 'Other'],
      ['angry2@fbl.example', 'Other'],
    ];
    const r = await references('Feedback', emails);
    const providers = (await h.sql(`select array_agg(id) as ids from mail_providers`)).rows[0].ids as number[];
    const campaignId = await id(
      `insert into campaigns (type, name, sender, email_list_id, mail_provider_ids, message_id, offer_id, relay_status,
                              pmta_relay_group_id, status, user_id)
       values (${CampaignType.PMTA}, 'Autumn feedback', 'Farm news', $1, $2::int[], $3, $4, 1, $5, $6, 1) returning id`,
      [r.list, providers, r.message, r.offer, group, CampaignStatus.Inactive],
    );
    const start = await h.api('/pmta_campaign_start', {
      json: { id: campaignId, type: 'pmta', v3: true },
      token,
    });
    expect(start.status, JSON.stringify(start.body)).toBe(200);

    // The accounting pull (a minute) brings the simulator's `f` records: two complaints, once each.
    const complained = async () =>
      (await h.sql(`select email, source from complaint_emails order by email`)).rows as {
        email: string;
        source: string;
      }[];
    await expect.poll(complained, { timeout: 180_000, interval: 2_000 }).toEqual([
      { email: 'angry1@fbl.example', source: 'pmta' },
      { email: 'angry2@fbl.example', source: 'pmta' },
    ]);

    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    // The campaign's statistics: Complaints with their rate over delivered, apart from the bounces.
    await page.goto(`/pmta-campaigns/${campaignId}/statistics`);
    await page.getByTestId('overall-stats').waitFor();
    await expect.poll(() => overall(page, 'Delivered'), { timeout: 60_000 }).toBe(10);
    const cell = async (title: string) =>
      page.evaluate((t) => {
        const table = document.querySelector('[data-testid="overall-stats"]')!;
        const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
        return table.querySelectorAll('tbody tr.ant-table-row td')[heads.indexOf(t)]?.textContent?.trim();
      }, title);
    expect(await cell('Complaints')).toBe('2 (20.00%)');
    expect(await cell('Infra bounces')).toBe('0');
    await shotBoth(page, 'complaints-campaign-statistics');

    // The Complaints screen, in the admin menu beside Bounced Emails.
    await openMenu(page, 'Admin');
    await page.getByRole('link', { name: 'Complaints', exact: true }).click();
    await page.waitForURL('**/complaints');
    await page.getByText('Total: 2').waitFor();
    expect(await columnTexts(page, 'E-mail')).toEqual(['angry2@fbl.example', 'angry1@fbl.example']);
    expect(await columnTexts(page, 'Owner / source')).toEqual(['adminPMTA record', 'adminPMTA record']);
    expect((await columnTexts(page, 'Campaign / relay'))[0]).toBe('Autumn feedbackmta1.fbl-news.example');
    await shotBoth(page, 'complaints');

    const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Export CSV').click()]);
    expect(download.suggestedFilename()).toBe('complaints.csv');
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe('E-mail,Owner,Source,First complaint,Last complaint,Complaints,Campaign,Relay');
    expect(csv.slice(1).map((l) => l.split(',')[0])).toEqual(['angry2@fbl.example', 'angry1@fbl.example']);

    // The addresses are invalid in the owner's list until lifted.
    const valid = async () =>
      (await h.sql(`select valid_counter from email_lists where id = $1`, [r.list])).rows[0].valid_counter;
    await expect.poll(valid).toBe(8);
    await page.getByRole('button', { name: 'Lift e-mail angry1@fbl.example' }).click();
    await dialog(page).getByText('Lift the suppression of this e-mail?').waitFor();
    await dialog(page).getByRole('button', { name: 'Lift' }).click();
    await seeToast(page, 'Lifted successfully!');
    await page.getByText('Total: 1').waitFor();
    await expect.poll(valid).toBe(9);
  }, 300_000);

  test('a campaign past the complaint line is paused by the sender, the reason on its statistics', async () => {
    const r = await references('Blast', [['someone@gmail.com', 'Gmail']]);
    const group = await id(`insert into smtp_relay_groups (name, user_id) values ('Blast relays', 1) returning id`);
    const links = async (type: number, url: string) => {
      const g = await id(`insert into link_groups (name, type, user_id) values ($1, $2, 1) returning id`, [
        `Blast ${type}`,
        type,
      ]);
      await h.sql(`insert into links (group_id, url, user_id) values ($1, $2, 1)`, [g, url]);
      return g;
    };
    const offerLinks = await links(0, 'https://trk.example.com/t/c/[uuid]');
    const unsubscribeLinks = await links(1, 'https://trk.example.com/t/u/[uuid]');
    const campaignId = await id(
      `insert into campaigns (type, name, sender, email_list_id, mail_provider_ids, message_id, offer_id, relay_status,
                              smtp_relay_group_id, status, start_date, prepared_at, total, user_id, offer_links_id,
                              unsubscribe_links_id)
       values (${CampaignType.SMTP}, 'Winter blast', 'Shop', $1, $2::int[], $3, $4, 1, $5, $6, now(), now(), 2000, 1,
               $7, $8)
       returning id`,
      [
        r.list,
        [await id(`select id from mail_providers where name = 'Gmail'`)],
        r.message,
        r.offer,
        group,
        CampaignStatus.Paused,
        offerLinks,
        unsubscribeLinks,
      ],
    );
    // The figures of a campaign well under way: 6 complaints of 1,500 delivered (0.4%, past 0.3%).
    await h.sql(
      `insert into campaign_counters (campaign_type, campaign_id, total, sent, delivered, bounced, complaints)
       values (${CampaignType.SMTP}, $1, 2000, 1600, 1500, 100, 6)`,
      [campaignId],
    );
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/smtp-campaigns/${campaignId}/statistics`);
    await page.getByTestId('overall-stats').waitFor();
    // Resumed: the sender takes it up and its first look at the rates pauses it.
    await page.getByRole('button', { name: 'Start campaign Winter blast' }).click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: 'Start this campaign?' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Start', exact: true }).click();
    await seeToast(page, 'Started successfully!');
    const reason = 'Paused: the complaint rate 0.4% (6 complaints of 1500 delivered) passed the 0.3% limit.';
    await page.getByTestId('pause-reason').getByText(reason).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('campaign-status').textContent()).toBe('Paused');
    await shotBoth(page, 'complaints-rate-pause');
  }, 120_000);
});
