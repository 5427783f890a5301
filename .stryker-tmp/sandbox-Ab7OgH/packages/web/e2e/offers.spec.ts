// @ts-nocheck
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { HydraCollection } from '@console/shared/hydra';
import { OfferMessages, type Offer } from '@console/shared/offers';
import { apiLogin, categoryTree, registerActiveUser } from './api.ts';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import {
  choose,
  dialog,
  failureScreenshot,
  fieldError,
  headers,
  openMenu,
  rowByHeader,
  seeToast,
  selectOption,
  shot,
  shotBoth,
  signIn,
  total,
} from './ui.ts';

/*
 * Offers (spec 1): the form's validation, an offer for another owner, the links' health, edit, archive
 * (and a refused one), the archive filter, Prev / Next paging, the read-only form of an archived offer.
 */

let h: Harness;
let adminToken: string;
/** The offers' landing site: the outbound policy never lets the console check its own address (decision 1010). */
let site: http.Server;
let landing: string;
beforeAll(async () => {
  h = await startHarness();
  adminToken = await apiLogin(h, ADMIN.email, ADMIN.password);
  site = http.createServer((req, res) => {
    res.writeHead(req.url?.startsWith('/landing') ? 200 : 404, { 'content-type': 'text/html' }).end('<p>Offer</p>');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  landing = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await h?.stop();
  site?.close();
});
afterEach(failureScreenshot('offers'));

const names = { root: 'Newsletters', child: 'Europe', renamed: 'Europe West', spare: 'Temporary' };

beforeAll(async () => {
  await categoryTree(h, adminToken, names.root, names.renamed);
});

describe('offers', () => {
  test('offers: validation, create with owner, health, edit, archive (and its refusal), read-only form', async () => {
    const carol = await registerActiveUser(h, adminToken, 'carol');
    const { context, page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await openMenu(page, 'Lists & Offers');
    await page.getByRole('link', { name: 'Offers', exact: true }).click();
    await page.waitForURL('**/offers');
    await page.getByText('No offers found.').waitFor();

    await page.getByRole('button', { name: 'Add Offer' }).click();
    await page.waitForURL('**/offers/create');
    await page.getByRole('heading', { name: 'Create Offer' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await fieldError(page, OfferMessages.categoryRequired).waitFor();
    await fieldError(page, OfferMessages.nameRequired).waitFor();
    await fieldError(page, OfferMessages.urlRequired).waitFor();
    await page.getByLabel('Url', { exact: true }).fill('not a url');
    await page.getByLabel('Plug', { exact: true }).fill('nope');
    await expect.poll(() => fieldError(page, OfferMessages.invalidUrl).count()).toBe(2);
    // Callback is not implemented; the owner defaults to the signed-in administrator.
    expect(await page.getByLabel('Callback (unrealized functionality)').isDisabled()).toBe(true);
    await page.getByLabel('Callback (unrealized functionality)', { exact: true }).waitFor();
    await page
      .getByTestId('postback-url')
      .getByText(/\/postback\?cid=\{cid\}&sum=\{sum\}&key=/)
      .waitFor();
    expect(await page.locator('.ant-form-item', { hasText: 'Owner' }).locator('.ant-select').innerText()).toContain(
      'admin',
    );

    // Tests never send traffic off this machine: the offer points at the console itself.
    const url = `${landing}/landing?c=[click_id]&who=[email]&note=spring sale`;
    await choose(page, 'Category', names.root);
    await page.getByLabel('Name', { exact: true }).fill('Spring landing');
    await page.getByLabel('Url', { exact: true }).fill(url);
    await page.getByLabel('Plug', { exact: true }).fill('');
    await expect.poll(() => fieldError(page, OfferMessages.invalidUrl).count()).toBe(0);
    await page.mouse.move(0, 0);
    await shotBoth(page, 'offer-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/offers');
    await seeToast(page, 'Added successfully!');

    // A second one for Carol, whose plug is refused (the API answers a request without a token with 401).
    await page.getByRole('button', { name: 'Add Offer' }).click();
    await choose(page, 'Category', names.renamed);
    await page.getByLabel('Name', { exact: true }).fill('Carol offer');
    await page.getByLabel('Url', { exact: true }).fill(`${landing}/landing?c=[click_id]`);
    await page.getByLabel('Plug', { exact: true }).fill(`${landing}/api/no-such-page`);
    await choose(page, 'Owner', carol.username);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/offers');
    await seeToast(page, 'Added successfully!');

    // Stored encoded, shown decoded; the placeholders stay literal.
    const stored = await h.api<HydraCollection<Offer>>('/offers', { token: adminToken });
    const spring = stored.body['hydra:member'].find((o) => o.name === 'Spring landing')!;
    const carols = stored.body['hydra:member'].find((o) => o.name === 'Carol offer')!;
    expect(spring.url).toContain('spring%20sale');
    expect(spring.url).toContain('[click_id]');
    expect(carols.user.username).toBe(carol.username);

    // Health: both links are checked in the background; the icons follow.
    await expect
      .poll(
        async () => {
          const res = await h.api<HydraCollection<Offer>>('/offers', { token: adminToken });
          return res.body['hydra:member'].every((o) => o.checkedAt !== null);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const checked = (await h.api<HydraCollection<Offer>>('/offers', { token: adminToken })).body['hydra:member'];
    const carolHealth = checked.find((o) => o.id === carols.id)!.clean!;
    expect(checked.find((o) => o.id === spring.id)!.clean).toBeNull();
    expect(carolHealth).toMatch(/^Plug answered 4\d\d\.$/); // the landing site has no such page
    await page.reload();
    await page.getByRole('button', { name: `Offer #${spring.id} health: good` }).click();
    await page.locator('.ant-popover:visible').getByText('Good.').waitFor();
    await page.getByRole('heading', { name: 'Offers' }).click();
    await page.locator('.ant-popover:visible').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Offer #${carols.id} health: problem` }).click();
    await page.locator('.ant-popover:visible').getByText(carolHealth).waitFor();
    await page.getByRole('heading', { name: 'Offers' }).click();

    expect(await rowByHeader(page, 'Spring landing')).toMatchObject({
      ID: String(spring.id),
      Name: 'Spring landing',
      Url: url,
      Category: names.root,
      Owner: 'admin',
    });
    expect(await headers(page)).toEqual(['ID', 'Health', 'Name', 'Url', 'Category', 'Owner', 'Actions']);
    await page.mouse.move(0, 0);
    await shotBoth(page, 'offers');

    // Owner filter.
    await page.getByLabel('Owner', { exact: true }).click();
    await selectOption(page, carol.username).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => total(page)).toBe(1);
    await page.getByRole('link', { name: 'Carol offer', exact: true }).waitFor();
    await page.goto('/offers');

    // Edit: the url comes back decoded.
    await page.getByRole('button', { name: 'Edit offer Spring landing' }).click();
    await page.getByRole('heading', { name: `Edit Offer #${spring.id}` }).waitFor();
    expect(await page.getByLabel('Url', { exact: true }).inputValue()).toBe(url);
    await page.getByLabel('Name', { exact: true }).fill('Spring landing v2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/offers');
    await seeToast(page, 'Updated!');

    // Archive, confirmed.
    await page.getByRole('button', { name: 'Archive offer Spring landing v2' }).click();
    await dialog(page)
      .locator('.ant-modal-confirm-title', { hasText: 'Are you sure you want to move it to the archive?' })
      .waitFor();
    await dialog(page).getByRole('button', { name: 'Archive' }).click();
    await seeToast(page, 'Archived successfully!');
    expect(await page.getByRole('button', { name: 'Archive offer Spring landing v2' }).isDisabled()).toBe(true);

    // A refused archive keeps the dialog open with the server's reason (archived meanwhile elsewhere).
    await page.getByRole('button', { name: 'Archive offer Carol offer' }).click();
    await dialog(page)
      .locator('.ant-modal-confirm-title', { hasText: 'Are you sure you want to move it to the archive?' })
      .waitFor();
    expect((await h.api(`/offers/archive/${carols.id}`, { method: 'POST', token: adminToken })).status).toBe(200);
    await dialog(page).getByRole('button', { name: 'Archive' }).click();
    await dialog(page).getByText(`Failed: ${OfferMessages.alreadyArchived}`).waitFor();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    // Filtering by archive shows the Archive date column.
    await page.getByLabel('Archive status', { exact: true }).click();
    await selectOption(page, 'Archived').click();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => headers(page)).toContain('Archive date');
    expect((await rowByHeader(page, 'Spring landing v2'))['Archive date']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);

    // Past 30 offers the list pages with Prev / Next.
    for (let i = 0; i < 30; i++) {
      const res = await h.api('/offers', {
        token: adminToken,
        json: {
          category: spring.category.id,
          name: `Filler ${i}`,
          url: `${landing}/landing?n=${i}`,
          user: spring.user.id,
        },
      });
      expect(res.status).toBe(201);
    }
    await page.goto('/offers');
    await expect.poll(() => total(page)).toBe(32);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    await page.getByRole('link', { name: 'Spring landing v2', exact: true }).waitFor();
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.mouse.move(600, 890);
    await shot(page, 'offers-page2-1400');
    await pager.getByRole('button', { name: 'Prev' }).click();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(30);
    expect(await pager.getByRole('button', { name: 'Prev' }).isDisabled()).toBe(true);

    // An archived offer's form is read-only, without Save.
    await page.goto(`/offers/${spring.id}/edit`);
    await page.getByText(/This offer was archived on .*: it is read-only\./).waitFor();
    expect(await page.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Url', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Plug', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await page.mouse.move(0, 0);
    await shot(page, 'offer-form-archived-1400');
    await context.close();
    // A long journey (a 300,000-row import in the e-mail lists one): two spec files share two cores.
  }, 300_000);
});
