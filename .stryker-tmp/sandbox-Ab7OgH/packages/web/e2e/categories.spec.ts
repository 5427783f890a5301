// @ts-nocheck
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { categoryInUseMessage, CategoryMessages } from '@console/shared/categories';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, dialog, failureScreenshot, fieldError, openMenu, seeToast, shotBoth, signIn } from './ui.ts';

/* Categories (spec 1): the tree, its dialog's validation, rename, and the deletes the server refuses. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});
afterEach(failureScreenshot('categories'));

const names = { root: 'Newsletters', child: 'Europe', renamed: 'Europe West', spare: 'Temporary' };

describe('categories', () => {
  test('categories: empty tree, add root and child, validation, rename, delete (and refusals)', async () => {
    const { context, page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await openMenu(page, 'Admin');
    await page.getByRole('link', { name: 'Categories', exact: true }).click();
    await page.waitForURL('**/categories');
    await page.getByText('Tree categories is empty!').waitFor();

    // The name must be filled in before anything is sent.
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/categories') && posts.push(r.url()));
    await page.getByRole('button', { name: 'Create New Category' }).click();
    await dialog(page).getByText('Create New Category').waitFor();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await fieldError(page, CategoryMessages.nameRequired).waitFor();
    expect(posts).toEqual([]);
    await dialog(page).getByLabel('Name', { exact: true }).fill(names.root);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await seeToast(page, 'Added successfully!');
    await dialog(page).waitFor({ state: 'detached' });

    // A child, and a spare root that is deleted again below.
    await page.getByRole('button', { name: `Add subcategory to ${names.root}` }).click();
    await dialog(page).getByText(`Parent: ${names.root}`).waitFor();
    await dialog(page).getByLabel('Name', { exact: true }).fill(names.child);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await seeToast(page, 'Added successfully!');
    await page.getByTestId('category-node').filter({ hasText: names.child }).waitFor();
    await button(page, 'Create New').click();
    await dialog(page).getByLabel('Name', { exact: true }).fill(names.spare);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await seeToast(page, 'Added successfully!');
    await page.getByTestId('category-node').filter({ hasText: names.spare }).waitFor();

    // The server's refusal shows inside the dialog, which stays open.
    await button(page, 'Create New').click();
    await dialog(page).getByLabel('Name', { exact: true }).fill(names.root);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).getByText(CategoryMessages.nameTaken).waitFor();
    await dialog(page).getByText('Validation Errors').waitFor();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    // Rename the child.
    await page.getByRole('button', { name: `Edit ${names.child}` }).click();
    await dialog(page)
      .getByText(/Edit Category #\d+/)
      .waitFor();
    expect(await dialog(page).getByLabel('Name', { exact: true }).inputValue()).toBe(names.child);
    await dialog(page).getByLabel('Name', { exact: true }).fill(names.renamed);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await seeToast(page, 'Updated!');
    await page.getByTestId('category-node').filter({ hasText: names.renamed }).waitFor();

    // A category with a subcategory cannot go: the 409's reason is shown in the dialog.
    await page.getByRole('button', { name: `Delete ${names.root}` }).click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    const inUse = categoryInUseMessage({ children: 1, emailLists: 0, offers: 0, unsubscribers: 0 })!;
    await dialog(page).getByText(`Request failed: ${inUse}`).waitFor();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: `Delete ${names.spare}` }).click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await seeToast(page, 'Deleted successfully!');
    await page.getByTestId('category-node').filter({ hasText: names.spare }).waitFor({ state: 'detached' });
    expect(await page.getByTestId('category-node').allInnerTexts()).toEqual([names.root, names.renamed]);

    // Folding a node hides its children; unfolding shows them again (antd ignores folding while the
    // tree still animates the removal).
    await page.locator('.ant-tree-treenode-motion').waitFor({ state: 'detached' });
    await page.locator('.ant-tree-switcher').first().click();
    await page.getByTestId('category-node').filter({ hasText: names.renamed }).waitFor({ state: 'hidden' });
    await page.locator('.ant-tree-switcher').first().click();
    await page.getByTestId('category-node').filter({ hasText: names.renamed }).waitFor();
    await page.mouse.move(0, 0);
    await shotBoth(page, 'categories');
    await context.close();
  });
});
