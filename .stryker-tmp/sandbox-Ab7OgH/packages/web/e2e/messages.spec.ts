// @ts-nocheck
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, dialog, fieldError, seeToast, selectOption, shotBoth, signIn } from './ui.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

/** Picks an option of a tag picker (a Select whose value stays empty). */
const insertTag = async (page: Page, picker: 'Static Content' | 'Dynamic Content', option: string) => {
  await page.getByRole('combobox', { name: picker, exact: true }).click();
  await page.getByRole('combobox', { name: picker, exact: true }).fill(option);
  await selectOption(page, option).click();
};

describe('messages and tags', () => {
  test('create tags, write a message with tags inserted at the cursor, preview it in a new window, archive it', async () => {
    const { page, context } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);

    // Dynamic content: two tags, with the spec's messages.
    await page.goto('/tags');
    await page.getByText('Nothing to show.').waitFor();
    await button(page, 'Add Tag').click();
    await page.waitForURL('**/tags/create');
    await button(page, 'Save').click();
    await fieldError(page, 'Tag Name is required.').waitFor();
    await fieldError(page, 'Tag Content is required.').waitFor();
    await page.getByLabel('Tag Name', { exact: true }).fill('greeting');
    await page.getByLabel('Content', { exact: true }).fill('Howdy\n\n');
    await button(page, 'Save').click();
    await seeToast(page, 'Tag greeting added successfully!');
    await page.waitForURL('**/tags');
    await button(page, 'Add Tag').click();
    await page.waitForURL('**/tags/create');
    await page.getByLabel('Tag Name', { exact: true }).fill('deal');
    await page.getByLabel('Content', { exact: true }).fill('half price');
    await button(page, 'Save').click();
    await seeToast(page, 'Tag deal added successfully!');
    await page.waitForURL('**/tags');
    await page.getByText('Total: 2').waitFor();
    await shotBoth(page, 'tags');

    // A new message starts with an empty HTML document.
    await page.goto('/messages');
    await page.getByText('Nothing to show.').waitFor();
    await button(page, 'Add Message').click();
    await page.waitForURL('**/messages/create');
    const content = page.getByLabel('Message HTML Content', { exact: true });
    expect(await content.inputValue()).toContain('<!DOCTYPE html>');
    await page.getByLabel('Message Name', { exact: true }).fill('Spring sale');

    // Subject: type, then insert a dynamic tag at the start and a static tag at the end.
    const subject = page.getByLabel('Message Subject', { exact: true });
    await subject.fill(', this is for you');
    await subject.press('Home');
    await insertTag(page, 'Dynamic Content', 'greeting');
    await subject.press('End');
    await insertTag(page, 'Static Content', '[name]');
    expect(await subject.inputValue()).toBe('{greeting}, this is for you[name]');

    // Content: replace the body, put the cursor inside the paragraph and insert there.
    await content.fill('<html><body><p>Dear , get  now.</p></body></html>');
    await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(20, 20));
    await insertTag(page, 'Static Content', '[name]');
    await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(32, 32));
    await insertTag(page, 'Dynamic Content', 'deal');
    expect(await content.inputValue()).toBe('<html><body><p>Dear [name], get {deal} now.</p></body></html>');
    await shotBoth(page, 'message-form');

    // Preview in a new window: the sample recipient and the tags' values.
    const [popup] = await Promise.all([context.waitForEvent('page'), button(page, 'Preview').click()]);
    const frame = popup.frameLocator('iframe');
    await frame.getByText('Dear John, get half price now.').waitFor();
    await expect.poll(() => popup.title()).toBe('Howdy, this is for youJohn');
    await popup.close();

    await button(page, 'Save').click();
    await seeToast(page, 'Added successfully!');
    await page.waitForURL('**/messages');
    await page.getByText('Total: 1').waitFor();
    await shotBoth(page, 'messages');

    // Archive: it leaves Current and shows under Archive with its date.
    await page.getByRole('button', { name: 'Archive message Spring sale' }).click();
    await dialog(page)
      .locator('.ant-modal-confirm-title', { hasText: 'Are you sure you want to move it to the archive?' })
      .waitFor();
    await dialog(page).getByRole('button', { name: 'Archive' }).click();
    await seeToast(page, 'Archived successfully!');
    await page.getByText('Nothing to show.').waitFor();
    await page.getByLabel('Archive status', { exact: true }).click();
    await selectOption(page, 'Archive').click();
    await button(page, 'Search').click();
    await page.getByText('Total: 1').waitFor();
    await page.getByRole('columnheader', { name: 'Archive date' }).waitFor();
    expect(await page.getByRole('button', { name: 'Archive message Spring sale' }).count()).toBe(0);
    expect((await h.sql(`select archive is not null as a from messages where name = 'Spring sale'`)).rows[0].a).toBe(
      true,
    );
  });
});
