// @ts-nocheck
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { button, seeToast, selectOption } from './ui.ts';

/* What the SMTP and PMTA campaign journeys both do on the shared campaign screens. */

/** Chooses `option` in the form's select labelled `label`. */
export async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await selectOption(page, option).click();
}

/** The row of a campaign in a section of the list ('Not finished campaigns', 'Finished campaigns'). */
export const campaignRow = (page: Page, section: string, name: string) =>
  page.getByRole('region', { name: section }).locator('tr.ant-table-row', { hasText: name });

/** A number in the overall statistics table, by its column title. */
export async function overall(page: Page, title: string): Promise<number> {
  return page.evaluate((t) => {
    const table = document.querySelector('[data-testid="overall-stats"]')!;
    const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    const cell = table.querySelectorAll('tbody tr.ant-table-row td')[heads.indexOf(t)];
    return Number((cell?.textContent ?? '').replace(/,/g, ''));
  }, title);
}

/** Writes a schedule ('Scheduled start', 'Scheduled stop') in its date picker. */
export async function fillDate(page: Page, label: string, value: string) {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.click();
  await input.fill(value);
  await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
}

/** The form's mail services: Gmail chosen, 'Trash Mail' and 'GI' left out (new and cloned campaigns). */
export async function expectServicesWithoutExcluded(page: Page) {
  const services = page.getByRole('combobox', { name: 'Mail services', exact: true });
  await services.click();
  const chosen = (text: string) =>
    page.locator('.ant-select-dropdown:visible .ant-select-item-option-selected', { hasText: new RegExp(`^${text}$`) });
  await selectOption(page, 'Gmail').waitFor();
  expect(await chosen('Gmail').count()).toBe(1);
  for (const name of ['Trash Mail', 'GI']) {
    await services.fill(name);
    expect(await chosen(name).count()).toBe(0);
  }
  await page.keyboard.press('Escape');
}

/**
 * On the clone's form (`?cloneId=`): the name and sender come filled in; saved as `{name} again` with a
 * scheduled start `at`, it waits in 'Not finished campaigns', Inactive, showing `shown` as its start.
 */
export async function saveScheduledClone(
  page: Page,
  o: { list: string; name: string; sender: string; at: string; shown: string },
) {
  await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe(o.name);
  expect(await page.getByLabel('Sender', { exact: true }).inputValue()).toBe(o.sender);
  await expectServicesWithoutExcluded(page);
  await page.getByLabel('Name', { exact: true }).fill(`${o.name} again`);
  await page.getByRole('checkbox', { name: 'Enable Scheduled start' }).check();
  await fillDate(page, 'Scheduled start', o.at);
  await button(page, 'Save').click();
  await seeToast(page, 'Added successfully!');
  await page.waitForURL(`**${o.list}`);
  const clone = campaignRow(page, 'Not finished campaigns', `${o.name} again`);
  await clone.getByText('Inactive').waitFor();
  expect(await clone.getByTitle('Scheduled start (UTC)').textContent()).toContain(o.shown);
}
