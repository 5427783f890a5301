import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ADMIN, type Harness } from './harness.ts';
import { createServerOnSim, pmtaJourney, type SimProcess } from './pmta-sim.ts';
import { button, choose, columnTexts, dialog, seeToast, shotBoth, signIn } from './ui.ts';

let h: Harness;
let sim: SimProcess;
pmtaJourney((j) => ({ h, sim } = j));

const LABELS = [
  'Online via SSH',
  'PMTA service',
  'Statistics over HTTP',
  'Campaign status',
  'Config upload',
  'Queue occupancy',
  'Links on port 9999',
];
/** The icons' names of the row of `server`, left to right. */
const icons = (page: Page, server: string) =>
  page
    .locator('.ant-table-tbody tr', { hasText: server })
    .locator('[role=img][aria-label*=": "]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

describe('PMTA Trouble Report', () => {
  test('a healthy server has no trouble; stopped, Recheck shows it offline', async () => {
    // Another user's server, down (nothing listens on port 1): the administrator's User filter.
    await h.sql(
      `insert into users (username, email, password_hash, is_active) values ('ops', 'ops@example.com', 'x', true)`,
    );
    await h.sql(
      `insert into pmta_servers (name, server_ip, ip_list, user_id, ssh_port, pmta_http_port)
       select 'ops-down', '127.0.0.1', '127.0.0.1', id, 1, 1 from users where username = 'ops'`,
    );

    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    // The server on the simulator process, through the form.
    const id = await createServerOnSim(h, page, sim, 'sim-trouble');
    await page.goto(`/pmta-servers/${id}/edit`);
    await button(page, 'Upload config to the server').click();
    await seeToast(page, 'The config was uploaded and PowerMTA reloaded it.');

    // The report: nothing until Get; the Help panel names every check.
    await page.goto('/pmta-trouble-report');
    await page.getByText('Click on "Get" to get the data.').waitFor();
    await page.getByText('Help', { exact: true }).click();
    for (const label of LABELS) await page.locator('.trouble-help dt', { hasText: label }).waitFor();
    await page.getByText('more than 10,000 recipients queued on the server').waitFor();
    await shotBoth(page, 'pmta-trouble-report-help');
    await page.getByText('Help', { exact: true }).click();
    await page.locator('.trouble-help').waitFor({ state: 'hidden' });
    await button(page, 'Get').click();
    await expect.poll(() => columnTexts(page, 'Name')).toEqual(['ops-down', 'sim-trouble']);
    expect(await icons(page, 'sim-trouble')).toEqual(LABELS.map((l) => `${l}: ok`));
    expect(await icons(page, 'ops-down')).toEqual([
      'Online via SSH: trouble',
      'PMTA service: not checked',
      'Statistics over HTTP: trouble',
      'Campaign status: ok',
      'Config upload: not checked',
      'Queue occupancy: not checked',
      'Links on port 9999: ok',
    ]);
    expect(await page.getByRole('link', { name: 'sim-trouble' }).getAttribute('href')).toBe(`/pmta-servers/${id}/edit`);
    await shotBoth(page, 'pmta-trouble-report');

    // Sorted by name on the server (ascending, then descending); then one user's servers only.
    const nameHeader = page.locator('.ant-table-thead th', { hasText: 'Name' });
    await nameHeader.click();
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await nameHeader.click();
    await expect.poll(() => columnTexts(page, 'Name')).toEqual(['sim-trouble', 'ops-down']);
    await choose(page, 'User', 'ops');
    await button(page, 'Get').click();
    await expect.poll(() => columnTexts(page, 'Name')).toEqual(['ops-down']);
    await page.goto('/pmta-trouble-report');
    await button(page, 'Get').click();
    await expect.poll(() => columnTexts(page, 'Name')).toEqual(['ops-down', 'sim-trouble']);

    await page.getByRole('button', { name: 'Recheck sim-trouble' }).click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: 'No trouble' }).waitFor();
    await dialog(page).getByText(`#${id} sim-trouble (127.0.0.1): every check passed.`).waitFor();
    await shotBoth(page, 'pmta-trouble-report-no-trouble');
    await button(page, 'OK').click();
    await dialog(page).waitFor({ state: 'detached' });

    // The server goes down: Recheck finds it at once.
    await sim.stop();
    await page.getByRole('button', { name: 'Recheck sim-trouble' }).click();
    const popup = dialog(page);
    await popup.locator('.ant-modal-confirm-title', { hasText: 'Existing PMTA troubles' }).waitFor();
    await popup
      .locator('li', { hasText: 'Online via SSH' })
      .getByText(/connection refused\.$/)
      .waitFor();
    await popup
      .locator('.not-checked-list li', { hasText: 'PMTA service: the server cannot be reached over SSH.' })
      .waitFor();
    await shotBoth(page, 'pmta-trouble-report-troubles');
    await button(page, 'OK').click();
    await expect
      .poll(() => icons(page, 'sim-trouble'))
      .toEqual([
        'Online via SSH: trouble',
        'PMTA service: not checked',
        'Statistics over HTTP: trouble',
        'Campaign status: ok',
        'Config upload: not checked',
        'Queue occupancy: not checked',
        'Links on port 9999: ok',
      ]);
  });
});
