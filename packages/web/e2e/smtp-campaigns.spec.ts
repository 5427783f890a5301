import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import {
  campaignRow,
  expectServicesWithoutExcluded,
  fillDate,
  overall,
  pick,
  saveScheduledClone,
} from './campaigns.ts';
import { button, dialog, fieldError, seeToast, shotBoth, signIn } from './ui.ts';

/*
 * SMTP campaigns, the whole way: everything a campaign needs is made through the API (and SQL for the
 * list's e-mails), an SMTP relay points to a sink started here on loopback, and in the browser the
 * campaign is created in the form, its completion rises live in the list, its statistics move, and it is
 * paused, resumed, stopped and cloned.
 */

let h: Harness;
let sink: SMTPServer;
/** Every message the sink accepted: its envelope recipients. */
const received: string[] = [];
/** At one message a second: time enough to watch, pause and resume it before it ends by itself. */
const RECIPIENTS = 40;

beforeAll(async () => {
  // A plain SMTP sink: any login, every recipient accepted.
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, cb) => cb(null, { user: auth.username }),
    onData: (stream, session, cb) => {
      stream.on('data', () => {});
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
  await new Promise<void>((resolve) => (sink ? sink.close(() => resolve()) : resolve()));
});

const CAMPAIGN = 'Spring journey';

/** The campaign's references, made through the API as the administrator (their owner). */
async function setUp() {
  const login = await h.api<{ token: string }>('/login_check', { json: ADMIN });
  const token = login.body.token;
  const post = async <T = { id: number }>(path: string, json: unknown) => {
    const res = await h.api<T>(path, { json, token });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const id = async (sql: string, params?: unknown[]) => (await h.sql(sql, params)).rows[0].id as number;

  await post('/tags', { name: 'brand', content: ['Acme'] });
  await post('/messages', {
    name: 'Spring message',
    subject: 'Spring is here, [name]',
    htmlContent: '<html><body><p>Hello [name], see <a href="[offer]">the offer</a>.</p></body></html>',
  });
  const categoryId = await id(`insert into categories (name) values ('Garden') returning id`);
  await post('/offers', {
    name: 'Seeds offer',
    url: 'https://seeds.example.com/?c=[click_id]',
    category: categoryId,
    user: 1,
  });
  const offerGroup = await post('/link_groups', { name: 'Offer links', type: 'offer' });
  await post('/links', { group: offerGroup.id, url: 'https://trk.example.com/t/c/[uuid]' });
  // A campaign starts only with a working unsubscribe (issue 26).
  const unsubGroup = await post('/link_groups', { name: 'Unsub links', type: 'unsubscribe' });
  await post('/links', { group: unsubGroup.id, url: 'https://trk.example.com/t/u/[uuid]' });

  // The e-mail list: 40 addresses at two mail services (the per-service table has two rows).
  const listId = await id(
    `insert into email_lists (name, category_id, user_id, total_counter, valid_counter)
     values ('Garden fans', $1, 1, $2, $2) returning id`,
    [categoryId, RECIPIENTS],
  );
  for (const [provider, domain, count] of [
    ['Gmail', 'gmail.com', 24],
    ['Yahoo', 'yahoo.com', 16],
  ] as const) {
    const providerId = await id(`select id from mail_providers where name = $1`, [provider]);
    await h.sql(
      `insert into emails (email_list_id, email, mail_provider_id, valid)
       select $1, 'fan' || g || '@' || $2, $3, true from generate_series(1, $4) g`,
      [listId, domain, providerId, count],
    );
    await h.sql(
      `insert into email_list_provider_counters (email_list_id, mail_provider_id, counter) values ($1, $2, $3)`,
      [listId, providerId, count],
    );
  }

  // An SMTP server on the sink, a relay group and one active relay sending one message a second.
  const port = (sink.server.address() as AddressInfo).port;
  const server = await post('/smtp_servers', {
    name: 'Sink',
    host: '127.0.0.1',
    port,
    tls: false,
    relayNormalSpeed: 1,
    relayBackoffSpeed: 2,
  });
  const group = await post('/smtp_relay_groups', { name: 'Garden relays' });
  const relay = await post('/smtp_relays', {
    smtpServer: server.id,
    group: group.id,
    senderEmail: 'news@garden.example.com',
    account: 'news',
    password: 'secret',
    active: true,
  });
  await h.sql(`update smtp_relays set normal_speed = 1, backoff_speed = 2 where id = $1`, [relay.id]);
}

const row = campaignRow;

/** The completion shown in the campaign's status ('Active 35.0%'), 0 when none is shown. */
async function completion(page: Page, name: string): Promise<number> {
  const text = await row(page, 'Not finished campaigns', name).getByTestId('campaign-status').textContent();
  return Number(/([\d.]+)%/.exec(text ?? '')?.[1] ?? 0);
}

async function act(page: Page, action: 'Start' | 'Pause' | 'Stop', name: string, done: string) {
  await page.getByRole('button', { name: `${action} campaign ${name}`, exact: true }).click();
  await dialog(page).getByRole('button', { name: action, exact: true }).click();
  await seeToast(page, done);
}

describe('SMTP campaigns', () => {
  test('create in the form, live progress in the list and the statistics, pause, resume, stop, clone', async () => {
    await setUp();
    const { page, context } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);

    await page.goto('/smtp-campaigns');
    await page.getByRole('heading', { name: 'SMTP Campaigns' }).waitFor();
    await expect.poll(() => page.getByText('There are no Campaigns').count()).toBe(2);
    await button(page, 'Create Campaign').click();
    await page.waitForURL('**/smtp-campaigns/create');
    await page.getByRole('heading', { name: 'Create new SMTP Campaign' }).waitFor();

    // Every mail service but 'Trash Mail' and 'GI' starts chosen.
    await expectServicesWithoutExcluded(page);

    // The spec's messages.
    await button(page, 'Save').click();
    for (const text of [
      'Name is required.',
      'Sender is required.',
      'EmailList is required.',
      'Message is required.',
      'Offer is required.',
      'Offer link group is required.',
      'Relay Status is required.',
      'Relay Group is required.',
    ])
      await fieldError(page, text).waitFor();

    // Schedules: each behind its checkbox; a start after the stop is refused.
    await page.getByRole('checkbox', { name: 'Enable Scheduled start' }).check();
    await page.getByRole('checkbox', { name: 'Enable Scheduled stop' }).check();
    await button(page, 'Save').click();
    await fieldError(page, 'Start Date is required.').waitFor();
    await fieldError(page, 'Stop Date is required.').waitFor();
    await fillDate(page, 'Scheduled start', '2031-05-02 10:00');
    await fillDate(page, 'Scheduled stop', '2031-05-01 10:00');
    await fieldError(page, 'The start date must be earlier than the stop date.').waitFor();
    await page.getByRole('checkbox', { name: 'Enable Scheduled start' }).uncheck();
    await page.getByRole('checkbox', { name: 'Enable Scheduled stop' }).uncheck();
    await fieldError(page, 'The start date must be earlier than the stop date.').waitFor({ state: 'detached' });

    // The sender: text, then a saved tag inserted where the cursor is.
    await page.getByLabel('Name', { exact: true }).fill(CAMPAIGN);
    const sender = page.getByLabel('Sender', { exact: true });
    await sender.fill('News from  garden');
    await sender.evaluate((el: HTMLInputElement) => el.setSelectionRange(10, 10));
    await pick(page, 'Insert tag', 'brand');
    expect(await sender.inputValue()).toBe('News from {brand} garden');

    await pick(page, 'E-mail list', 'Garden fans');
    await pick(page, 'Message', 'Spring message');
    await pick(page, 'PMTA offer', 'Seeds offer');
    await pick(page, 'Offer link group', 'Offer links');
    // Link-group selects offer only their type.
    await page.getByRole('combobox', { name: 'Pixel link group', exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-empty').waitFor();
    await page.keyboard.press('Escape');
    await pick(page, 'Unsubscribe link group', 'Unsub links');
    await pick(page, 'Relay Status', 'Neutral');
    await pick(page, 'Relay Group', 'Garden relays');
    // Issue 38: how long the list takes at the group's relay speeds (one active relay, a message a second).
    await page.getByText('At these relay speeds (1 active relay), 40 recipients take about 40 seconds.').waitFor();
    // Every message of the empty save is gone once its field holds a value.
    await fieldError(page, 'Relay Group is required.').waitFor({ state: 'detached' });
    await page.getByText('Last 10 Campaigns').waitFor();
    await shotBoth(page, 'smtp-campaign-form');

    // Saved without a scheduled start: it starts at once.
    await button(page, 'Save').click();
    await seeToast(page, 'Started successfully!');
    await page.waitForURL('**/smtp-campaigns');

    // Its completion rises live in the list (no reload: the status cell changes in place).
    const navigations: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));
    await row(page, 'Not finished campaigns', CAMPAIGN).waitFor();
    await expect.poll(() => completion(page, CAMPAIGN), { timeout: 60_000 }).toBeGreaterThan(0);
    const first = await completion(page, CAMPAIGN);
    await expect.poll(() => completion(page, CAMPAIGN), { timeout: 30_000 }).toBeGreaterThan(first);
    expect(navigations).toEqual([]);
    // A live update never wipes what is being typed in the search.
    const search = page.getByLabel('Campaign name search', { exact: true });
    await search.fill('Spring');
    const typed = await completion(page, CAMPAIGN);
    await expect.poll(() => completion(page, CAMPAIGN), { timeout: 30_000 }).toBeGreaterThan(typed);
    expect(await search.inputValue()).toBe('Spring');
    await button(page, 'Search').click();
    await page.waitForURL('**/smtp-campaigns?name=Spring');
    await row(page, 'Not finished campaigns', CAMPAIGN).waitFor();
    await shotBoth(page, 'smtp-campaigns');

    // The message preview opens in a new window, rendered for the campaign.
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: `Preview message of campaign ${CAMPAIGN}` }).click(),
    ]);
    await popup.frameLocator('iframe').getByText('the offer').waitFor();
    await popup.close();

    // The statistics: the counters move live.
    await page.getByRole('button', { name: `Statistics of campaign ${CAMPAIGN}` }).click();
    await page.waitForURL('**/statistics');
    await page.getByTestId('overall-stats').waitFor();
    expect(await overall(page, 'Total')).toBe(RECIPIENTS);
    const delivered = await overall(page, 'Delivered');
    await expect.poll(() => overall(page, 'Delivered'), { timeout: 30_000 }).toBeGreaterThan(delivered);
    await page.getByRole('button', { name: 'Top domains of Gmail' }).click();
    await page.getByText('Top 20 domains in Gmail mail service').waitFor();
    await page.getByRole('region', { name: 'Top domains' }).getByText('gmail.com').waitFor();
    await shotBoth(page, 'smtp-campaign-statistics');

    // Pause and resume from the statistics screen, stop from the list.
    await act(page, 'Pause', CAMPAIGN, 'Paused successfully!');
    await page.getByRole('heading').getByText('Paused').waitFor();
    await act(page, 'Start', CAMPAIGN, 'Started successfully!');
    await page.getByRole('button', { name: `Pause campaign ${CAMPAIGN}` }).waitFor();
    await button(page, 'Back to campaigns').click();
    await page.waitForURL('**/smtp-campaigns');
    await act(page, 'Stop', CAMPAIGN, 'Stopped successfully!');
    // Stopped, it moves to 'Finished campaigns' with an end date; its name leads to the statistics.
    await row(page, 'Finished campaigns', CAMPAIGN).waitFor();
    await expect.poll(() => row(page, 'Not finished campaigns', CAMPAIGN).count()).toBe(0);
    await page.getByRole('region', { name: 'Not finished campaigns' }).getByText('There are no Campaigns').waitFor();

    // No recipient got the campaign twice, and the statistics count what the sink received.
    expect(new Set(received).size).toBe(received.length);
    expect(received.length).toBeGreaterThan(0);
    expect(received.length).toBeLessThan(RECIPIENTS);
    const { rows: ids } = await h.sql(`select id from campaigns where name = $1`, [CAMPAIGN]);
    const token = (await h.api<{ token: string }>('/login_check', { json: ADMIN })).body.token;
    const deliveredNow = async () =>
      (
        await h.api<{ overallStats: { delivered: number } }>(`/smtp_campaign_statistics/${ids[0].id}/overall/0`, {
          token,
        })
      ).body.overallStats.delivered;
    await expect.poll(deliveredNow).toBe(received.length);

    // Clone: the form comes filled in; saved with a scheduled start, it waits (Inactive, no start call).
    await page.getByRole('button', { name: `Clone campaign ${CAMPAIGN}` }).click();
    await page.waitForURL('**/smtp-campaigns/create?cloneId=*');
    await saveScheduledClone(page, {
      list: '/smtp-campaigns',
      name: CAMPAIGN,
      sender: 'News from {brand} garden',
      at: '2031-05-01 10:00',
      shown: '1/5/2031 10:00',
    });
    await page.getByRole('button', { name: `Edit campaign ${CAMPAIGN} again` }).waitFor();
    await shotBoth(page, 'smtp-campaigns-finished');

    // A campaign that is not inactive cannot be edited: back to the list.
    await page.goto(`/smtp-campaigns/${ids[0].id}/edit`);
    await page.waitForURL(/\/smtp-campaigns$/);
  });
});
