import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { tempFiles } from './temp-files.ts';
import { button, columnTexts, dialog, fieldError, seeToast, shotBoth, signIn, toast } from './ui.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const csv = tempFiles('pmta-');

describe('PMTA servers', () => {
  test('create one through the form, then upload servers and servers with relays and watch them finish', async () => {
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/pmta-servers');
    await page.getByText('Nothing to show.').waitFor();
    await button(page, 'Add Server').click();
    await page.waitForURL('**/pmta-servers/create');
    // The spec's defaults, and its messages.
    expect(await page.getByLabel('PMTA HTTP Port', { exact: true }).inputValue()).toBe('8080');
    expect(await page.getByLabel('SMTP Port', { exact: true }).inputValue()).toBe('3535');
    expect(await page.getByLabel('Server Username', { exact: true }).inputValue()).toBe('root');
    // Issue 38: what the relays' speed means for a campaign, and it follows the field.
    await page.getByText('10,000 recipients take about 6.9 days on one relay, 16.7 hours on ten.').waitFor();
    await page.getByLabel('Relay Normal Speed', { exact: true }).fill('6');
    await page.getByText('At 6 s a message one relay sends 600 an hour, 14,400 a day').waitFor();
    await page.getByLabel('Relay Normal Speed', { exact: true }).fill('60');
    await page.getByLabel('Server Name', { exact: true }).fill('pmta-1');
    await page.getByLabel('Server IP', { exact: true }).fill('203.0.113');
    await page.getByLabel('Server Username', { exact: true }).fill('abc');
    await button(page, 'Save').click();
    await fieldError(page, 'Server IP must be an valid IP address.').waitFor();
    await fieldError(page, 'Server Username must be at least 4 characters.').waitFor();
    await fieldError(page, 'IP List is required.').waitFor();
    await page.getByLabel('Server IP', { exact: true }).fill('203.0.113.10');
    await page.getByLabel('Server Username', { exact: true }).fill('root');
    await page.getByLabel('IP List', { exact: true }).fill('127.0.0.1');
    await shotBoth(page, 'pmta-server-create');
    await button(page, 'Save').click();
    await seeToast(page, 'Added successfully!');
    await page.waitForURL('**/pmta-servers');
    expect(await columnTexts(page, 'Name')).toEqual(['pmta-1']);

    // Uploads: servers alone, then servers with their relays (into a group made through the API).
    const group = await h.sql(`insert into pmta_relay_groups (name, user_id) values ('Upload group', 1) returning id`);
    await button(page, 'Add Server').click();
    const cards = page.locator('.ant-card-small', { hasText: 'Upload Servers' });
    await cards
      .filter({ hasNotText: 'With Relays' })
      .locator('input[type=file]')
      .setInputFiles(
        csv('servers.csv', 'name:serverIp:ipList\npmta-2:203.0.113.11:127.0.0.1\npmta-3:203.0.113.12:127.0.0.1\n'),
      );
    await toast(page, 'File servers.csv processing completed! Created 2 servers.').waitFor();
    const withRelays = [
      'name:serverIp:ipList:relayGroupId:relayHost:relayIp:senderEmail',
      `pmta-4:203.0.113.13:127.0.0.1:${group.rows[0].id}:mta1.example.com:198.51.100.1:news@example.com`,
      `pmta-4:203.0.113.13:127.0.0.1:${group.rows[0].id}:mta2.example.com:198.51.100.2:news@example.com`,
    ].join('\n');
    await page
      .locator('.ant-card-small', { hasText: 'Upload Servers With Relays' })
      .locator('input[type=file]')
      .setInputFiles(csv('with-relays.csv', withRelays));
    await toast(page, 'File with-relays.csv processing completed! Created 1 servers.').waitFor();
    await shotBoth(page, 'pmta-server-uploads');
    await page.goto('/pmta-servers');
    await page.getByText('Total: 4').waitFor();
    expect((await h.sql('select count(*)::int as n from pmta_relays')).rows[0].n).toBe(2);
    await shotBoth(page, 'pmta-servers');

    // The edit page: the console's SSH key to authorize, and the host operations of a server that is down
    // (nothing listens on its SSH port: the answer comes at once, in the error style).
    const pmta1 = await h.sql(
      `update pmta_servers set server_ip = '127.0.0.1', ssh_port = 1 where name = 'pmta-1' returning id`,
    );
    await page.goto(`/pmta-servers/${pmta1.rows[0].id}/edit`);
    await page
      .getByTestId('ssh-public-key')
      .getByText(/^ssh-ed25519 \S+ console(-user\d+)?@pmta$/)
      .waitFor();
    await button(page, 'Check software readiness').click();
    await dialog(page)
      .getByText(/^Error: cannot connect to pmta-1 \(127\.0\.0\.1:1\): connection refused\.$/)
      .waitFor();
    await button(page, 'OK').click();
    await button(page, 'Upload config to the server').click();
    await dialog(page)
      .filter({ hasText: 'Oops...' })
      .getByText(/connection refused/)
      .waitFor();
    await shotBoth(page, 'pmta-server-edit-operations');
  });
});
