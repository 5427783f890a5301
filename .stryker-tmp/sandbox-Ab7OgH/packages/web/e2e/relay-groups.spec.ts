// @ts-nocheck
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, columnTexts, dialog, fieldError, seeToast, selectOption, shotBoth, signIn } from './ui.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

describe('relay groups', () => {
  test('create with a validation message, search, archive; archived groups leave Current and hide their actions', async () => {
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);

    await page.goto('/pmta-relay-groups');
    await page.getByText('Nothing to show.').waitFor();
    await button(page, 'Add Group').click();
    await page.waitForURL('**/pmta-relay-groups/create');
    await button(page, 'Save').click();
    await fieldError(page, 'Group Name is required.').waitFor();
    await page.getByLabel('Group Name', { exact: true }).fill('Warm-up IPs');
    await button(page, 'Save').click();
    await seeToast(page, 'Added successfully!');
    await page.waitForURL('**/pmta-relay-groups');
    for (const name of ['Main pool', 'Old pool']) {
      await button(page, 'Add Group').click();
      await page.waitForURL('**/pmta-relay-groups/create');
      await page.getByLabel('Group Name', { exact: true }).fill(name);
      await button(page, 'Save').click();
      await seeToast(page, 'Added successfully!');
      await page.waitForURL('**/pmta-relay-groups');
    }
    await page.getByText('Total: 3').waitFor();
    expect(await columnTexts(page, 'Name')).toEqual(['Old pool', 'Main pool', 'Warm-up IPs']);
    await shotBoth(page, 'pmta-relay-groups');

    // Search by name.
    await page.getByLabel('Group name', { exact: true }).fill('pool');
    await button(page, 'Search').click();
    await page.getByText('Total: 2').waitFor();

    // Archive one: it leaves Current, and under All it shows without actions.
    await page.getByRole('button', { name: 'Archive group Old pool' }).click();
    await dialog(page)
      .locator('.ant-modal-confirm-title', { hasText: 'Are you sure you want to move it to the archive?' })
      .waitFor();
    await dialog(page).getByRole('button', { name: 'Archive' }).click();
    await seeToast(page, 'Archived successfully!');
    await page.getByText('Total: 1').waitFor();
    await page.getByLabel('Archive status', { exact: true }).click();
    await selectOption(page, 'All').click();
    await button(page, 'Search').click();
    await page.getByText('Total: 2').waitFor();
    expect(await page.getByRole('button', { name: 'Archive group Old pool' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit group Main pool' }).count()).toBe(1);

    // The SMTP kind is its own list.
    await page.goto('/smtp-relay-groups');
    await page.getByText('Nothing to show.').waitFor();
    await button(page, 'Add Group').click();
    await page.waitForURL('**/smtp-relay-groups/create');
    await page.getByLabel('Group Name', { exact: true }).fill('SMTP accounts');
    await button(page, 'Save').click();
    await seeToast(page, 'Added successfully!');
    await page.getByText('Total: 1').waitFor();
    const api = await h.sql(`select count(*)::int as n from smtp_relay_groups where name = 'SMTP accounts'`);
    expect(api.rows[0].n).toBe(1);
  });
});
