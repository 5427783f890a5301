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

const file = tempFiles('suppression-');

describe('unsubscribers and spam traps', () => {
  test('add and upload unsubscribers and spam traps, and see an e-mail list’s valid count follow', async () => {
    // A category with one list of six addresses.
    const seeded = await h.sql(`
      with c as (insert into categories (name) values ('Newsletters') returning id),
           l as (insert into email_lists (name, category_id, user_id, total_counter, valid_counter)
                 select 'Spring list', c.id, 1, 6, 6 from c returning id),
           p as (select id from mail_providers where name = 'Other')
      insert into emails (email_list_id, email, mail_provider_id, valid)
      select l.id, a, p.id, true from l, p,
        unnest(array['ann@one.example','bob@one.example','cid@one.example','dan@trap.example','eve@two.example','fay@two.example']) a
      returning email_list_id`);
    const listId = seeded.rows[0].email_list_id as number;
    await h.sql(
      `insert into email_list_provider_counters (email_list_id, mail_provider_id, counter)
                 select $1, id, 6 from mail_providers where name = 'Other'`,
      [listId],
    );
    const valid = async () =>
      (await h.sql('select valid_counter from email_lists where id = $1', [listId])).rows[0].valid_counter;

    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);

    // One unsubscriber by hand, with the spec's messages first.
    await page.goto('/unsubscribers/create');
    await button(page, 'Save').click();
    await fieldError(page, 'Category is required.').waitFor();
    await page.getByRole('combobox', { name: 'Category' }).click();
    await selectOption(page, 'Newsletters').click();
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await button(page, 'Save').click();
    await fieldError(page, 'Invalid email.').waitFor();
    await page.getByLabel('Email', { exact: true }).fill('ANN@one.example');
    await button(page, 'Save').click();
    await seeToast(page, 'Added successfully!');
    await page.waitForURL('**/unsubscribers');
    expect(await valid()).toBe(5);

    // A file of unsubscribers of the same category, with live progress and the success notice.
    await page.goto('/unsubscribers/create');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await selectOption(page, 'Newsletters').click();
    await page
      .locator('.ant-card-small', { hasText: 'Or upload a file' })
      .locator('input[type=file]')
      .setInputFiles(file('unsub.csv', 'email\nbob@one.example\ncid@one.example\nnobody@one.example\n'));
    await toast(page, 'File unsub.csv is processed! Added 3 unsubscribers.').waitFor();
    await shotBoth(page, 'unsubscriber-create');
    expect(await valid()).toBe(3);
    await page.goto('/unsubscribers');
    await page.getByText('Total: 4').waitFor();
    await shotBoth(page, 'unsubscribers');

    // A spam-trap domain and a file of spam-trap e-mails.
    await page.goto('/spam-domains');
    await page.getByText('SpamTrap domains list is empty!').waitFor();
    await button(page, 'Add Domain').click();
    await page.waitForURL('**/spam-domains/create');
    await page.getByRole('textbox', { name: 'Domain', exact: true }).fill('trap.example');
    await button(page, 'Save').click();
    await seeToast(page, 'added successfully!');
    await page.waitForURL('**/spam-domains');
    expect(await columnTexts(page, 'Domain')).toEqual(['trap.example']);
    expect(await valid()).toBe(2);
    await page.goto('/spam-emails');
    await page.getByText('SpamTrap emails list is empty!').waitFor();
    await page
      .locator('.ant-card-small', { hasText: 'Upload a file' })
      .locator('input[type=file]')
      .setInputFiles(file('traps.csv', 'eve@two.example,honeypot\n'));
    await toast(page, 'File traps.csv is processed! Added 1 spam-trap e-mails.').waitFor();
    await page.getByText('Total: 1').waitFor();
    await shotBoth(page, 'spam-emails');
    expect(await valid()).toBe(1);

    // The e-mail lists screen shows it.
    await page.goto('/email-list');
    await page.getByRole('link', { name: 'Spring list', exact: true }).waitFor();
    await expect.poll(() => columnTexts(page, 'Valid')).toEqual(['1']);

    // Removing the spam domain gives dan@ back.
    await page.goto('/spam-domains');
    await page.getByRole('button', { name: 'Delete domain trap.example' }).click();
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await seeToast(page, 'Deleted successfully!');
    await expect.poll(valid).toBe(2);

    // A spam-trap MX server (the lists' domains are matched to it by the DNS job; server tests cover that).
    await page.goto('/spam-mxs');
    await page.getByText('SpamTrap MX list is empty!').waitFor();
    await button(page, 'Add MX').click();
    await page.waitForURL('**/spam-mxs/create');
    await page.getByRole('textbox', { name: 'MX server', exact: true }).fill('bad host');
    await button(page, 'Save').click();
    await fieldError(page, 'Not valid MX host name.').waitFor();
    await page.getByRole('textbox', { name: 'MX server', exact: true }).fill('MX.Trap-Network.example');
    await button(page, 'Save').click();
    await seeToast(page, 'Spam trap MX record');
    await page.waitForURL('**/spam-mxs');
    expect(await columnTexts(page, 'MX server')).toEqual(['mx.trap-network.example']);
    await shotBoth(page, 'spam-mxs');
  });
});
