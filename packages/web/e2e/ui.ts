import path from 'node:path';
import type { Page } from 'playwright-core';
import { screenshotDir } from './harness.ts';

/*
 * What journeys do with the console's screens: sign in, find buttons, toasts, dialogs and select options
 * once their animations have settled, and take the 1400/1000 px screenshots.
 */

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `${name}.png`), animations: 'disabled' });

/** The same screen at 1400 and 1000 px (the sidebar folds to mini mode below 1170 px). */
export async function shotBoth(page: Page, name: string) {
  await closeToasts(page);
  await page.mouse.move(600, 890); // away from every button: no hover colours in the pictures
  await shot(page, `${name}-1400`);
  await page.setViewportSize({ width: 1000, height: 900 });
  await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
  await shot(page, `${name}-1000`);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor();
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  // Live checks need the event stream open: it is once its answer's headers arrive.
  const live = page.waitForResponse((r) => r.url().endsWith('/api/events') && r.status() === 200);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/home');
  await live;
}

/** A button by its visible text; antd icons add their own name in front ('plus Create New'). */
export const button = (page: Page, text: string) =>
  page.getByRole('button', { name: new RegExp(`(^|\\s)${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

export const toast = (page: Page, text: string) => page.locator('.ant-notification-notice', { hasText: text }).first();

/** Waits for the toast, then closes every toast (they cover the top-right buttons while the pointer rests on them). */
export async function seeToast(page: Page, text: string) {
  await toast(page, text).waitFor();
  await closeToasts(page);
}

export async function closeToasts(page: Page) {
  const notices = page.locator('.ant-notification-notice');
  if ((await notices.count()) === 0) return;
  // Closing a toast while it still slides in leaves it stuck half-way: let it settle first.
  await notices
    .first()
    .click({ trial: true, force: false, timeout: 5_000 })
    .catch(() => {});
  await page.waitForTimeout(400);
  await page.evaluate(() => {
    for (const b of document.querySelectorAll<HTMLElement>('.ant-notification-notice-close')) b.click();
  });
  await page.locator('.ant-notification-notice').first().waitFor({ state: 'detached' });
}

/** The open dialog, once its zoom-in has finished (a click while it grows can be lost). */
export const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal:not(.ant-zoom)');

/** An option of the open select list, once it has finished sliding in. */
export const selectOption = (page: Page, text: string) =>
  page
    .locator(
      '.ant-select-dropdown:visible:not(.ant-slide-up) :is(.ant-select-item-option, .ant-select-tree-node-content-wrapper)',
      { hasText: text },
    )
    .first();

/** The message an antd form shows under a field. */
export const fieldError = (page: Page, text: string) => page.locator('.ant-form-item-explain-error', { hasText: text });

/** Chooses `option` in the antd Select labelled `label` (typing narrows it down first). */
export async function choose(page: Page, label: string, option: string) {
  const select = page.getByLabel(label, { exact: true });
  await select.click();
  await select.fill(option);
  await selectOption(page, option).click();
}

/** The texts of one column of the table, top to bottom. */
export const columnTexts = (page: Page, title: string) =>
  page.evaluate((t) => {
    const heads = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent?.trim() ?? '');
    const i = heads.indexOf(t);
    return [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map(
      (tr) => tr.querySelectorAll('td')[i]?.textContent?.trim() ?? '',
    );
  }, title);
