import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { tempFiles } from './temp-files.ts';
import { button, columnTexts, dialog, fieldError, seeToast, selectOption, shotBoth, signIn, toast } from './ui.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const csv = tempFiles('smtp-relays-');
const pick = async (page: Page, label: string, option: string) => {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await selectOption(page, option).click();
};

describe('SMTP relays', () => {
  test('upload a list, add one with validation messages, filter, sort, select and change activity, edit, delete', async () => {
    const id = async (sql: string) => (await h.sql(sql)).rows[0].id as number;
    await id(
      `insert into smtp_servers (name, host, port, user_id) values ('office', '127.0.0.1', 2525, 1) returning id`,
    );
    await id(
      `insert into smtp_servers (name, host, port, user_id) values ('cloud', '127.0.0.2', 2525, 1) returning id`,
    );
    await id(`insert into smtp_relay_groups (name, user_id) values ('accounts', 1) returning id`);
    await id(`insert into smtp_relay_groups (name, user_id) values ('spare', 1) returning id`);
    await id(`insert into socks_proxies (ip, port, user_id) values ('127.0.0.9', 1080, 1) returning id`);

    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/smtp-relays');
    await page.getByText('Nothing to show.').waitFor();
    await button(page, 'Add Relays').click();
    await page.waitForURL('**/smtp-relays/create');

    // An administrator chooses the owner first; then the upload card wants a server and a group.
    await page.getByText('Choose the owner first.').waitFor();
    await pick(page, 'Owner', 'admin');
    await page.getByText('Choose the SMTP server and the relay group first.').waitFor();
    await pick(page, 'Upload server', 'office');
    await pick(page, 'Upload group', 'accounts');
    const card = page.locator('.ant-card-small', { hasText: 'Upload a list' });
    await card.locator('input[type=file]').setInputFiles(csv('bad.csv', 'account,password\nu1,p1\n'));
    await card
      .getByRole('alert')
      .getByText(/File: The first line must name the columns/)
      .waitFor();
    await card
      .locator('input[type=file]')
      .setInputFiles(
        csv(
          'accounts.csv',
          'account,password,senderEmail,active\ncarol,pw1,carol@example.com,\nalice,pw2,alice@example.com,false\nbob,pw3,bob@example.com,true\n',
        ),
      );
    await toast(page, 'File accounts.csv processing completed! Uploaded 3 relays.').waitFor();
    await shotBoth(page, 'smtp-relay-create');

    // One by hand: the spec's messages first.
    await button(page, 'Save').click();
    await fieldError(page, 'SMTP Server is required').waitFor();
    await fieldError(page, 'Relay Group is required').waitFor();
    await fieldError(page, 'Account is required').waitFor();
    await fieldError(page, 'Password is required').waitFor();
    await fieldError(page, 'Email is required').waitFor();
    await pick(page, 'SMTP Server', 'cloud');
    await pick(page, 'Relay Group', 'accounts');
    await page.getByLabel('Account', { exact: true }).fill('dave');
    await page.getByLabel('Password', { exact: true }).fill('secret');
    await page.getByLabel('Sender Email', { exact: true }).fill('not-an-email');
    await button(page, 'Save').click();
    await fieldError(page, 'Invalid Email').waitFor();
    await page.getByLabel('Sender Email', { exact: true }).fill('dave@example.com');
    await button(page, 'Save').click();
    await seeToast(page, 'Added successfully!');
    await page.waitForURL('**/smtp-relays');
    await page.getByText('Total: 4').waitFor();
    expect(await columnTexts(page, 'Account')).toEqual(['carol', 'alice', 'bob', 'dave']);

    // Filter by server, then by account text.
    await pick(page, 'SMTP server', 'cloud');
    await button(page, 'Search').click();
    await page.getByText('Total: 1').waitFor();
    await page.getByRole('combobox', { name: 'SMTP server', exact: true }).press('Backspace');
    await page.locator('.ant-select-clear').first().click({ force: true });
    await page.getByRole('textbox', { name: 'Account search' }).fill('o');
    await button(page, 'Search').click();
    await page.getByText('Total: 2').waitFor();
    expect(await columnTexts(page, 'Account')).toEqual(['carol', 'bob']);
    await page.getByRole('textbox', { name: 'Account search' }).fill('');
    await button(page, 'Search').click();
    await page.getByText('Total: 4').waitFor();

    // Sort by account.
    await page.locator('th', { hasText: 'Account' }).first().click();
    await expect.poll(() => columnTexts(page, 'Account')).toEqual(['alice', 'bob', 'carol', 'dave']);

    // Select all on the page and make them inactive.
    await page.locator('thead .ant-checkbox-input').check();
    await button(page, 'Change Activity').click();
    await dialog(page).getByText('Inactive').click();
    await dialog(page).getByRole('button', { name: 'Change' }).click();
    await seeToast(page, 'Successfully changed!');
    await expect.poll(() => columnTexts(page, 'Active')).toEqual(['No', 'No', 'No', 'No']);
    await shotBoth(page, 'smtp-relays');

    // Edit: socks, speeds and backoff mode; the password stays when left blank.
    const before = (await h.sql(`select password_enc from smtp_relays where account = 'dave'`)).rows[0].password_enc;
    await page.getByRole('button', { name: 'Edit relay dave' }).click();
    await page.waitForURL('**/smtp-relays/*/edit');
    await page.getByText('Leave blank to keep the current password.').waitFor();
    await pick(page, 'Socks proxy', '127.0.0.9');
    await page.getByLabel('Normal speed', { exact: true }).fill('30');
    // Issue 38: what the relay's speed means for a campaign.
    await page.getByText('At 30 s a message one relay sends 120 an hour, 2,880 a day').waitFor();
    await page.getByRole('switch', { name: 'Backoff mode' }).click();
    await shotBoth(page, 'smtp-relay-edit');
    await button(page, 'Save').click();
    await seeToast(page, 'Updated!');
    await page.waitForURL('**/smtp-relays');
    const after = (
      await h.sql(
        `select r.password_enc, r.normal_speed, r.backoff, host(s.ip) as socks from smtp_relays r join socks_proxies s on s.id = r.socks_id where account = 'dave'`,
      )
    ).rows[0];
    expect(after).toEqual({ password_enc: before, normal_speed: 30, backoff: true, socks: '127.0.0.9' });

    // Delete one with the confirmation.
    await page.getByRole('button', { name: 'Delete relay alice' }).click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: 'Are you sure you want to delete?' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await seeToast(page, 'Deleted successfully!');
    await page.getByText('Total: 3').waitFor();
    expect((await h.sql(`select count(*)::int as n from smtp_relays where account = 'alice'`)).rows[0].n).toBe(0);
  });

  test('a relay paused for a mail service shows on the list and its edit page; Resume after a confirmation', async () => {
    // Decision 1475: the pause the engine wrote (decision 1442), shown where the relay is, with Delivery's Resume.
    const one = async (sql: string, params: unknown[] = []) => (await h.sql(sql, params)).rows[0].id as number;
    const server = await one(
      `insert into smtp_servers (name, host, port, user_id) values ('paused-srv', '127.0.0.3', 2525, 1) returning id`,
    );
    const group = await one(`insert into smtp_relay_groups (name, user_id) values ('paused-grp', 1) returning id`);
    const relay = await one(
      `insert into smtp_relays (user_id, group_id, smtp_server_id, sender_email, account, password_enc, active)
       values (1, $1, $2, 'held@example.com', 'held-account', 'x', true) returning id`,
      [group, server],
    );
    const reasons = {
      Gmail: 'Paused for Gmail: 4 complaints of 1000 delivered (0.4%) passed the 0.3% limit in 24 hours.',
      Yahoo: 'Paused for Yahoo: 30 infrastructure bounces of 120 results (25%) reached the 25% limit in 24 hours.',
    };
    for (const [service, reason] of Object.entries(reasons))
      await h.sql(
        `insert into smtp_relay_pauses (relay_id, mail_provider_id, reason, paused_at)
         select $1, id, $2, now() - interval '3 hours' from mail_providers where name = $3`,
        [relay, reason, service],
      );

    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/smtp-relays');
    const row = page.locator('tr', { hasText: 'held-account' });
    await row.getByText('paused for Gmail', { exact: true }).waitFor();
    await row.getByText(reasons.Yahoo, { exact: false }).waitFor();
    await row.getByText('3 hours ago').first().waitFor();
    await shotBoth(page, 'smtp-relays-paused');

    // Resume Gmail from the list: the confirmation says the 24 hours; the row keeps only Yahoo.
    await row.getByRole('button', { name: 'Resume held-account for Gmail' }).click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: 'Resume held-account for Gmail?' }).waitFor();
    await dialog(page).getByText('It is not paused again by the same figures for 24 hours.').waitFor();
    await dialog(page).getByRole('button', { name: 'Resume' }).click();
    await seeToast(page, 'held-account resumed for Gmail.');
    await expect.poll(() => row.getByText('paused for Gmail', { exact: true }).count()).toBe(0);
    await row.getByText('paused for Yahoo', { exact: true }).waitFor();
    const resumed = `select p.name, x.resumed_at is not null as resumed from smtp_relay_pauses x
                     join mail_providers p on p.id = x.mail_provider_id where x.relay_id = $1 order by p.name`;
    expect((await h.sql(resumed, [relay])).rows).toEqual([
      { name: 'Gmail', resumed: true },
      { name: 'Yahoo', resumed: false },
    ]);

    // The edit page: the notice above the form; Cancel leaves the pause as it is, Resume ends it.
    await row.getByRole('button', { name: 'Edit relay held-account' }).click();
    await page.waitForURL(`**/smtp-relays/${relay}/edit`);
    const card = page.locator('.ant-alert', { hasText: 'Paused for mail services' });
    await card.getByText(reasons.Yahoo, { exact: false }).waitFor();
    await page.getByText('paused-srv', { exact: true }).waitFor(); // the form's options have arrived
    await shotBoth(page, 'smtp-relay-edit-paused');
    await card.getByRole('button', { name: 'Resume held-account for Yahoo' }).click();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    expect((await h.sql(resumed, [relay])).rows[1]).toEqual({ name: 'Yahoo', resumed: false });
    await card.getByRole('button', { name: 'Resume held-account for Yahoo' }).click();
    await dialog(page).getByRole('button', { name: 'Resume' }).click();
    await seeToast(page, 'held-account resumed for Yahoo.');
    await expect.poll(() => card.count()).toBe(0);
    expect((await h.sql(resumed, [relay])).rows[1]).toEqual({ name: 'Yahoo', resumed: true });
  });
});
