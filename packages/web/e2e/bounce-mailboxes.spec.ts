import { ImapFlow } from 'imapflow';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startDovecot, type Dovecot } from '../../server/test/peers/dovecot.ts';
import { dsn } from '../../server/test/reports/build.ts';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import {
  button,
  columnTexts,
  dialog,
  failureScreenshot,
  fieldError,
  openMenu,
  seeToast,
  shotBoth,
  signIn,
} from './ui.ts';

/*
 * Issue 39 section 4: the Bounce Mailboxes and Processed Reports screens, against a real Dovecot on
 * loopback. A mailbox added through the form, a report put in by IMAP APPEND, "Check now", the counts on
 * the list, the report on the Processed Reports screen and its raw text on click; a wrong password shown
 * in plain words.
 */

let h: Harness;
let dove: Dovecot;
beforeAll(async () => {
  h = await startHarness();
  dove = await startDovecot();
  dove.addUser('bounces', 'secret');
});
afterEach(failureScreenshot('bounce-mailboxes'));
afterAll(async () => {
  await dove?.stop();
  await h?.stop();
});

async function append(mail: Buffer) {
  const c = new ImapFlow({
    host: dove.host,
    port: dove.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: 'bounces', pass: 'secret' },
    logger: false,
  });
  await c.connect();
  await c.append('INBOX', mail);
  await c.logout();
}

describe('bounce mailboxes', () => {
  test('add a mailbox, check it now, see its counts and the report it read', async () => {
    await append(dsn({ rcpt: 'gone@elsewhere.example', status: '5.1.1', diagnostic: '550 5.1.1 User unknown' }));
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await openMenu(page, 'Infrastructure');
    await page.getByRole('menuitem', { name: 'Bounce Mailboxes' }).click();
    await page.waitForURL('**/bounce-mailboxes');
    await page.getByText('No bounce mailbox yet').waitFor();
    await button(page, 'Add Mailbox').click();
    await page.waitForURL('**/bounce-mailboxes/create');
    expect(await page.getByLabel('Port', { exact: true }).inputValue()).toBe('993');
    expect(await page.getByLabel('Folder', { exact: true }).inputValue()).toBe('INBOX');
    await page.getByLabel('Name', { exact: true }).fill('Returns');
    await button(page, 'Save').click();
    await fieldError(page, 'Host is required.').waitFor();
    await page.getByLabel('Host', { exact: true }).fill(dove.host);
    await page.getByLabel('Security').click();
    await page.locator('.ant-select-item-option', { hasText: 'Plain' }).click();
    expect(await page.getByLabel('Port', { exact: true }).inputValue()).toBe('143');
    await page.getByLabel('Port', { exact: true }).fill(String(dove.port));
    await page.getByLabel('User', { exact: true }).fill('bounces');
    await page.getByLabel('Password', { exact: true }).fill('secret');
    await shotBoth(page, 'bounce-mailbox-form');
    await button(page, 'Save').click();
    await seeToast(page, 'Added successfully!');
    await page.waitForURL('**/bounce-mailboxes');
    await page.getByText('Not checked yet').waitFor();

    await page.getByRole('button', { name: 'Check mailbox Returns now' }).click();
    await seeToast(page, 'The mailbox will be checked in a moment.');
    // the list refreshes itself; a reload shows it at once
    await expect
      .poll(async () => (await h.sql(`select read_count from bounce_mailboxes`)).rows[0]?.read_count, {
        timeout: 30_000,
      })
      .toBe(1);
    await page.reload();
    await page.locator('.ant-tag', { hasText: /^OK$/ }).waitFor();
    expect(await columnTexts(page, 'Read')).toEqual(['1']);
    expect(await columnTexts(page, 'Unmatched')).toEqual(['1']);
    await shotBoth(page, 'bounce-mailboxes');

    await page.getByRole('button', { name: 'Reports of mailbox Returns' }).click();
    await page.waitForURL('**/bounce-reports?mailbox=*');
    await page.getByRole('button', { name: /^Show report / }).waitFor();
    expect(await columnTexts(page, 'Recipient')).toEqual(['gone@elsewhere.example']);
    expect(await columnTexts(page, 'Outcome')).toEqual(['Unmatched']);
    expect(await columnTexts(page, 'Type')).toEqual(['DSN']);
    await shotBoth(page, 'bounce-reports');
    await page.getByRole('button', { name: /^Show report / }).click();
    await dialog(page).getByLabel('Raw report').getByText('Final-Recipient: rfc822; gone@elsewhere.example').waitFor();
    // kept for the Data Retention setting (decision 1443: 90 days by default)
    await dialog(page)
      .getByText(/^Kept until \d{4}-\d\d-\d\d \d\d:\d\d\.$/)
      .waitFor();
    await shotBoth(page, 'bounce-report-raw');
    await page.keyboard.press('Escape');

    // a wrong password, in plain words on the list
    await page.goto('/bounce-mailboxes');
    await page.getByRole('button', { name: 'Edit mailbox Returns' }).click();
    await page.waitForURL('**/bounce-mailboxes/*/edit');
    await page.getByLabel('Password', { exact: true }).fill('wrong');
    await button(page, 'Save').click();
    await seeToast(page, 'Updated!');
    await page.getByRole('button', { name: 'Check mailbox Returns now' }).click();
    await expect
      .poll(async () => (await h.sql(`select error from bounce_mailboxes`)).rows[0]?.error, { timeout: 30_000 })
      .toBe('Wrong user or password: the server refused the login.');
    await page.reload();
    await page.getByText('Wrong user or password: the server refused the login.').waitFor();

    await page.getByRole('button', { name: 'Delete mailbox Returns' }).click();
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await seeToast(page, 'Deleted successfully!');
    expect((await h.sql('select count(*)::int as n from bounce_mailboxes')).rows[0].n).toBe(0);
  }, 240_000);
});
