// @ts-nocheck
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { passwordsIdentical } from '@console/shared/fields';
import { SocksMessages } from '@console/shared/socks-proxies';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, failureScreenshot, fieldError, hoverUntil, openMenu, shot, shotBoth, signIn } from './ui.ts';

/*
 * Issue 22 section 3 as an operator meets it on screen, photographed at 1400 and 1000 px
 * (screenshots/first-hour-*): the Register form's messages, the socks port's range, Mail Service Settings
 * in the sidebar, the campaign type named by the Uuid Decoder.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});
afterEach(failureScreenshot('first-hour-screens'));

describe('issue 22 section 3 on screen', () => {
  test('Register: an address without a dotted domain, confirmation unlike the password', async () => {
    const { page, context } = await h.open(1400);
    await page.goto('/register');
    await page.getByLabel('Username', { exact: true }).fill('op1');
    await page.getByLabel('Email', { exact: true }).fill('op1@example');
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await page.getByLabel('Confirm password', { exact: true }).fill('secret-pass-2');
    await button(page, 'Sign up').click();
    await fieldError(page, 'Invalid email.').waitFor();
    await fieldError(page, passwordsIdentical.message).waitFor();
    // No sidebar here: both widths by hand.
    await shot(page, 'first-hour-register-1400');
    await page.setViewportSize({ width: 1000, height: 900 });
    await fieldError(page, 'Invalid email.').waitFor();
    await shot(page, 'first-hour-register-1000');
    await context.close();
  });

  test('signed in: the socks port range, the sidebar entry, the decoder', async () => {
    const { page, context } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);

    await page.goto('/socks-proxies/create');
    await page.getByLabel('IP', { exact: true }).fill('198.51.100.7');
    await page.getByLabel('Port', { exact: true }).fill('99999');
    await button(page, 'Save').click();
    await fieldError(page, SocksMessages.portRange).waitFor();
    await shotBoth(page, 'first-hour-socks-port');

    // In the Admin group beside the PMTA configuration; at 1000 px the folded sidebar shows it on hover.
    await page.goto('/home');
    await openMenu(page, 'Admin');
    const entry = page.getByRole('link', { name: 'Mail Service Settings', exact: true });
    await entry.waitFor();
    await page.getByRole('menuitem', { name: 'PMTA Configuration' }).waitFor();
    await shot(page, 'first-hour-sidebar-1400');
    await entry.click();
    await page.waitForURL('**/mail-service-settings');
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    await hoverUntil(
      page,
      page.getByRole('menuitem', { name: 'Admin' }),
      page.locator('.ant-menu-submenu-popup:visible').getByText('Mail Service Settings'),
    );
    await page.waitForTimeout(300); // the pop-up's slide-in
    await shot(page, 'first-hour-sidebar-1000');
    await page.mouse.move(600, 890);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor();

    await page.goto('/tools/uuid-decoder');
    const encode = page.getByRole('form', { name: 'Encode' });
    await encode.getByLabel('Campaign Type', { exact: true }).fill('1');
    await encode.getByLabel('Campaign ID', { exact: true }).fill('7');
    await encode.getByLabel('Relay ID', { exact: true }).fill('3');
    await encode.getByLabel('Email ID', { exact: true }).fill('11');
    await button(page, 'Encode').click();
    const uuid = (await page.locator('[aria-label="Encoded"] code').textContent())!.trim();
    const decode = page.getByRole('form', { name: 'Decode' });
    await decode.getByLabel('UUID', { exact: true }).fill(uuid);
    await button(page, 'Decode').click();
    const type = page.locator('[aria-label="Decoded"] tr', { hasText: 'Campaign Type' }).locator('td');
    // The number and the kind it names (which number names which kind is the tools journey's check).
    expect(await type.textContent()).toMatch(/^1 \((PMTA|SMTP)\)$/);
    await shotBoth(page, 'first-hour-uuid-decoder');
    await context.close();
  });
});
