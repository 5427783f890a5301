import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, columnTexts, dialog, openMenu, seeToast, shotBoth, signIn } from './ui.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

describe('Bounced Emails', () => {
  test('an administrator finds, exports and lifts hard-bounced addresses; the list’s valid count follows', async () => {
    // A list of four addresses, two of them hard-bounced (invalid), and 33 more bounced addresses elsewhere.
    const seeded = await h.sql(`
      with c as (insert into categories (name) values ('Bounces') returning id),
           l as (insert into email_lists (name, category_id, user_id, total_counter, valid_counter)
                 select 'Autumn list', c.id, 1, 4, 2 from c returning id),
           p as (select id from mail_providers where name = 'Other')
      insert into emails (email_list_id, email, mail_provider_id, valid)
      select l.id, a, p.id, a not like 'dead%' from l, p,
        unnest(array['dead1@gone.example','dead2@gone.example','live1@fine.example','live2@fine.example']) a
      returning email_list_id`);
    const listId = seeded.rows[0].email_list_id as number;
    await h.sql(`
      insert into bounced_emails (email, reason, diagnostic, first_bounce_at, last_bounce_at, count)
      values ('dead1@gone.example', 'bad-mailbox', '550 5.1.1 <dead1@gone.example>: Recipient address rejected: User unknown',
              '2026-11-20T08:00:00Z', '2026-11-24T09:30:00Z', 3),
             ('dead2@gone.example', 'bad-domain', '550 5.1.2 Host or domain name not found', '2026-11-25T07:00:00Z',
              '2026-11-25T07:00:00Z', 1)`);
    await h.sql(`
      insert into bounced_emails (email, reason, diagnostic, first_bounce_at, last_bounce_at)
      select 'old' || i || '@legacy.example', 'inactive-mailbox', '550 5.2.1 Mailbox disabled',
             timestamptz '2026-10-01T00:00:00Z' + i * interval '1 hour', timestamptz '2026-10-01T00:00:00Z' + i * interval '1 hour'
        from generate_series(1, 33) i`);
    const valid = async () =>
      (await h.sql('select valid_counter from email_lists where id = $1', [listId])).rows[0].valid_counter;

    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);

    // The sidebar's admin section leads there, beside the spam traps.
    await openMenu(page, 'Admin');
    await page.getByRole('link', { name: 'Bounced Emails', exact: true }).click();
    await page.waitForURL('**/bounced-emails');
    await page.getByText('Total: 35').waitFor();
    expect((await columnTexts(page, 'E-mail')).slice(0, 2)).toEqual(['dead2@gone.example', 'dead1@gone.example']);
    await shotBoth(page, 'bounced-emails');

    // Search by e-mail.
    await page.getByLabel('E-mail search').fill('gone.example');
    await page.getByLabel('E-mail search').press('Enter');
    await page.getByText('Total: 2').waitFor();
    expect(await columnTexts(page, 'Reason')).toEqual([
      'bad-domain550 5.1.2 Host or domain name not found',
      'bad-mailbox550 5.1.1 <dead1@gone.example>: Recipient address rejected: User unknown',
    ]);
    await shotBoth(page, 'bounced-emails-search');

    // Export what the search selects.
    const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Export CSV').click()]);
    expect(download.suggestedFilename()).toBe('bounced-emails.csv');
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv).toEqual([
      'E-mail,Reason,Diagnostic,First bounce,Last bounce,Bounces,Campaign,Relay',
      'dead2@gone.example,bad-domain,550 5.1.2 Host or domain name not found,2026-11-25T07:00:00.000Z,2026-11-25T07:00:00.000Z,1,,',
      'dead1@gone.example,bad-mailbox,550 5.1.1 <dead1@gone.example>: Recipient address rejected: User unknown,2026-11-20T08:00:00.000Z,2026-11-24T09:30:00.000Z,3,,',
    ]);

    // Lift one, with confirmation: the address counts valid again.
    await page.getByRole('button', { name: 'Lift e-mail dead1@gone.example' }).click();
    await dialog(page).getByText('Lift the suppression of this e-mail?').waitFor();
    await dialog(page).getByRole('button', { name: 'Lift' }).click();
    await seeToast(page, 'Lifted successfully!');
    await page.getByText('Total: 1').waitFor();
    await expect.poll(valid).toBe(3);

    // Lift several: select them, confirm once.
    await page.getByLabel('E-mail search').fill('legacy');
    await page.getByLabel('E-mail search').press('Enter');
    await page.getByText('Total: 33').waitFor();
    await page.getByRole('checkbox', { name: 'Select old33@legacy.example' }).check();
    await page.getByRole('checkbox', { name: 'Select old32@legacy.example' }).check();
    await shotBoth(page, 'bounced-emails-selected');
    await button(page, 'Lift selected').click();
    await dialog(page).getByText('Lift the suppression of 2 e-mails?').waitFor();
    await dialog(page).getByRole('button', { name: 'Lift' }).click();
    await seeToast(page, '2 e-mails lifted successfully!');
    await page.getByText('Total: 31').waitFor();
    expect((await h.sql(`select count(*)::int as n from bounced_emails`)).rows[0].n).toBe(32);

    // The bounce settings under the table (decisions 1361, 1362): the shared schema's words, then saved.
    const limit = page.getByLabel('Soft bounces', { exact: true });
    await expect.poll(() => limit.inputValue()).toBe('5');
    expect(await page.getByLabel('Days', { exact: true }).inputValue()).toBe('30');
    await limit.fill('0');
    await button(page, 'Save').click();
    await page.getByText('Soft bounces must be a whole number from 1 to 100.').waitFor();
    await limit.fill('3');
    await page.getByLabel('Days', { exact: true }).fill('10');
    await page.getByLabel('Infra bounces', { exact: true }).fill('20');
    await button(page, 'Save').click();
    await seeToast(page, 'Bounce settings saved.');
    await shotBoth(page, 'bounced-emails-soft-bounces');
    const saved = await h.sql(
      'select soft_bounce_limit as n, soft_bounce_days as d, infra_pause_percent as p from console_settings',
    );
    expect(saved.rows).toEqual([{ n: 3, d: 10, p: 20 }]);
  });
});
