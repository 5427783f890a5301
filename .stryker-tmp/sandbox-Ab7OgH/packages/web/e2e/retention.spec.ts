// @ts-nocheck
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, dialog, failureScreenshot, seeToast, shotBoth, signIn } from './ui.ts';

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
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await page.getByRole('menuitem', { name: 'Data Retention' }).click();
    await page.waitForURL('**/retention');
    await page.getByText('Nothing archived yet.').waitFor();

    const months = page.getByLabel('Events months', { exact: true });
    await months.fill('0');
    await button(page, 'Save').click();
    await page.getByText('Events months must be between 1 and 120.').waitFor();
    await months.fill('13');
    await page.getByLabel('Recipients days', { exact: true }).fill('120');
    await button(page, 'Save').click();
    await seeToast(page, 'Updated!');
    const saved = await h.sql('select events_months, recipients_days from console_settings');
    expect(saved.rows).toEqual([{ events_months: 13, recipients_days: 120 }]);

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
  });
});
