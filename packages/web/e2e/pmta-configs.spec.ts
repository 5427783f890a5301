import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ADMIN, type Harness } from './harness.ts';
import { pmtaJourney, type SimProcess } from './pmta-sim.ts';
import { button, choose, columnTexts, dialog, fieldError, seeToast, selectOption, shotBoth, signIn } from './ui.ts';

let h: Harness;
let sim: SimProcess;
pmtaJourney((j) => ({ h, sim } = j));

const simPath = (p: string) => path.join(sim.root, p);
const config = () => fs.readFileSync(simPath('etc/pmta/config'), 'utf8');
const SERVER_FILE = '# Slower to example.org\n<domain example.org>\n  max-msg-rate 100/h\n</domain>\n';
const RELAY_FILE = '<domain example.net>\n  max-smtp-out 3\n</domain>\n';

/** Picks an option of a plain (not searchable) antd Select by its label. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await selectOption(page, option).click();
}
/** The Version column once it shows `expected` (the upload job runs in the server's worker). */
async function versions(page: Page, expected: string[]) {
  await expect.poll(() => columnTexts(page, 'Version'), { timeout: 30_000 }).toEqual(expected);
}

describe('PMTA configs and applied configs', () => {
  test('config files: the form, a refused file naming its line, the list, its filters, the content window', async () => {
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/pmta-configs');
    await page.getByText('No PMTA config files.').waitFor();

    // The form's rules, then the server's check of the file naming its line.
    await button(page, 'Add Config').click();
    await page.getByRole('heading', { name: 'Create PMTA Config' }).waitFor();
    await button(page, 'Save').click();
    for (const text of ['Name is required.', 'Type is required.', 'File is required.']) {
      await fieldError(page, text).waitFor();
    }
    await shotBoth(page, 'pmta-config-form-required');
    await page.getByLabel('Name', { exact: true }).fill('Server tuning');
    await pick(page, 'Type', 'Servers');
    const file = page.locator('input[type=file]');
    await file.setInputFiles({ name: 'bad.conf', mimeType: 'text/plain', buffer: Buffer.from('# x\nbogus yes\n') });
    await button(page, 'Save').click();
    await page.getByRole('alert').getByText('File: Line 2: unknown directive "bogus" at the top level').waitFor();
    await shotBoth(page, 'pmta-config-form-refused');
    await file.setInputFiles({ name: 'server.conf', mimeType: 'text/plain', buffer: Buffer.from(SERVER_FILE) });
    await button(page, 'Save').click();
    await seeToast(page, 'PMTA config has been created.');
    await page.waitForURL('**/pmta-configs');

    await button(page, 'Add Config').click();
    await page.getByRole('heading', { name: 'Create PMTA Config' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Relay tuning');
    await pick(page, 'Type', 'Relays');
    await file.setInputFiles({ name: 'relay.conf', mimeType: 'text/plain', buffer: Buffer.from(RELAY_FILE) });
    await button(page, 'Save').click();
    await seeToast(page, 'PMTA config has been created.');
    await expect.poll(() => columnTexts(page, 'Name')).toEqual(['Relay tuning', 'Server tuning']);
    expect(await columnTexts(page, 'Type')).toEqual(['Relays', 'Servers']);
    await shotBoth(page, 'pmta-configs');

    // Filter by type; the content opens in a new window.
    await pick(page, 'Type', 'Servers');
    await button(page, 'Search').click();
    await expect.poll(() => columnTexts(page, 'Name')).toEqual(['Server tuning']);
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'View content of Server tuning' }).click();
    const win = await popup;
    await win.getByText('max-msg-rate 100/h').waitFor();
    expect(await win.locator('pre').textContent()).toBe(SERVER_FILE);
    await win.close();
  });

  test('Apply to a server and a relay, the uploads, Reset version, bulk Delete, a config deleted', async () => {
    const server = await h.sql(
      `insert into pmta_servers (name, server_ip, ip_list, user_id, ssh_port, pmta_http_port, smtp_port)
       values ('sim-configs', '127.0.0.1', '127.0.0.1', 1, $1, $2, $3) returning id`,
      [sim.sshPort, sim.httpPort, sim.smtpPort],
    );
    const serverId = server.rows[0].id as number;
    const group = await h.sql(`insert into pmta_relay_groups (name, user_id) values ('configs group', 1) returning id`);
    const relay = await h.sql(
      `insert into pmta_relays (user_id, group_id, pmta_server_id, smtp_host, ip, sender_email, active)
       values (1, $1, $2, 'mta1.configs.example', '10.40.0.1', 'news@configs.example', true) returning id`,
      [group.rows[0].id, serverId],
    );
    const relayId = relay.rows[0].id as number;
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);

    // Apply: the rules, then type -> config -> owner -> recipients.
    await page.goto('/applied-pmta-configs');
    await page.getByText('No applied configs.').waitFor();
    await button(page, 'Apply Config').click();
    await page.getByRole('heading', { name: 'Apply PMTA Config' }).waitFor();
    await button(page, 'Apply').click();
    for (const text of ['Type is required.', 'Config is required.', 'Recipient is required']) {
      await fieldError(page, text).waitFor();
    }
    expect(await page.getByLabel('Recipient owner', { exact: true }).isDisabled()).toBe(true);
    await pick(page, 'Type', 'Servers');
    await choose(page, 'Config', 'Server tuning');
    await choose(page, 'Recipient owner', 'admin');
    await choose(page, 'Recipients', 'sim-configs');
    await shotBoth(page, 'pmta-config-apply');
    await button(page, 'Apply').click();
    await seeToast(page, 'Applied successfully!');
    await page.waitForURL('**/applied-pmta-configs');
    await versions(page, ['1']);
    expect(config()).toMatch(/include \/etc\/pmta\/console\/config-\d+\.conf\s*$/);

    await button(page, 'Apply Config').click();
    await page.getByRole('heading', { name: 'Apply PMTA Config' }).waitFor();
    await pick(page, 'Type', 'Relays');
    await choose(page, 'Config', 'Relay tuning');
    await choose(page, 'Recipient owner', 'admin');
    await choose(page, 'Recipients', 'mta1.configs.example');
    await button(page, 'Apply').click();
    await seeToast(page, 'Applied successfully!');
    await versions(page, ['1', '1']);
    expect(await columnTexts(page, 'Recipient')).toEqual([
      'mta1.configs.example (10.40.0.1)on sim-configs',
      'sim-configs',
    ]);
    expect(config()).toMatch(
      new RegExp(`<virtual-mta vmta-${relayId}>\\n[^\\n]+\\n  include /etc/pmta/console/config-`),
    );
    await shotBoth(page, 'applied-pmta-configs');

    // Reset version: the file on the server was changed behind the console's back; the upload puts it back.
    const serverFile = fs
      .readdirSync(simPath('etc/pmta/console'))
      .map((n) => path.join(simPath('etc/pmta/console'), n))
      .find((p) => p.endsWith('.conf') && fs.readFileSync(p, 'utf8') === SERVER_FILE)!;
    fs.writeFileSync(serverFile, '# tampered\n');
    const serverRow = (await columnTexts(page, 'ID'))[1]!;
    await page.getByRole('button', { name: `Reset version of applied config ${serverRow}` }).click();
    await dialog(page)
      .locator('.ant-modal-confirm-title', { hasText: 'Are you sure you want to reset current version?' })
      .waitFor();
    await button(page, 'Reset').click();
    await seeToast(page, 'Reset successfully!');
    await versions(page, ['1', '1']);
    await expect.poll(() => fs.readFileSync(serverFile, 'utf8'), { timeout: 30_000 }).toBe(SERVER_FILE);

    // Both rows at once: Delete takes them out of the configuration, then the rows and the files.
    await page.getByRole('checkbox', { name: `Select applied config ${serverRow}` }).check();
    await page.getByRole('checkbox', { name: `Select applied config ${(await columnTexts(page, 'ID'))[0]}` }).check();
    await page.getByRole('region', { name: 'Selection' }).getByText('2 selected').waitFor();
    await shotBoth(page, 'applied-pmta-configs-selected');
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Delete' }).click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: 'Are you sure you want to delete?' }).waitFor();
    await button(page, 'Confirm').click();
    await seeToast(page, 'Deleted successfully!');
    await page.getByText('No applied configs.').waitFor();
    expect(config()).not.toContain('include /etc/pmta/console/');
    expect(fs.readdirSync(simPath('etc/pmta/console')).filter((n) => n.endsWith('.conf'))).toEqual([]);

    // A config file goes with the spec's words.
    await page.goto('/pmta-configs');
    await page.getByRole('button', { name: 'Delete config Relay tuning' }).click();
    await button(page, 'Confirm').click();
    await seeToast(page, 'Pmta Config File has been deleted.');
    await expect.poll(() => columnTexts(page, 'Name')).toEqual(['Server tuning']);
  });

  test('a server that cannot be reached: the row says why', async () => {
    const token = (await h.api<{ token: string }>('/login_check', { json: ADMIN })).body.token;
    const configs = await h.api<{ 'hydra:member': { id: number; name: string }[] }>('/pmta_configs?name=Server', {
      token,
    });
    const serverId = (await h.sql(`select id from pmta_servers where name = 'sim-configs'`)).rows[0].id as number;
    await sim.stop();
    const res = await h.api('/pmta_config/apply', {
      method: 'POST',
      token,
      json: { config: configs.body['hydra:member'][0]!.id, recipients: [serverId] },
    });
    expect(res.status).toBe(200);

    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/applied-pmta-configs');
    await page.getByTestId('not-uploaded').getByText('upload failed').waitFor({ timeout: 30_000 });
    expect((await columnTexts(page, 'Error'))[0]).toMatch(
      /^Error: cannot connect to sim-configs \(127\.0\.0\.1:\d+\): connection refused\.$/,
    );
    await shotBoth(page, 'applied-pmta-configs-failed');
  });
});
