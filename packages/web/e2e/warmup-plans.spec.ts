import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, columnTexts, dialog, seeToast, selectOption, shotBoth, signIn } from './ui.ts';

/*
 * Warm-up plans (issue 40 §2): copy a ready-made plan, attach it to an SMTP relay, see the relay's day and
 * today's allowance per mail service on its warm-up page (reached from the relay's form); the plan's form
 * with its health lines.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

describe('warm-up plans', () => {
  test('copy a ready plan, attach it to a relay, see the day and the allowance on the relay page', async () => {
    const id = async (sql: string) => (await h.sql(sql)).rows[0].id as number;
    const server = await id(
      `insert into smtp_servers (name, host, port, user_id) values ('office', '127.0.0.1', 2525, 1) returning id`,
    );
    const group = await id(`insert into smtp_relay_groups (name, user_id) values ('warming', 1) returning id`);
    const relay = await id(
      `insert into smtp_relays (user_id, group_id, smtp_server_id, sender_email, account, password_enc)
       values (1, ${group}, ${server}, 'fresh@example.com', 'fresh-ip', 'x') returning id`,
    );

    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/warmup-plans');
    await page.getByText('Conservative 30 days (30 days)').waitFor();
    await button(page, 'Copy Conservative 30 days').click();
    await seeToast(page, 'Warm-up plan Conservative 30 days added successfully!');
    const row = page.locator('.ant-table-row', { hasText: 'Conservative 30 days' });
    await row.getByText('Gmail 50 → 50000').waitFor();
    await shotBoth(page, 'warmup-plans-list');

    // Attach it to the relay: SMTP relays, the relay by its account.
    await page.getByRole('button', { name: 'Attach plan Conservative 30 days' }).click();
    await dialog(page).getByText('SMTP relays (accounts)').click();
    await dialog(page).getByRole('combobox', { name: 'Relays' }).click();
    await selectOption(page, 'fresh-ip').click();
    await dialog(page).getByRole('button', { name: 'Attach' }).click();
    await seeToast(page, 'Plan attached to 1 relay.');
    await expect.poll(() => columnTexts(page, 'Relays')).toEqual(['1']);

    // The relay's form links to its warm-up page: day 1 and today's allowance per mail service.
    await page.goto(`/smtp-relays/${relay}/edit`);
    await page.getByRole('button', { name: 'Warm-up' }).click();
    await page.waitForURL(`**/warmup-plans/relays/smtp/${relay}`);
    await page.getByLabel('Warm-up day').getByText('Day 1 of 30').waitFor();
    const allowance = page.locator('.ant-card', { hasText: "Today's allowance" });
    const gmail = allowance.locator('.ant-table-row', { hasText: 'Gmail' });
    await gmail.waitFor();
    expect(await gmail.locator('td').allInnerTexts()).toEqual(['Gmail', '50', '3', '0', '0%']);
    await allowance
      .locator('.ant-table-row', { hasText: 'Every other service' })
      .getByText('100', { exact: true })
      .waitFor();
    await page.locator('.ant-card', { hasText: 'History' }).getByText('Attached; starts on day 1.').waitFor();
    await shotBoth(page, 'warmup-relay');

    // The plan's form shows its schedule; a blank day is refused by the server's message.
    await page.goto('/warmup-plans');
    await page.getByRole('button', { name: 'Edit plan Conservative 30 days' }).click();
    const perDay = page.getByLabel('Messages per day 1', { exact: true });
    await expect.poll(() => perDay.inputValue()).toMatch(/^50, 63, 81/);
    const schedule = await perDay.inputValue();
    await perDay.fill('50, 100, x');
    await button(page, 'Save').click();
    await page.getByText('Messages per day are required for every day.').first().waitFor();

    // The health lines: the defaults shown, a yellow line over its red refused, then saved.
    await perDay.fill(schedule);
    const yellow = page.getByLabel('Complaints, yellow', { exact: true });
    expect(await yellow.inputValue()).toBe('0.1');
    await yellow.fill('0.5');
    await button(page, 'Save').click();
    await page.getByText('The yellow line of a signal must be below its red line.').first().waitFor();
    await shotBoth(page, 'warmup-plan-edit');
    await page.getByLabel('Complaints, red', { exact: true }).fill('0.8');
    await button(page, 'Save').click();
    await seeToast(page, 'Warm-up plan Conservative 30 days updated successfully!');
    const saved = await h.sql(
      `select thresholds->'complaints' as c from warmup_plans where name = 'Conservative 30 days'`,
    );
    expect(saved.rows[0].c).toEqual({ yellow: 0.5, red: 0.8 });
  });
});
