import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, dialog, failureScreenshot, openMenu, seeToast, shotBoth, signIn } from './ui.ts';

/*
 * Issue 42 section 1: Admin > Data Retention. The administrator sets how long raw events and finished
 * campaigns' recipients are kept, runs the job now, and sees the archive it made of an old month.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // A month of events older than 13 months, in its own partition as the console makes them.
  await h.sql(`create table events_2024_01 partition of events for values from ('2024-01-01') to ('2024-02-01')`);
  await h.sql(
    `insert into events (at, kind, campaign_type, campaign_id, user_id)
     select '2024-01-10'::timestamptz + i * interval '1 minute', 1, 2, 999, 1 from generate_series(1, 25) i`,
  );
});
afterAll(async () => {
  await h?.stop();
});
afterEach(failureScreenshot('retention'));

describe('data retention', () => {
  test('settings with their messages, a run now, the archive listed', async () => {
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await openMenu(page, 'Admin');
    await page.getByRole('menuitem', { name: 'Data Retention' }).click();
    await page.waitForURL('**/retention');
    await page.getByText('Nothing archived yet.').waitFor();

    const months = page.getByLabel('Events months', { exact: true });
    await months.fill('0');
    await button(page, 'Save').click();
    await page.getByText('Events months must be between 1 and 120.').waitFor();
    await months.fill('13');
    await page.getByLabel('Recipients days', { exact: true }).fill('120');
    // the raw text of bounce reports (decision 1443)
    const reportsDays = page.getByLabel('Bounce reports days', { exact: true });
    expect(await reportsDays.inputValue()).toBe('90');
    await reportsDays.fill('0');
    await button(page, 'Save').click();
    await page.getByText('Bounce reports days must be between 1 and 3650.').waitFor();
    await reportsDays.fill('30');
    await button(page, 'Save').click();
    await seeToast(page, 'Updated!');
    const saved = await h.sql('select events_months, recipients_days, reports_days from console_settings');
    expect(saved.rows).toEqual([{ events_months: 13, recipients_days: 120, reports_days: 30 }]);
    // a report the administrator's mailbox read 40 days ago, kept as the mailbox job keeps it
    const box = await h.sql(
      `insert into bounce_mailboxes (user_id, name, host, port, security, username, password_enc)
       values (1, 'Old returns', '127.0.0.1', 143, 'plain', 'u', 'x') returning id`,
    );
    await h.sql(
      `insert into bounce_reports (mailbox_id, user_id, uid_validity, uid, kind, format, outcome, recipient, size, raw,
                                   created_at)
       values ($1, 1, 1, 1, 'dsn', 'rfc3464', 'permanent', 'gone@old.example', 5, 'hello', now() - interval '40 days')`,
      [box.rows[0].id],
    );

    await button(page, 'Run now').click();
    await dialog(page).getByText('Partitions older than the settings are written to').waitFor();
    await dialog(page).getByRole('button', { name: 'Archive' }).click();
    await seeToast(page, 'The retention job was queued');
    const table = page.getByTestId('archives');
    await table.getByText('events_2024_01', { exact: true }).waitFor({ timeout: 60_000 });
    await table.getByText('25', { exact: true }).waitFor();
    const left = await h.sql(`select to_regclass('events_2024_01') as t`);
    expect(left.rows[0].t).toBeNull();
    await shotBoth(page, 'retention');

    // the report's raw text went with the run; the Processed Reports screen says when
    await expect
      .poll(async () => (await h.sql(`select raw_purged_at from bounce_reports`)).rows[0].raw_purged_at)
      .not.toBeNull();
    await page.goto('/bounce-reports');
    await page.getByRole('button', { name: /^Show report / }).click();
    await dialog(page)
      .getByText(/^The raw text was removed on \d{4}-\d\d-\d\d \d\d:\d\d by the retention job/)
      .waitFor();
  });
});
