import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { UserMessages } from '@console/shared/users';
import { ADMIN, screenshotDir, startHarness, type Harness } from './harness.ts';
import { dialog } from './ui.ts';

/** Issue 6, the screen findings (items 11 to 17), and the list-screen kit, seen in a real Chromium. */
let h: Harness;
let token: string;
let page: Page;

beforeAll(async () => {
  h = await startHarness();
  const res = await h.api<{ token: string }>('/login_check', { json: ADMIN });
  token = res.body.token;
  page = (await h.open(1400)).page;
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/home');
});
afterAll(async () => {
  await h?.stop();
});

const errorUnder = (label: string, p: Page = page) =>
  p.locator('.ant-form-item', { has: p.getByLabel(label, { exact: true }) }).locator('.ant-form-item-explain-error');
const shot = (name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `${name}.png`), animations: 'disabled' });
const headers = () =>
  page.evaluate(() => [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent?.trim() ?? ''));
const total = () => page.getByTestId('total').innerText();
type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Sets the window's width and waits for the sidebar to match (mini mode below 1170 px). */
async function resize(width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.getByRole('button', { name: width < 1170 ? 'Expand sidebar' : 'Collapse sidebar' }).waitFor();
}

/** A column title's box (the sticky header), in the window's coordinates. */
const headerBox = async (title: string) =>
  (await page
    .locator('.ant-table-thead th', { hasText: new RegExp(`^${title}$`) })
    .first()
    .boundingBox())!;

/** A list with `n` e-mails (a0@gmail.com, ...) written straight to the database, counters included. */
async function listWithEmails(name: string, category: number, n: number): Promise<number> {
  const list = await h.api<{ id: number }>('/email_lists', { token, json: { name, category } });
  expect(list.status).toBe(201);
  const id = list.body.id;
  await h.sql(
    `insert into emails (email_list_id, email, name, surname, mail_provider_id, valid)
     select $1, 'a' || g || '@gmail.com', 'Ann' || g, 'Ash' || g, (select id from mail_providers where name = 'Gmail'), true
     from generate_series(0, $2 - 1) g`,
    [id, n],
  );
  await h.sql(
    `insert into email_list_provider_counters (email_list_id, mail_provider_id, counter)
     select $1, id, $2 from mail_providers where name = 'Gmail'`,
    [id, n],
  );
  await h.sql('update email_lists set total_counter = $2, valid_counter = $2 where id = $1', [id, n]);
  return id;
}

/** 'Europe' under 'Regions': the category of the lists made here. */
let categoryId = 0;
beforeAll(async () => {
  const parent = await h.api<{ id: number }>('/categories', { token, json: { name: 'Regions' } });
  const child = await h.api<{ id: number }>('/categories', {
    token,
    json: { name: 'Europe', parent: `/api/categories/${parent.body.id}` },
  });
  categoryId = child.body.id;
});

describe('screens', () => {
  test('11: Edit User shows the profit rate messages instead of changing the value', async () => {
    const me = await h.api<{ id: number }>('/profile', { token });
    await page.goto(`/users/${me.body.id}/edit`);
    const rate = page.getByLabel('Profit Rate (%)', { exact: true });
    const puts: string[] = [];
    const record = (r: { method(): string; url(): string }) => r.method() === 'PUT' && puts.push(r.url());
    page.on('request', record);
    for (const [typed, message] of [
      ['', UserMessages.profitRateRequired],
      ['150', UserMessages.profitRateRange],
      ['-5', UserMessages.profitRateRange],
      ['abc', UserMessages.profitRateRange],
    ] as [string, string][]) {
      await rate.fill(typed);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => errorUnder('Profit Rate (%)').textContent()).toBe(message);
      // Left as typed: not clamped to 100 or 0, not emptied.
      expect(await rate.inputValue()).toBe(typed);
    }
    page.off('request', record);
    expect(puts).toEqual([]);
    expect((await h.api<{ profitRate: number }>(`/users/${me.body.id}`, { token })).body.profitRate).toBe(100);
  });

  test("14: the app's own e-mail messages show, not the browser's bubble", async () => {
    await page.goto('/users/create');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => errorUnder('Email').textContent()).toBe('Invalid email.');
    // the other fields' messages show at the same time
    await expect.poll(() => errorUnder('Username').textContent()).toBe('Username is required.');
    expect(
      await page
        .locator('form')
        .first()
        .evaluate((f: HTMLFormElement) => f.noValidate),
    ).toBe(true);

    // The login form, signed out in a window of its own.
    const guest = await h.open(1400);
    await guest.page.goto('/login');
    await guest.page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await guest.page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => errorUnder('Email', guest.page).textContent()).toBe('Email is invalid.');
    await expect.poll(() => errorUnder('Password', guest.page).textContent()).toBe('Password is required');
    for (const form of await guest.page.locator('form').all()) {
      expect(await form.evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true);
    }
    await guest.context.close();
  });

  test('16: a malformed or unknown id in the address shows the 404 page, never an empty Create form', async () => {
    for (const url of [
      '/email-list/abc/edit',
      '/offers/abc/edit',
      '/users/0x10/edit',
      '/email-list/1e1/emails',
      '/email-list/999999/edit',
      '/offers/999999/edit',
      '/users/999999/edit',
      '/email-list/999999/emails',
    ]) {
      await page.goto(url);
      await page.getByText('Page Not Found !').waitFor();
      expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    }
  });

  test("17: the admin's own row offers neither the active switch nor Delete", async () => {
    await page.goto('/users');
    const own = page.locator('.ant-table-tbody tr', { hasText: ADMIN.email });
    await own.waitFor();
    expect(await own.getByRole('switch').count()).toBe(0);
    expect(await own.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    await own.getByText('Yes (you)').waitFor();
  });

  test('17: the sidebar names every entry once, and a cut entry shows its full name on hover', async () => {
    await page.goto('/home');
    // Open every group (one at a time: the sidebar keeps groups open as the user opens them).
    for (const group of ['Campaigns', 'Lists & Offers', 'Infrastructure', 'Reports']) {
      // A group's title, not an entry whose name contains it ("Processed Reports").
      await page.locator('.ant-menu-submenu-title', { hasText: new RegExp(`^${group}$`) }).click();
    }
    const long = page.getByRole('link', { name: 'PMTA Relays - Mail Service Report' });
    await long.waitFor();
    const labels = await page.locator('.ant-menu a').evaluateAll((as) => as.map((a) => a.textContent));
    expect(labels.length).toBeGreaterThan(20);
    expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);
    // The long entry is cut at the sidebar's width, and its title carries the whole name.
    const cut = await long.evaluate((a) => {
      const box = a.closest('.ant-menu-title-content') as HTMLElement;
      return box.scrollWidth > box.clientWidth;
    });
    expect(cut).toBe(true);
    expect(await long.getAttribute('title')).toBe('PMTA Relays - Mail Service Report');
    for (const link of await page.locator('.ant-menu a').all()) {
      expect(await link.getAttribute('title')).toBe(await link.textContent());
    }
  });

  test('17: category selects show the tree, children indented under their parent', async () => {
    await page.goto('/email-list');
    await page.getByLabel('Category', { exact: true }).click();
    const node = (text: string) =>
      page.locator('.ant-select-dropdown:visible .ant-select-tree-treenode', { hasText: new RegExp(`^${text}$`) });
    await node('Europe').waitFor();
    const parent = (await node('Regions').locator('.ant-select-tree-node-content-wrapper').boundingBox())!;
    const child = (await node('Europe').locator('.ant-select-tree-node-content-wrapper').boundingBox())!;
    expect(child.y).toBeGreaterThan(parent.y);
    expect(child.x).toBeGreaterThan(parent.x + 10);
    await page.keyboard.press('Escape');
  });

  test("17: the viewer's pager shows 3 pages around the current one and 2 at either end", async () => {
    const id = await listWithEmails('Paged list', categoryId, 300);
    await page.goto(`/email-list/${id}/emails`);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    // The pager's own items, left to right, without the arrows.
    const numbers = () =>
      pager.evaluate((n) => [...n.children].filter((c) => !c.getAttribute('aria-label')).map((c) => c.textContent));
    await expect.poll(numbers).toEqual(['1', '2', '3', '…', '29', '30']);
    await pager.getByRole('button', { name: '3', exact: true }).click();
    await pager.getByRole('button', { name: '4', exact: true }).click();
    await expect.poll(numbers).toEqual(['1', '2', '3', '4', '5', '…', '29', '30']);
    await pager.getByRole('button', { name: '5', exact: true }).click();
    await pager.getByRole('button', { name: '6', exact: true }).click();
    await expect.poll(numbers).toEqual(['1', '2', '…', '5', '6', '7', '…', '29', '30']);
    expect(await pager.getByRole('button', { name: '6', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(new URL(page.url()).searchParams.get('page')).toBe('6');
  });

  test('13: a refused list load opens the Oops dialog and the screen says it failed, not "Total: 0"', async () => {
    for (const [url, reason, emptyText] of [
      ['/email-list?category=abc', /./, 'No email lists found.'],
      ['/users?perPage=5000', /itemsPerPage/, 'No users found.'],
    ] as const) {
      await page.goto(url);
      const oops = dialog(page).filter({ hasText: 'Oops...' });
      await oops.waitFor();
      expect(await oops.innerText()).toMatch(reason);
      await oops.getByRole('button', { name: 'OK' }).click();
      await oops.waitFor({ state: 'detached' });
      await page.getByTestId('load-failed').getByText('The list could not be loaded.').waitFor();
      expect(await total()).toBe('Total: —');
      expect(await page.getByText(emptyText).count()).toBe(0);
    }
  });

  test('13: while a list loads, neither "Total: 0" nor the empty text shows under the spinner', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/email_lists?**', async (route) => {
      await held;
      // unroute() may have let it through already.
      await route.continue().catch(() => {});
    });
    try {
      await page.goto('/email-list');
      await page.locator('.ant-spin-spinning').first().waitFor();
      expect(await total()).toBe('Total: …');
      expect(await page.getByText('No email lists found.').count()).toBe(0);
    } finally {
      release();
      await page.unroute('**/api/email_lists?**');
    }
    await expect.poll(total).toMatch(/^Total: \d+$/);
  });

  test('15: toasts cover nothing that is clicked next, and go away under a resting cursor', async () => {
    for (const width of [1400, 1000]) {
      await resize(width);
      await page.goto('/categories');
      await page.getByRole('button', { name: /Create New$/ }).click();
      await dialog(page).getByLabel('Name', { exact: true }).fill(`Toast ${width}`);
      await dialog(page).getByRole('button', { name: 'Save' }).click();
      await dialog(page).waitFor({ state: 'detached' });
      const notice = page.locator('.ant-notification-notice').first();
      await notice.getByText('Added successfully!').waitFor();
      // Settled (it slides in), then measured against every control of the page, header included.
      await page.waitForTimeout(400);
      const box = (await notice.boundingBox())!;
      const controls = await page
        .locator(
          '.ant-layout button, .ant-layout a, .ant-layout input, .ant-layout [role=button], .ant-layout .ant-badge',
        )
        .evaluateAll((els) =>
          els
            .filter((e) => !e.closest('.ant-notification'))
            .map((e) => {
              const r = e.getBoundingClientRect();
              return { x: r.x, y: r.y, width: r.width, height: r.height, text: e.textContent?.trim() };
            })
            .filter((r) => r.width > 0 && r.height > 0),
        );
      expect(controls.filter((c) => overlap(c, box))).toEqual([]);
      // The clock (not a control, but read at a glance) stays clear too.
      expect(overlap((await page.getByText(/\d{4}-\d\d-\d\d \d\d:\d\d/).boundingBox())!, box)).toBe(false);
      // The pointer resting on it does not keep it: gone after its 4 seconds.
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await notice.waitFor({ state: 'detached', timeout: 8_000 });
    }
    await resize(1400);
  });
});

describe('12: e-mail lists with seventy mail providers', () => {
  let providers: string[] = [];
  const providerHeaders = async () => (await headers()).filter((t) => providers.includes(t));
  const scroller = () => page.locator('.ant-table-body, .ant-table-content').first();

  beforeAll(async () => {
    const before = await h.api<{ 'hydra:totalItems': number }>('/mail_providers', { token });
    // The seed holds about seventy already; top up to at least 70. There is no provider API (the spec keeps
    // them seeded): the harness database is reached directly.
    const missing = Math.max(0, 70 - before.body['hydra:totalItems']);
    await h.sql(`insert into mail_providers (name) select 'Provider ' || g from generate_series(1, $1::int) g`, [
      missing,
    ]);
    const all = await h.api<{ 'hydra:member': { name: string }[] }>(
      '/mail_providers?groups[]=select&pagination=false&order[name]=asc',
      { token },
    );
    providers = all.body['hydra:member'].map((p) => p.name);
    expect(providers.length).toBeGreaterThanOrEqual(70);
    // Thirty lists (more than a screen high), each with e-mails at the big four and at two others: most
    // providers are in use somewhere on the page (the hard case for folding), about a dozen are not.
    const cat = await h.api<{ id: number }>('/categories', { token, json: { name: 'Wide' } });
    for (let i = 0; i < 30; i++) {
      const list = await h.api<{ id: number }>('/email_lists', {
        token,
        json: { name: `Seventy providers ${i}`, category: cat.body.id },
      });
      await h.sql(
        `insert into email_list_provider_counters (email_list_id, mail_provider_id, counter)
         select $1, id, 100 + (id * 37 + $2 * 11) % 900 from mail_providers
         where name in ('Gmail', 'Yahoo', 'Outlook', 'Other') or id % 40 = $2`,
        [list.body.id, i],
      );
      await h.sql(
        `update email_lists set total_counter = c.n, valid_counter = c.n
         from (select sum(counter)::int as n from email_list_provider_counters where email_list_id = $1) c where id = $1`,
        [list.body.id],
      );
    }
    await resize(1400);
  });

  /** Created, Uploading, Users and Actions within the window and right of the scrolling part. */
  async function pinnedColumnsInView(width: number) {
    for (const title of ['Created', 'Uploading', 'Users', 'Actions']) {
      const b = await headerBox(title);
      expect(b.x).toBeGreaterThan(0);
      expect(b.x + b.width).toBeLessThanOrEqual(width);
    }
    const manage = page.getByRole('button', { name: 'Manage Seventy providers 29' });
    const m = (await manage.boundingBox())!;
    expect(m.x + m.width).toBeLessThanOrEqual(width);
  }

  test('pinned columns, a stable provider order and the empty ones folded, at 1400 and 1000 px', async () => {
    await page.goto('/email-list');
    await page.getByRole('link', { name: 'Seventy providers 29', exact: true }).waitFor();
    // Spec order, providers in between in the API's name order; the empty ones are one column.
    const heads = await headers();
    expect(heads.slice(0, 4)).toEqual(['ID', 'Name', 'Total', 'Valid']);
    expect(heads.slice(-4)).toEqual(['Created', 'Uploading', 'Users', 'Actions']);
    const shown = await providerHeaders();
    expect(shown).toEqual(providers.filter((p) => shown.includes(p)));
    const folded = providers.length - shown.length;
    expect(folded).toBeGreaterThan(0);
    expect(heads).toContain(`+${folded} providers`);
    await page.getByText(`${shown.length} of ${providers.length} mail providers shown`).waitFor();

    for (const width of [1400, 1000]) {
      await resize(width);
      await page.mouse.move(width / 2, 890);
      await shot(`email-lists-70-providers-${width}`);
      await pinnedColumnsInView(width);
      // The sideways scroll bar sticks to the bottom of the window, not to the bottom of thirty rows.
      const bar = (await page.locator('.ant-table-sticky-scroll').boundingBox())!;
      expect(bar.y + bar.height).toBeLessThanOrEqual(900);
      // Scrolled to the far end: ID and Name stay on the left, the right-hand group stays too.
      await scroller().evaluate((e) => (e.scrollLeft = e.scrollWidth));
      await page.waitForTimeout(200);
      const name = await headerBox('Name');
      expect(name.x).toBeLessThan(width / 2);
      expect(await page.getByRole('link', { name: 'Seventy providers 29', exact: true }).isVisible()).toBe(true);
      await pinnedColumnsInView(width);
      await shot(`email-lists-70-providers-${width}-scrolled`);
      await scroller().evaluate((e) => (e.scrollLeft = 0));
    }

    // Unfolded: every provider, still in name order; the switch back stays above the table, in reach.
    await page.getByRole('button', { name: `Show all ${providers.length}` }).click();
    expect(await providerHeaders()).toEqual(providers);
    await pinnedColumnsInView(1000);
    await page.mouse.move(500, 890);
    await shot('email-lists-70-providers-unfolded-1000');
    const fold = page.getByRole('button', { name: `Fold the ${folded} without e-mails` });
    const f = (await fold.boundingBox())!;
    expect(f.x + f.width).toBeLessThanOrEqual(1000);
    await fold.click();
    expect(await providerHeaders()).toEqual(shown);
    await resize(1400);

    // Another search: the same providers keep the same order (no reshuffle by counts).
    await page.getByRole('textbox', { name: 'Name' }).fill('Seventy providers 1');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(total).toBe('Total: 11');
    const again = await providerHeaders();
    expect(again).toEqual(providers.filter((p) => again.includes(p)));
  });
});

describe('list-screen kit', () => {
  test('row selection: the page, then every match across pages, cleared by a new search', async () => {
    const id = await listWithEmails('Selectable list', categoryId, 45);
    await page.goto(`/email-list/${id}/emails`);
    await expect.poll(total).toBe('Total: 45');
    const bar = page.getByRole('region', { name: 'Selection' });
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    await bar.getByText('10 selected').waitFor();
    await bar.getByRole('button', { name: 'Select all 45' }).click();
    await bar.getByText('45 selected').waitFor();
    // Kept across pages.
    const firstOnPage = () => page.locator('.ant-table-tbody tr.ant-table-row td:nth-child(3)').first().innerText();
    const onPage1 = await firstOnPage();
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: '3', exact: true }).click();
    await expect.poll(firstOnPage).not.toBe(onPage1);
    const rowBoxes = page.locator('.ant-table-tbody tr.ant-table-row .ant-checkbox-input');
    expect(await rowBoxes.count()).toBe(10);
    for (const box of await rowBoxes.all()) expect(await box.isChecked()).toBe(true);
    await bar.getByText('45 selected').waitFor();
    // The batch delete asks about all of them.
    await page
      .getByRole('button', { name: /Delete$/ })
      .first()
      .click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: 'Delete 45 selected e-mails?' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    // A new search starts a new choice.
    await page.getByLabel('Search by email', { exact: true }).fill('a1');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(total).toBe('Total: 11');
    expect(await bar.count()).toBe(0);
    for (const box of await rowBoxes.all()) expect(await box.isChecked()).toBe(false);
  });
});
