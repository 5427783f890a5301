// @ts-nocheck
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, columnTexts, dialog, fieldError, seeToast, selectOption, shotBoth, signIn } from './ui.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const pick = async (page: Page, label: string, option: string) => {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await selectOption(page, option).click();
};

describe('links and link groups', () => {
  test('create typed groups and their links (a link without [uuid] refused), list a group’s links, delete', async () => {
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);

    await page.goto('/link-groups');
    await page.getByText('Nothing to show.').waitFor();
    for (const [type, name] of [
      ['Offer', 'Offer hosts'],
      ['Pixel', 'Pixel hosts'],
    ]) {
      await button(page, 'Add Group').click();
      await page.waitForURL('**/link-groups/create');
      if (name === 'Offer hosts') {
        await button(page, 'Save').click();
        await fieldError(page, 'Type is required.').waitFor();
        await fieldError(page, 'Group Name is required.').waitFor();
      }
      await pick(page, 'Type', type!);
      await page.getByText(type === 'Offer' ? '/t/c/[uuid]/[junk]' : '/t/o/[uuid]/[junk]').waitFor();
      await page.getByLabel('Group Name', { exact: true }).fill(name!);
      await button(page, 'Save').click();
      await seeToast(page, 'Added successfully!');
      await page.waitForURL('**/link-groups');
    }
    await page.getByText('Total: 2').waitFor();

    // Links: the owner first (administrator), then one of their groups.
    await page.goto('/links/create');
    await pick(page, 'Owner', 'admin');
    await pick(page, 'Group', 'Offer hosts (offer)');
    await page.getByLabel('URL', { exact: true }).fill('https://trk.example.com/t/c/');
    await button(page, 'Save').click();
    await fieldError(page, 'The URL must hold [uuid]: without it nothing could be tracked through the link.').waitFor();
    await page.getByLabel('URL', { exact: true }).fill('https://trk.example.com/t/c/[uuid]/[junk]');
    await shotBoth(page, 'link-form');
    await button(page, 'Save').click();
    await seeToast(page, 'Added successfully!');
    await page.waitForURL('**/links');
    await page.goto('/links/create');
    await pick(page, 'Owner', 'admin');
    await pick(page, 'Group', 'Pixel hosts (pixel)');
    await page.getByLabel('URL', { exact: true }).fill('https://px.example.com/t/o/[uuid]');
    await button(page, 'Save').click();
    await seeToast(page, 'Added successfully!');
    await page.waitForURL('**/links');
    await page.getByText('Total: 2').waitFor();
    await shotBoth(page, 'links');

    // A group's Links button opens the list fixed to that group.
    await page.goto('/link-groups');
    await page.getByRole('button', { name: 'Links of group Pixel hosts' }).click();
    await page.waitForURL('**/links/by_group/*');
    await page.getByText('Total: 1').waitFor();
    expect(await columnTexts(page, 'URL')).toEqual(['https://px.example.com/t/o/[uuid]']);
    expect(await page.getByRole('combobox', { name: 'Group', exact: true }).isDisabled()).toBe(true);
    await shotBoth(page, 'link-groups-links');

    // Deleting a group takes its links with it.
    await page.goto('/link-groups');
    await page.getByRole('button', { name: 'Delete group Offer hosts' }).click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: 'Are you sure you want to delete?' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await seeToast(page, 'Deleted successfully!');
    await page.getByText('Total: 1').waitFor();
    expect((await h.sql('select count(*)::int as n from links')).rows[0].n).toBe(1);
  });
});
