import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ADMIN, type Harness } from './harness.ts';
import { pmtaJourney, type SimProcess } from './pmta-sim.ts';
import { button, choose, columnTexts, seeToast, selectOption, shotBoth, signIn } from './ui.ts';

let h: Harness;
let sim: SimProcess;
let token: string;
pmtaJourney((j) => ({ h, sim, token } = j));

/** The cells of one CSV line (quoted cells hold commas). */
const cells = (line: string) =>
  [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) => m[1]?.replace(/""/g, '"') ?? m[2]!);
/** The simulator's accounting records of one ENVID (header names as keys). */
function acct(envId: string): Record<string, string>[] {
  const file = path.join(sim.root, 'var/log/pmta/acct.csv');
  if (!fs.existsSync(file)) return [];
  const [header, ...lines] = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
  const names = cells(header!);
  return lines.map((l) => Object.fromEntries(cells(l).map((v, i) => [names[i], v]))).filter((r) => r.envId === envId);
}
const statuses = (page: Page) => columnTexts(page, 'Status');

describe('PMTA e-mail tests', () => {
  test('send a PMTA e-mail test and see its status change; a relay without VMTA fails; clone pre-fills', async () => {
    const id = async (sql: string, params?: unknown[]) => (await h.sql(sql, params)).rows[0].id as number;
    const serverId = await id(
      `insert into pmta_servers (name, server_ip, ip_list, user_id, ssh_port, pmta_http_port, smtp_port)
       values ('sim-tests', '127.0.0.1', '127.0.0.1', 1, $1, $2, $3) returning id`,
      [sim.sshPort, sim.httpPort, sim.smtpPort],
    );
    const group = await id(`insert into pmta_relay_groups (name, user_id) values ('g-tests', 1) returning id`);
    const relayId = await id(
      `insert into pmta_relays (user_id, group_id, pmta_server_id, smtp_host, ip, sender_email, active, normal_speed)
       values (1, $1, $2, 'mta1.tests.example', '10.30.0.1', 'news@tests.example', true, 0) returning id`,
      [group, serverId],
    );
    await id(
      `insert into pmta_relays (user_id, group_id, pmta_server_id, smtp_host, ip, sender_email, without_vmta)
       values (1, $1, $2, 'novmta.tests.example', '10.30.0.2', 'news@tests.example', true) returning id`,
      [group, serverId],
    );
    const upload = await h.api(`/pmta_servers/${serverId}/config_upload`, { method: 'POST', token });
    expect(upload.status).toBe(204);
    await id(
      `insert into messages (name, subject, content, user_id)
       values ('Welcome', 'Hello [email]', '<p>Hi, see <a href="[offer]">this</a></p>', 1) returning id`,
    );
    const category = await id(`insert into categories (name) values ('Tests') returning id`);
    await id(
      `insert into offers (name, url, category_id, user_id) values ('Shoes', 'https://shoes.example.com/?c=[click_id]', $1, 1) returning id`,
      [category],
    );

    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/pmta-email-tests');
    await page.getByText('No e-mail tests found.').waitFor();

    // The form says what is missing, in the spec's words.
    await page.getByRole('link', { name: /Create Test/ }).click();
    await page.waitForURL('**/pmta-email-tests/create');
    await button(page, 'Send').click();
    for (const text of ['Email is required.', 'Sender is required.', 'Relay is required.', 'Message is required.'])
      await page.locator('.ant-form-item-explain-error', { hasText: text }).waitFor();
    await page.locator('.ant-form-item-explain-error', { hasText: 'Offer is required.' }).waitFor();
    await shotBoth(page, 'pmta-email-test-create-errors');

    await page.getByLabel('E-mail address', { exact: true }).fill('inbox@tests.example');
    await page.getByLabel('Sender', { exact: true }).fill('Tests team');
    await choose(page, 'Relay', 'mta1.tests.example');
    await choose(page, 'Message', 'Welcome');
    await choose(page, 'Offer', 'Shoes');
    await button(page, 'Send').click();
    await seeToast(page, 'Sent!');
    await page.waitForURL('**/pmta-email-tests');
    await page.getByText('Total: 1').waitFor();
    const testId = (await h.sql(`select id from pmta_email_tests where email = 'inbox@tests.example'`)).rows[0]
      .id as number;
    expect(await columnTexts(page, 'Relay')).toEqual(['mta1.tests.example']);
    expect(await columnTexts(page, 'Owner')).toEqual(['admin']);

    // The simulator took it through the relay's VMTA with the test's ENVID and delivered it.
    await expect
      .poll(() => acct(`test-${testId}`).map((r) => [r.type, r.vmta, r.jobId]), { timeout: 15_000 })
      .toEqual([['d', `vmta-${relayId}`, `email-test-${testId}`]]);

    // 'Sent!' answered Queued; the accounting pull (every minute) brings the delivery, the row changes live.
    await expect.poll(() => statuses(page), { timeout: 90_000, interval: 1_000 }).toEqual(['Delivered']);
    await shotBoth(page, 'pmta-email-tests');

    // A relay without a VMTA on its server: saved as failed, the reason in the toast and the row.
    await page.getByRole('link', { name: /Create Test/ }).click();
    await page.getByLabel('E-mail address', { exact: true }).fill('other@tests.example');
    await page.getByLabel('Sender', { exact: true }).fill('Tests team');
    await choose(page, 'Relay', 'novmta.tests.example');
    await choose(page, 'Message', 'Welcome');
    await choose(page, 'Offer', 'Shoes');
    await button(page, 'Send').click();
    await seeToast(page, 'The test was not sent.');
    await page.getByText('Total: 2').waitFor();
    expect(await statuses(page)).toEqual(['Failed', 'Delivered']);
    expect((await columnTexts(page, 'Reason'))[0]).toMatch(/^Error: vmta-\d+ is not in the configuration of sim-tests/);

    // Filters: status, relay hostname.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await selectOption(page, 'Failed').click();
    await button(page, 'Search').click();
    await page.waitForURL('**/pmta-email-tests?status=4');
    await page.getByText('Total: 1').waitFor();
    expect(await columnTexts(page, 'E-mail')).toEqual(['other@tests.example']);
    await page.goto('/pmta-email-tests');
    await page.getByText('Total: 2').waitFor();
    await page.getByRole('textbox', { name: 'Relay hostname' }).fill('mta1');
    await button(page, 'Search').click();
    await page.waitForURL('**/pmta-email-tests?pmtaRelay.smtpHost=mta1');
    await page.getByText('Total: 1').waitFor();
    expect(await columnTexts(page, 'E-mail')).toEqual(['inbox@tests.example']);
    await page.goto('/pmta-email-tests');
    await page.getByText('Total: 2').waitFor();

    // Sorting by e-mail, then Clone: the form starts from the test.
    await page.locator('.ant-table-thead th', { hasText: 'E-mail' }).click();
    await expect.poll(() => columnTexts(page, 'E-mail')).toEqual(['inbox@tests.example', 'other@tests.example']);
    await page.getByRole('button', { name: `Clone e-mail test ${testId}` }).click();
    await page.waitForURL(`**/pmta-email-tests/create?cloneId=${testId}`);
    await expect
      .poll(() => page.getByLabel('E-mail address', { exact: true }).inputValue())
      .toBe('inbox@tests.example');
    expect(await page.getByLabel('Sender', { exact: true }).inputValue()).toBe('Tests team');
    await page.locator('.ant-select', { hasText: 'mta1.tests.example' }).waitFor();
    await page.locator('.ant-select', { hasText: 'Welcome' }).waitFor();
    await page.locator('.ant-select', { hasText: 'Shoes' }).waitFor();
    await shotBoth(page, 'pmta-email-test-clone');
  }, 240_000); // the accounting pull runs once a minute
});
