// @ts-nocheck
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiLogin, categoryTree, registerActiveUser } from './api.ts';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, choose, failureScreenshot, headers, seeToast, shot, signIn, total } from './ui.ts';

/*
 * Lists and offers as an ordinary user sees them (spec 1): a list assigned to her without the owner's
 * actions, her own offers only, the administrators' screens closed.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});
afterEach(failureScreenshot('lists-offers-user'));

/** An administrator's list of `emails` valid Gmail addresses, with its counters. */
async function seedList(name: string, category: number, emails: number): Promise<number> {
  const id = (
    await h.sql(
      `insert into email_lists (name, category_id, user_id, total_counter, valid_counter)
       values ($1, $2, 1, $3, $3) returning id`,
      [name, category, emails],
    )
  ).rows[0].id as number;
  const gmail = (await h.sql(`select id from mail_providers where name = 'Gmail'`)).rows[0].id as number;
  await h.sql(
    `insert into emails (email_list_id, email, mail_provider_id, valid)
     select $1, 'reader' || g || '@gmail.com', $2, true from generate_series(1, $3) g`,
    [id, gmail, emails],
  );
  await h.sql(
    `insert into email_list_provider_counters (email_list_id, mail_provider_id, counter) values ($1, $2, $3)`,
    [id, gmail, emails],
  );
  return id;
}

describe('lists and offers as an ordinary user', () => {
  test('an ordinary user: assigned list without admin actions, own offers only, no admin screens', async () => {
    const adminToken = await apiLogin(h, ADMIN.email, ADMIN.password);
    const carol = await registerActiveUser(h, adminToken, 'carol');
    const categories = await categoryTree(h, adminToken, 'Newsletters', 'Europe West');
    const listName = 'Spring promo';
    const listId = await seedList(listName, categories.child, 24);
    await seedList('Autumn promo', categories.child, 5);
    // Her offer and one of the administrator's. Their links point at a closed loopback port: nothing leaves
    // the machine, and their health is not what this journey looks at.
    for (const [name, user] of [
      ['Carol offer', carol.id],
      ['Admin offer', 1],
    ] as const) {
      const res = await h.api('/offers', {
        token: adminToken,
        json: { category: categories.root, name, url: 'http://127.0.0.1:9/landing?c=[click_id]', user },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }

    // The administrator assigns the list to Carol from its manage page.
    const admin = await h.open(1400);
    await signIn(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.goto(`/email-list/${listId}/edit`);
    await choose(admin.page, 'Users', carol.username);
    await admin.page.keyboard.press('Escape');
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await seeToast(admin.page, 'Updated!');
    await admin.context.close();

    const { context, page } = await h.open(1400);
    await signIn(page, carol.email, carol.password);
    await page.goto('/email-list');
    await page.getByRole('link', { name: listName, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Create Email List' }).count()).toBe(0);
    const heads = await headers(page);
    expect(heads).not.toContain('Users');
    expect(heads).not.toContain('Actions');
    expect(heads.slice(-2)).toEqual(['Created', 'Uploading']);
    // The other list was not assigned to her.
    expect(await total(page)).toBe(1);

    // She reads the list's e-mails but is not its owner: no add, no delete, no checkboxes.
    await page.getByRole('link', { name: listName, exact: true }).click();
    await expect.poll(() => total(page)).toBe(24);
    expect(await page.getByRole('button', { name: 'Add Emails' }).count()).toBe(0);
    expect(await button(page, 'Delete').count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await headers(page)).toEqual(['ID', 'Email', 'Name', 'Surname', 'Valid']);

    // Management screens send her back.
    await page.goto(`/email-list/${listId}/edit`);
    await page.waitForURL('**/email-list');
    await page.goto('/categories');
    await page.waitForURL('**/home');

    // Offers: her own only, no add, no filters beyond the name, no actions.
    await page.goto('/offers');
    await page.getByText('Carol offer').waitFor();
    expect(await total(page)).toBe(1);
    expect(await page.getByRole('button', { name: 'Add Offer' }).count()).toBe(0);
    expect(await page.getByLabel('Archive status', { exact: true }).count()).toBe(0);
    expect(await headers(page)).toEqual(['ID', 'Health', 'Name', 'Url', 'Category']);
    await page.goto('/offers/create');
    await page.waitForURL('**/offers');
    await page.getByText('Carol offer').waitFor();
    await page.mouse.move(600, 890);
    await shot(page, 'offers-user-1400');
    await context.close();
  });
});
