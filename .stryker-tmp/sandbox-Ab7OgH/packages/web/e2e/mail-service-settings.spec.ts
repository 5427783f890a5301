// @ts-nocheck
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, dialog, fieldError, seeToast, shotBoth, signIn } from './ui.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

describe('mail service settings', () => {
  test('create with the defaults and a refused rate, edit, read the generated PowerMTA block, delete', async () => {
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/mail-service-settings');
    await page.getByText('No MailService Settings').waitFor();
    await button(page, 'Add Setting').click();
    await page.waitForURL('**/mail-service-settings/create');
    expect(await page.getByLabel('Max Smtp Out', { exact: true }).inputValue()).toBe('20');
    expect(await page.getByLabel('Bounce After', { exact: true }).inputValue()).toBe('4d12h');
    await button(page, 'Save').click();
    await fieldError(page, 'Name is required').waitFor();
    await fieldError(page, 'Domain Macro is required').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Gmail gentle');
    await page.getByLabel('Domain Macro', { exact: true }).fill('Gmail');
    await page.getByLabel('Max Msg Rate', { exact: true }).fill('10/week');
    await button(page, 'Save').click();
    await fieldError(page, 'Max Msg Rate must be unlimited or N/h, N/hr, N/m, N/min, N/s, N/sec').waitFor();
    await page.getByLabel('Max Msg Rate', { exact: true }).fill('600/h');
    await shotBoth(page, 'mail-service-setting-form');
    await button(page, 'Save').click();
    await seeToast(page, 'Added successfully!');
    await page.waitForURL('**/mail-service-settings');
    await page.getByText('Total: 1').waitFor();
    await shotBoth(page, 'mail-service-settings');

    await page.getByRole('button', { name: 'Edit setting Gmail gentle' }).click();
    await page.waitForURL('**/mail-service-settings/*/edit');
    const block = page.getByLabel('PowerMTA configuration');
    await block.waitFor();
    expect(await block.textContent()).toContain('<domain googlemail.com>\n  max-smtp-out 20');
    expect(await block.textContent()).toContain('  max-msg-rate 600/h');
    await page.getByLabel('Max Smtp Out', { exact: true }).fill('5');
    await page.getByText('Dkim Sign', { exact: true }).click();
    await button(page, 'Save').click();
    await seeToast(page, 'Updated!');
    await page.waitForURL('**/mail-service-settings');
    await page.getByRole('button', { name: 'Edit setting Gmail gentle' }).click();
    await page.waitForURL('**/mail-service-settings/*/edit');
    await expect.poll(async () => await block.textContent()).toContain('  max-smtp-out 5');
    expect(await block.textContent()).toContain('  dkim-sign yes');
    await shotBoth(page, 'mail-service-setting-edit');

    await page.goto('/mail-service-settings');
    await page.getByRole('button', { name: 'Delete setting Gmail gentle' }).click();
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await seeToast(page, 'Deleted successfully!');
    await page.getByText('No MailService Settings').waitFor();
  });
});
