import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGreeter, startSocks5Server, type Socks5Server } from '../../server/test/peers/socks5-server.ts';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { tempFiles } from './temp-files.ts';
import { button, columnTexts, dialog, fieldError, seeToast, shotBoth, signIn, toast } from './ui.ts';

const tempFile = tempFiles('socks-');

let h: Harness;
let proxy: Socks5Server;
let greeter: Awaited<ReturnType<typeof startGreeter>>;
beforeAll(async () => {
  greeter = await startGreeter();
  proxy = await startSocks5Server({ credentials: { login: 'e2e', password: 'e2e-pass' } });
  h = await startHarness({ env: { SOCKS_CHECK_TARGET: `127.0.0.1:${greeter.port}`, SOCKS_CHECK_TIMEOUT_MS: '3000' } });
});
afterAll(async () => {
  await h?.stop();
  await Promise.all([proxy?.close(), greeter?.close()]);
});

describe('socks proxies', () => {
  test('add a proxy and check it through a real SOCKS5 server; upload a list; remove the inactive ones', async () => {
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/socks-proxies');
    await page.getByText('Nothing to show.').waitFor();

    // Add: a validation message first, then the proxy the test runs, inactive until checked.
    await button(page, 'Add Socks').click();
    await page.waitForURL('**/socks-proxies/create');
    await page.getByPlaceholder('203.0.113.7').fill('127.0.0.300');
    await button(page, 'Save').click();
    await fieldError(page, 'Not valid IP address').waitFor();
    await fieldError(page, 'Port is required.').waitFor();
    await page.getByPlaceholder('203.0.113.7').fill('127.0.0.1');
    await page.getByLabel('Port', { exact: true }).fill(String(proxy.port));
    await page.getByLabel('Login', { exact: true }).fill('e2e');
    await page.getByLabel('Password', { exact: true }).fill('e2e-pass');
    await page.getByRole('checkbox', { name: 'Active' }).uncheck();
    await shotBoth(page, 'socks-create');
    await button(page, 'Save').click();
    await seeToast(page, 'Added successfully!');
    await page.waitForURL('**/socks-proxies');
    expect(await columnTexts(page, 'Active')).toEqual(['Inactive']);

    // Check: the proxy really carries a connection to the target; it becomes active.
    await page.getByRole('button', { name: `Check socks 127.0.0.1:${proxy.port}` }).click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: 'The proxy works' }).waitFor();
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    expect(proxy.connects).toContain(`127.0.0.1:${greeter.port}`);
    await page.getByText('Active', { exact: true }).first().waitFor();
    expect(await columnTexts(page, 'Active')).toEqual(['Active']);

    // Upload a list: the progress ends and the rows appear.
    await page.goto('/socks-proxies/create');
    const file = tempFile(
      'socks.csv',
      'ip:port:login:password\n198.51.100.1:1080\n198.51.100.2:1080:u:p\n127.0.0.1:9\n',
    );
    await page.locator('input[type=file]').setInputFiles(file);
    await toast(page, 'File socks.csv is processed! Added 3 socks.').waitFor();
    await page.goto('/socks-proxies');
    await page.getByText('Total: 4').waitFor();
    await shotBoth(page, 'socks-list');

    // A dead proxy fails its check and turns inactive; Remove Inactive Socks removes it.
    await page.getByRole('button', { name: 'Check socks 127.0.0.1:9' }).click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: 'The proxy does not work' }).waitFor();
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await button(page, 'Remove Inactive Socks').click();
    await dialog(page).locator('.ant-modal-body', { hasText: 'Remove every inactive socks proxy?' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await seeToast(page, 'Successfully removed! (1)');
    await page.getByText('Total: 3').waitFor();
  });
});
