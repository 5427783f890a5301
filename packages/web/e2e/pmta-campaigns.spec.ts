import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { startPmtaSim, type SimProcess } from './pmta-sim.ts';
import { campaignRow, overall, pick, saveScheduledClone } from './campaigns.ts';
import { button, dialog, fieldError, seeToast, shotBoth, signIn } from './ui.ts';

/*
 * PMTA campaigns, the whole way, against the simulator as its own process: a campaign is created in the
 * form and started (its server gets the relay's VMTA in its config first), injected by the engine, moves to
 * 'Finished campaigns' live; its statistics fill in live from the accounting pull; the direct count finds
 * the messages the simulator still holds (slow.example never answers); then it is cloned.
 */

let h: Harness;
let sim: SimProcess;
let token: string;
beforeAll(async () => {
  h = await startHarness();
  token = (await h.api<{ token: string }>('/login_check', { json: ADMIN })).body.token;
  sim = await startPmtaSim(h, token, { outcomes: [{ match: 'slow.example', result: 'deferred' }] });
});
afterAll(async () => {
  await sim?.close();
  await h?.stop();
});

const CAMPAIGN = 'Harvest journey';
/** Delivered at once by the simulator; the slow ones stay queued there. */
const FAST = 12;
const SLOW = 4;

/** The campaign's references: through SQL (the server, relay and list the API makes elsewhere) and the API. */
async function setUp() {
  const id = async (sql: string, params?: unknown[]) => (await h.sql(sql, params)).rows[0].id as number;
  const serverId = await id(
    `insert into pmta_servers (name, server_ip, ip_list, user_id, ssh_port, pmta_http_port, smtp_port)
     values ('sim-harvest', '127.0.0.1', '127.0.0.1', 1, $1, $2, $3) returning id`,
    [sim.sshPort, sim.httpPort, sim.smtpPort],
  );
  const group = await id(`insert into pmta_relay_groups (name, user_id) values ('Harvest relays', 1) returning id`);
  const relayId = await id(
    `insert into pmta_relays (user_id, group_id, pmta_server_id, smtp_host, ip, sender_email, active, normal_speed)
     values (1, $1, $2, 'mta1.harvest.example', '10.40.0.1', 'news@harvest.example', true, 0) returning id`,
    [group, serverId],
  );
  await h.sql(
    `insert into messages (name, subject, content, user_id)
     values ('Harvest message', 'Harvest time, [name]', '<p>Hi [name], see <a href="[offer]">the offer</a>.</p>', 1)`,
  );
  const category = await id(`insert into categories (name) values ('Farm') returning id`);
  await h.sql(
    `insert into offers (name, url, category_id, user_id) values ('Apples offer', 'https://apples.example.com/?c=[click_id]', $1, 1)`,
    [category],
  );
  const listId = await id(
    `insert into email_lists (name, category_id, user_id, total_counter, valid_counter)
     values ('Farm fans', $1, 1, $2, $2) returning id`,
    [category, FAST + SLOW],
  );
  for (const [provider, domain, count] of [
    ['Gmail', 'gmail.com', FAST],
    ['Other', 'slow.example', SLOW],
  ] as const) {
    const providerId = await id(`select id from mail_providers where name = $1`, [provider]);
    await h.sql(
      `insert into emails (email_list_id, email, mail_provider_id, valid)
       select $1, 'farmer' || g || '@' || $2, $3, true from generate_series(1, $4) g`,
      [listId, domain, providerId, count],
    );
    await h.sql(
      `insert into email_list_provider_counters (email_list_id, mail_provider_id, counter) values ($1, $2, $3)`,
      [listId, providerId, count],
    );
  }
  return { relayId };
}

const row = campaignRow;

describe('PMTA campaigns', () => {
  test('create and start against the simulator, finished live, statistics live, direct count, clone', async () => {
    const { relayId } = await setUp();
    const config = () => fs.readFileSync(path.join(sim.root, 'etc/pmta/config'), 'utf8');
    expect(config()).not.toContain(`vmta-${relayId}`);

    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/pmta-campaigns');
    await page.getByRole('heading', { name: 'PMTA Campaigns' }).waitFor();
    await expect.poll(() => page.getByText('There are no Campaigns').count()).toBe(2);
    await button(page, 'Create Campaign').click();
    await page.waitForURL('**/pmta-campaigns/create');
    await page.getByRole('heading', { name: 'Create new PMTA Campaign' }).waitFor();

    // The spec's messages; a PMTA campaign has an offer and no link groups.
    await button(page, 'Save').click();
    for (const text of [
      'Name is required.',
      'Sender is required.',
      'EmailList is required.',
      'Message is required.',
      'Offer is required.',
      'Relay Status is required.',
      'Relay Group is required.',
    ])
      await fieldError(page, text).waitFor();
    expect(await page.getByRole('combobox', { name: 'Offer link group' }).count()).toBe(0);

    await page.getByLabel('Name', { exact: true }).fill(CAMPAIGN);
    await page.getByLabel('Sender', { exact: true }).fill('Farm news');
    await pick(page, 'E-mail list', 'Farm fans');
    await pick(page, 'Message', 'Harvest message');
    await pick(page, 'Offer', 'Apples offer');
    await pick(page, 'Relay Status', 'Neutral');
    await pick(page, 'Relay Group', 'Harvest relays');
    await fieldError(page, 'Relay Group is required.').waitFor({ state: 'detached' });
    await page.getByText('Last 10 Campaigns').waitFor();
    await shotBoth(page, 'pmta-campaign-form');

    // Saved without a schedule it starts at once: POST /api/pmta_campaign_start with the v3 flag.
    const startCall = page.waitForRequest((r) => r.url().endsWith('/api/pmta_campaign_start'));
    await button(page, 'Save').click();
    const { id } = (await startCall).postDataJSON() as { id: number };
    expect((await startCall).postDataJSON()).toEqual({ id, type: 'pmta', v3: true });
    await seeToast(page, 'Started successfully!');
    await page.waitForURL('**/pmta-campaigns');
    // The start put the relay's VMTA into the server's config.
    expect(config()).toContain(`<virtual-mta vmta-${relayId}>`);

    // The engine injects everything and the campaign moves to 'Finished campaigns' without a reload.
    const navigations: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));
    await row(page, 'Finished campaigns', CAMPAIGN).waitFor({ timeout: 60_000 });
    await page.getByRole('region', { name: 'Not finished campaigns' }).getByText('There are no Campaigns').waitFor();
    expect(navigations).toEqual([]);
    const finished = row(page, 'Finished campaigns', CAMPAIGN);
    expect(await finished.textContent()).toContain('Farm news'); // the Sender column
    await page.getByRole('button', { name: `Clone campaign ${CAMPAIGN}` }).waitFor();
    await shotBoth(page, 'pmta-campaigns');

    // The statistics: delivered rises live as the accounting records come in (a pull a minute).
    await finished.getByRole('link', { name: CAMPAIGN, exact: true }).click();
    await page.waitForURL(`**/pmta-campaigns/${id}/statistics`);
    navigations.length = 0;
    await page.getByTestId('overall-stats').waitFor();
    expect(await overall(page, 'Total')).toBe(FAST + SLOW);
    await expect.poll(() => overall(page, 'Delivered'), { timeout: 150_000, interval: 1_000 }).toBe(FAST);
    expect(navigations).toEqual([]);

    // The direct count: the simulator still holds the slow ones, in the campaign's job.
    await button(page, 'Direct count').click();
    await dialog(page).getByText('This can take long time').waitFor();
    await dialog(page).getByRole('button', { name: 'Count', exact: true }).click();
    await seeToast(page, `${SLOW} unsent messages were found on the surveyed PMTA (1 server).`);
    await page.getByTestId('direct-count').getByText(`${SLOW} unsent`).waitFor();
    await page.getByRole('button', { name: 'Top domains of Gmail' }).click();
    await page.getByRole('region', { name: 'Top domains' }).getByText('gmail.com').waitFor();
    await shotBoth(page, 'pmta-campaign-statistics');

    // Clone: the form comes filled in, without 'Trash Mail' and 'GI'; saved with a schedule it waits.
    await button(page, 'Clone').click();
    await page.waitForURL('**/pmta-campaigns/create?cloneId=*');
    await saveScheduledClone(page, {
      list: '/pmta-campaigns',
      name: CAMPAIGN,
      sender: 'Farm news',
      at: '2031-09-01 08:00',
      shown: '1/9/2031 8:00',
    });

    // Stopped from the list, the clone joins the finished ones.
    await page.getByRole('button', { name: `Stop campaign ${CAMPAIGN} again` }).click();
    await dialog(page).getByRole('button', { name: 'Stop', exact: true }).click();
    await seeToast(page, 'Stopped successfully!');
    await row(page, 'Finished campaigns', `${CAMPAIGN} again`).waitFor();
  });
});
