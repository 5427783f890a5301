import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ADMIN, type Harness } from './harness.ts';
import { pmtaJourney, serverWithRelay, type SimProcess } from './pmta-sim.ts';
import { button, choose, columnTexts, dialog, fieldError, seeToast, shotBoth, signIn } from './ui.ts';

let h: Harness;
let sim: SimProcess;
let token: string;
pmtaJourney((j) => ({ h, sim, token } = j));

const config = () => fs.readFileSync(path.join(sim.root, 'etc/pmta/config'), 'utf8');
/** The rows' dots, top to bottom: true for green (synchronised). */
const dots = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('[data-synced]')].map((d) => d.getAttribute('data-synced')));
async function expectDots(page: Page, expected: string[]) {
  await expect.poll(() => dots(page), { timeout: 15_000 }).toEqual(expected);
}
const selectRow = (page: Page, name: string) => page.getByRole('checkbox', { name: `Select ${name}` }).check();

describe('PMTA speeds', () => {
  test('a speed in read mode, synced; in write mode, synced onto the server; deleted', async () => {
    const { serverId, relayId } = await serverWithRelay(h, sim, 'sim-speeds', {
      host: 'mta1.speeds.example',
      ip: '10.50.0.1',
    });
    // The relay's VMTA on the server (its own speed: one message per 60 s), as the server page's upload does.
    expect((await h.api(`/pmta_servers/${serverId}/config_upload`, { method: 'POST', token })).status).toBe(204);

    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/pmta-speeds');
    await page.getByText('No PMTA Speeds').waitFor();

    // Create: the spec's messages, then a read-mode speed (speed left at 0).
    await button(page, 'Add Speed').click();
    await page.waitForURL('**/pmta-speeds/create');
    await button(page, 'Save').click();
    await fieldError(page, 'Pmta Relay is required').waitFor();
    await fieldError(page, 'Mail Service is required.').waitFor();
    await shotBoth(page, 'pmta-speed-create-errors');
    await choose(page, 'Pmta Relays', 'mta1.speeds.example');
    await page.keyboard.press('Escape');
    await choose(page, 'Mail Service', 'Gmail');
    await button(page, 'Save').click();
    await seeToast(page, 'Added successfully!');
    await page.waitForURL('**/pmta-speeds');
    await expect.poll(() => columnTexts(page, 'PMTA Relay')).toEqual(['mta1.speeds.example']);
    expect(await columnTexts(page, 'Local Value')).toEqual(['Read mode']);
    expect(await columnTexts(page, 'Remote Value')).toEqual(['—']);
    await expectDots(page, ['false']);

    // Sync in read mode: the rate PMTA applies for gmail.com on the relay's VMTA, and a green dot.
    await selectRow(page, 'mta1.speeds.example Gmail');
    await button(page, 'Sync').click();
    await seeToast(page, 'Sync successfully!');
    await expect.poll(() => columnTexts(page, 'Remote Value')).toEqual(['60/h']);
    await expectDots(page, ['true']);
    expect((await columnTexts(page, 'Remote Time (UTC)'))[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    await shotBoth(page, 'pmta-speeds-read');

    // Edit to write mode: relay and service read-only; the dot turns yellow until the next sync.
    await page.getByRole('button', { name: 'Edit speed mta1.speeds.example Gmail' }).click();
    await page.waitForURL('**/pmta-speeds/*');
    expect(await page.getByLabel('Pmta Relay', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Mail Service', { exact: true }).isDisabled()).toBe(true);
    await page.getByLabel('Speed', { exact: true }).fill('500');
    await shotBoth(page, 'pmta-speed-edit');
    await button(page, 'Save').click();
    await seeToast(page, 'Updated!');
    await page.waitForURL('**/pmta-speeds');
    await expect.poll(() => columnTexts(page, 'Local Value')).toEqual(['500/h']);
    await expectDots(page, ['false']);
    expect(config()).not.toContain('500/h');

    await selectRow(page, 'mta1.speeds.example Gmail');
    await button(page, 'Sync').click();
    await seeToast(page, 'Sync successfully!');
    await expect.poll(() => columnTexts(page, 'Remote Value')).toEqual(['500/h']);
    await expectDots(page, ['true']);
    expect(config()).toMatch(
      new RegExp(`<virtual-mta vmta-${relayId}>[^]*<domain gmail\\.com>\\n\\s+max-msg-rate 500/h`),
    );
    await shotBoth(page, 'pmta-speeds-write');

    // More than 3 speeds: the spec's warning before a manual sync.
    await h.sql(
      `insert into pmta_speeds (relay_id, mail_provider_id, local_value, local_time)
       select $1, id, 0, now() from mail_providers where name in ('Yahoo', 'Outlook', 'AOL')`,
      [relayId],
    );
    await page.reload();
    await expect.poll(() => columnTexts(page, 'Mail Service')).toHaveLength(4);
    await page.locator('thead .ant-checkbox-input').check();
    await button(page, 'Sync').click();
    await dialog(page)
      .getByText('Dont use this for more than 3 speeds! -Just wait for the automatic update (about 30 minutes).')
      .waitFor();
    await shotBoth(page, 'pmta-speeds-sync-warning');
    await button(page, 'Cancel').click();

    // Delete the write-mode speed: its rate leaves the server's file.
    await page.getByRole('button', { name: 'Delete speed mta1.speeds.example Gmail' }).click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: 'Are you sure you want to delete?' }).waitFor();
    await button(page, 'Confirm').click();
    await seeToast(page, 'Speed has been deleted.');
    await expect.poll(() => columnTexts(page, 'Mail Service')).not.toContain('Gmail');
    expect(config()).not.toContain('500/h');
  });
});
