// @ts-nocheck
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'vitest';
import type { Locator, Page } from 'playwright-core';
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

/** The page of the latest sign-in: `failureScreenshot` photographs it when a test fails. */
let lastPage: Page | undefined;

/**
 * `afterEach(failureScreenshot('offers'))`: the page of a failed test, kept outside the committed
 * screenshots (in the system's temporary folder) for whoever reads the failure.
 */
export const failureScreenshot = (spec: string) => async (ctx: TestContext) => {
  const page = lastPage;
  lastPage = undefined;
  if (ctx.task.result?.state !== 'fail' || !page || page.isClosed()) return;
  const file = path.join(
    os.tmpdir(),
    `${spec}-failure-${(ctx.task.name.split(':')[0] ?? 'test').replace(/\W+/g, '-')}.png`,
  );
  await page.screenshot({ path: file }).catch(() => {});
  console.error(`[failure screenshot] ${file}`);
};

export async function signIn(page: Page, email: string, password: string) {
  lastPage = page;
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

/** Opens a sidebar group and waits for it to finish unfolding (a click while it unfolds can be lost). */
export async function openMenu(page: Page, name: string) {
  await page.getByRole('menuitem', { name }).click();
  await page.locator('.ant-motion-collapse').waitFor({ state: 'detached' });
}

/**
 * Hovers `trigger` until `target` shows. A hover that lands while the menu re-renders (a resize folds the
 * sidebar into icons) opens nothing, and the pointer resting there sends no new mouseenter: it must leave
 * and come back.
 */
export async function hoverUntil(page: Page, trigger: Locator, target: Locator) {
  for (let attempt = 1; ; attempt++) {
    await trigger.hover();
    try {
      return await target.waitFor({ timeout: 5_000 });
    } catch (e) {
      if (attempt === 5) throw e;
      await page.mouse.move(0, 0);
    }
  }
}

/** The cells of the table row containing `text`, by column title. */
export async function rowByHeader(page: Page, text: string): Promise<Record<string, string>> {
  return page.evaluate((needle) => {
    const heads = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent?.trim() ?? '');
    const row = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].find((tr) =>
      tr.textContent?.includes(needle),
    );
    if (!row) return {};
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '');
    return Object.fromEntries(heads.map((head, i) => [head, cells[i] ?? '']));
  }, text);
}

/** The column titles of the page's table(s). */
export const headers = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent?.trim()));

/** The list's 'Total: N'. */
export const total = async (page: Page) => Number((await page.getByTestId('total').innerText()).replace(/\D/g, ''));

/** Records every 'Loading... N %' the page shows from now on (the job may be quick: nothing is missed). */
export async function watchPercentages(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __seen: number[]; __observer?: MutationObserver };
    w.__observer?.disconnect();
    w.__seen = [];
    const read = () => {
      const m = /Loading\.\.\. (\d+) %/.exec(document.body.innerText);
      if (m && w.__seen.at(-1) !== Number(m[1])) w.__seen.push(Number(m[1]));
    };
    w.__observer = new MutationObserver(read);
    w.__observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** What `watchPercentages` saw, in order. */
export const seenPercentages = (page: Page) => page.evaluate(() => (window as unknown as { __seen: number[] }).__seen);
