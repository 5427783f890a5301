import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, screenshotDir, startHarness, type Harness } from './harness.ts';

/** Issue 6, the screen findings (items 11 to 17), seen in a real Chromium. */
let h: Harness;
let token: string;
let page: Page;

beforeAll(async () => {
  h = await startHarness();
  const res = await h.api<{ token: string }>('/login_check', { json: ADMIN });
  token = res.body.token;
  page = (await h.open(1400)).page;
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/home');
});
afterAll(async () => {
  await h?.stop();
});

const errorUnder = (label: string) =>
  page
    .locator('.ant-form-item', { has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');
const shot = (name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `${name}.png`), animations: 'disabled' });

describe('screens', () => {
  test('11: Edit User shows the profit rate messages instead of changing the value', async () => {
    const me = await h.api<{ id: number }>('/profile', { token });
    await page.goto(`/users/${me.body.id}/edit`);
    const rate = page.getByLabel('Profit Rate (%)');
    for (const [typed, message] of <[string, string][]>[
      ['', 'Profit Rate is required.'],
      ['150', 'Must be in 0-100.'],
      ['-5', 'Must be in 0-100.'],
      ['abc', 'Must be in 0-100.'],
    ]) {
      await rate.fill(typed);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => errorUnder('Profit Rate (%)').textContent()).toBe(message);
      expect(await rate.inputValue()).toBe(typed);
    }
    expect((await h.api<{ profitRate: number }>(`/users/${me.body.id}`, { token })).body.profitRate).toBe(100);
  });

  test("14: the app's own e-mail message shows, not the browser's bubble", async () => {
    await page.goto('/users/create');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => errorUnder('Email').textContent()).toBe('Invalid email.');
    // the other fields' messages show at the same time
    await expect.poll(() => errorUnder('Username').textContent()).toBe('Username is required.');
    expect(await page.getByLabel('Email', { exact: true }).evaluate((e: HTMLInputElement) => e.validity.valid)).toBe(
      true,
    );
  });

  test('16: a malformed id in the address shows the 404 page, never an empty Create form', async () => {
    for (const url of ['/email-list/abc/edit', '/offers/abc/edit', '/users/0x10/edit', '/email-list/1e1/emails']) {
      await page.goto(url);
      await page.getByText('Page Not Found !').waitFor();
      expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    }
  });

  test("17: the admin's own row offers neither the active switch nor Delete; the sidebar names every entry once", async () => {
    await page.goto('/users');
    const own = page.locator('.ant-table-tbody tr', { hasText: ADMIN.email });
    await own.waitFor();
    expect(await own.getByRole('switch').count()).toBe(0);
    expect(await own.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    await own.getByText('Yes (you)').waitFor();
    // Open every group (one at a time: the sidebar keeps groups open as the user opens them).
    for (const group of ['Campaigns', 'Lists & Offers', 'Infrastructure', 'Reports']) {
      await page.getByRole('menuitem', { name: group }).click();
    }
    await page.getByRole('link', { name: 'Profit Report' }).waitFor();
    const labels = await page.locator('.ant-menu a[title]').evaluateAll((as) => as.map((a) => a.getAttribute('title')));
    expect(labels.length).toBeGreaterThan(20);
    expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);
  });

  test('13: a refused list load opens the Oops dialog; no "Total: 0" while loading', async () => {
    await page.goto('/email-list?category=abc');
    await page.locator('.ant-modal', { hasText: 'Oops...' }).waitFor();
    await page.locator('.ant-modal').getByRole('button', { name: 'OK' }).click();
  });

  test('15: toasts sit over the header, clear of the page-header buttons', async () => {
    await page.goto('/offers/create');
    const back = page.getByRole('button', { name: /Back to Offers/ });
    await back.waitFor();
    await page.evaluate(() => window.dispatchEvent(new Event('resize')));
    // Any toast will do: a failed save of an empty form is refused by the form itself, so save a category.
    await page.goto('/categories');
    await page
      .getByRole('button', { name: /Create New/ })
      .first()
      .click();
    await page.locator('.ant-modal').getByLabel('Name').fill(`Toast ${Date.now()}`);
    await page
      .locator('.ant-modal')
      .getByRole('button', { name: /Save|OK|Create/ })
      .last()
      .click();
    const notice = page.locator('.ant-notification-notice').first();
    await notice.waitFor();
    const box = (await notice.boundingBox())!;
    const buttons = await page
      .locator('main button, .ant-layout-content button')
      .evaluateAll((bs) =>
        bs.map((b) => b.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })),
      );
    const overlaps = buttons.filter(
      (r) => r.x < box.x + box.width && box.x < r.x + r.w && r.y < box.y + box.height && box.y < r.y + r.h,
    );
    expect(overlaps).toEqual([]);
  });
});

describe('12: e-mail lists with seventy mail providers', () => {
  test('stay readable at 1400 and 1000 px', async () => {
    const providers = await h.api<{ 'hydra:totalItems': number }>('/mail_providers', { token });
    // The seed holds about seventy already; top up to at least 70.
    const missing = Math.max(0, 70 - providers.body['hydra:totalItems']);
    // There is no provider API (the spec keeps them seeded): the harness database is reached directly.
    await h.sql(`insert into mail_providers (name) select 'Provider ' || g from generate_series(1, ${missing}) g`);
    const cat = await h.api<{ id: number }>('/categories', { token, json: { name: `Wide ${Date.now()}` } });
    for (let i = 0; i < 3; i++) {
      await h.api('/email_lists', { token, json: { name: `Seventy providers ${i}`, category: cat.body.id } });
    }
    await page.goto('/email-list');
    await page.getByRole('link', { name: 'Seventy providers 0', exact: true }).waitFor();
    const width = await page.locator('.ant-table').evaluate((t) => t.scrollWidth);
    await shot('email-lists-70-providers-1400');
    expect(width).toBeLessThan(1400);
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    await shot('email-lists-70-providers-1000');
    // Actions stay on screen without scrolling sideways
    const manage = page.getByRole('button', { name: 'Manage Seventy providers 0' });
    const box = (await manage.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1000);
    await page.getByRole('button', { name: /^\+\d+ providers$/ }).click();
    await page.getByRole('columnheader', { name: 'AOL', exact: true }).waitFor();
    await shot('email-lists-70-providers-unfolded-1000');
    expect((await manage.boundingBox())!.x + box.width).toBeLessThanOrEqual(1000);
    await page.setViewportSize({ width: 1400, height: 900 });
  });
});
