import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { recordEvents, type EventInput } from '../../server/src/tracking/events.ts';
import { ADMIN, type Harness } from './harness.ts';
import { pmtaJourney, relayOn, serverWithRelay, type SimProcess } from './pmta-sim.ts';
import { button, columnTexts, dialog, seeToast, shotBoth, signIn } from './ui.ts';

/*
 * The PMTA relay reports: a history recorded as the engine records it (recordEvents, through the
 * harness's SQL), the relays report with its filters, sorting and a relay's popup, then the mail-service
 * report with its switch, speed and description changed from the report against the simulator process.
 */

let h: Harness;
let sim: SimProcess;
let token: string;
pmtaJourney((j) => ({ h, sim, token } = j));

const config = () => fs.readFileSync(path.join(sim.root, 'etc/pmta/config'), 'utf8');
const DAY = 86_400_000;
const noon = (daysAgo: number) => new Date(Math.floor(Date.now() / DAY) * DAY - daysAgo * DAY + 12 * 3_600_000);

/** Events as the engine and the trackers record them (every counter and rollup with them). */
async function record(events: EventInput[]) {
  const client = { query: (text: string, params: unknown[]) => h.sql(text, params) } as unknown as pg.ClientBase;
  await recordEvents(client, events);
}
const many = (n: number, e: EventInput) => Array.from({ length: n }, () => e);

/** The row of the table holding `text`. */
const row = (page: Page, text: string) => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
const header = (page: Page, title: string) => page.locator('.ant-table-thead th', { hasText: title }).first();

let r1: number;
let gmail: number;
/** The history: set up once for both reports. */
async function setUp() {
  // The admin's relay on the simulator, a spare one there in another group, and another user's VPS relay
  // on a server that does not answer (port 1).
  const { serverId, relayId } = await serverWithRelay(h, sim, 'sim-reports', {
    host: 'mta1.reports.example',
    ip: '10.60.0.1',
  });
  const spare = await relayOn(h, serverId, { host: 'mta3.spare.example', ip: '10.60.0.3' });
  await h.sql(`update pmta_relays set active = false where id = $1`, [spare.relayId]); // stopped everywhere
  expect((await h.api(`/pmta_servers/${serverId}/config_upload`, { method: 'POST', token })).status).toBe(204);
  const ops = (
    await h.sql(
      `insert into users (username, email, password_hash, is_active) values ('ops', 'ops@example.com', 'x', true)
         returning id`,
    )
  ).rows[0].id as number;
  const opsServer = (
    await h.sql(
      `insert into pmta_servers (name, server_ip, ip_list, user_id, ssh_port, pmta_http_port, is_vps)
         values ('ops-vps', '127.0.0.1', '127.0.0.1', $1, 1, 1, true) returning id`,
      [ops],
    )
  ).rows[0].id as number;
  const opsGroup = (
    await h.sql(`insert into pmta_relay_groups (name, user_id) values ('Ops relays', $1) returning id`, [ops])
  ).rows[0].id as number;
  const r2 = (
    await h.sql(
      `insert into pmta_relays (user_id, group_id, pmta_server_id, smtp_host, ip, sender_email, active)
         values ($1, $2, $3, 'mta2.ops.example', '10.61.0.2', 'news@mta2.ops.example', true) returning id`,
      [ops, opsGroup, opsServer],
    )
  ).rows[0].id as number;
  r1 = relayId;
  const providers = (await h.sql(`select id, name from mail_providers where name in ('Gmail', 'Yahoo')`)).rows;
  gmail = providers.find((p) => p.name === 'Gmail')!.id as number;
  const yahoo = providers.find((p) => p.name === 'Yahoo')!.id as number;

  // PMTA campaign 41 (the admin's) and 42 (ops'); SMTP campaign 41 sends through SMTP relay number r1.
  const pmta = (campaignId: number, userId: number, relayId: number, mailProviderId: number, at: Date) =>
    ({ campaignType: 'pmta', campaignId, userId, relayId, mailProviderId, at }) as const;
  const a = (mp: number, at: Date) => pmta(41, 1, r1, mp, at);
  await record([
    ...many(5, { ...a(gmail, noon(2)), kind: 'delivered' }),
    ...many(2, { ...a(gmail, noon(2)), kind: 'bounced' }),
    ...many(3, { ...a(gmail, noon(2)), kind: 'open', first: true }),
    { ...a(gmail, noon(2)), kind: 'open' },
    ...many(2, { ...a(gmail, noon(2)), kind: 'click', first: true }),
    { ...a(gmail, noon(2)), kind: 'conversion', amountCents: 1250 },
    ...many(4, { ...a(yahoo, noon(1)), kind: 'delivered' }),
    ...many(2, { ...a(gmail, new Date()), kind: 'delivered' }),
    { ...a(gmail, new Date()), kind: 'bounced' },
    ...many(7, { ...pmta(42, ops, r2, gmail, noon(1)), kind: 'delivered' }),
    { ...pmta(42, ops, r2, gmail, noon(1)), kind: 'conversion', amountCents: 300 },
    ...many(100, { ...a(gmail, noon(1)), campaignType: 'smtp', kind: 'delivered' }),
    ...many(9, { ...a(gmail, noon(30)), kind: 'delivered' }), // before the default range
  ]);
}

describe('PMTA relay reports', () => {
  beforeAll(setUp);

  test('PMTA Relays Report: figures, sorting, filters, the relay popup', { timeout: 180_000 }, async () => {
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);

    // ---- PMTA Relays Report ------------------------------------------------------------------------
    await page.goto('/pmta-relays-report');
    await page.getByText('Select dates and get a report.').waitFor();
    await button(page, 'Get').click();
    await expect.poll(() => columnTexts(page, 'Hostname')).toEqual(['mta1.reports.example', 'mta2.ops.example']);
    expect(await columnTexts(page, 'Owner')).toEqual(['admin', 'ops']);
    expect(await columnTexts(page, 'Type')).toEqual(['Net', 'VPS']);
    expect(await columnTexts(page, 'IP')).toEqual(['10.60.0.1', '10.61.0.2']);
    expect(await columnTexts(page, 'Delivered')).toEqual(['11', '7']); // the SMTP campaign's 100 are not here
    expect(await columnTexts(page, 'Bounced')).toEqual(['3', '0']);
    expect(await columnTexts(page, 'Views')).toEqual(['3', '0']);
    expect(await columnTexts(page, 'Clicks')).toEqual(['2', '0']);
    expect(await columnTexts(page, 'Conv')).toEqual(['1', '1']);
    expect(await columnTexts(page, 'Profit')).toEqual(['12.50', '3.00']);
    expect(await header(page, 'Delivered').getAttribute('aria-sort')).toBe('descending');
    await shotBoth(page, 'pmta-relays-report');

    // Sorting on the server: the same column toggles; a new column starts descending.
    await header(page, 'Delivered').click();
    await expect.poll(() => columnTexts(page, 'Delivered')).toEqual(['7', '11']);
    expect(await header(page, 'Delivered').getAttribute('aria-sort')).toBe('ascending');
    await header(page, 'Hostname').click();
    await expect.poll(() => columnTexts(page, 'Hostname')).toEqual(['mta2.ops.example', 'mta1.reports.example']);
    expect(await header(page, 'Hostname').getAttribute('aria-sort')).toBe('descending');

    // Filters: Relay Type, Relay Group; both together find nothing.
    await page.getByLabel('Relay Type', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'VPS' }).click();
    await button(page, 'Get').click();
    await expect.poll(() => columnTexts(page, 'Hostname')).toEqual(['mta2.ops.example']);
    await page.getByLabel('Relay Group', { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'group of mta1.reports.example' })
      .click();
    await button(page, 'Get').click();
    await page.getByText('No data found.').waitFor();
    await page.getByLabel('Relay Type', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'All' }).click();
    await button(page, 'Get').click();
    await expect.poll(() => columnTexts(page, 'Hostname')).toEqual(['mta1.reports.example']);

    // The popup: per day and per mail service, with the range's total.
    await button(page, 'mta1.reports.example').click();
    const popup = dialog(page);
    await popup.getByText('mta1.reports.example (10.60.0.1)').waitFor();
    const perDay = popup.locator('.ant-table').nth(0);
    await expect.poll(() => perDay.locator('tbody tr.ant-table-row td:first-child').allTextContents()).toHaveLength(3);
    const days = [noon(2), noon(1), new Date()].map((d) => d.toISOString().slice(0, 10));
    expect(await perDay.locator('tbody tr.ant-table-row td:first-child').allTextContents()).toEqual(days);
    expect(await perDay.locator('tbody tr.ant-table-row td:nth-child(2)').allTextContents()).toEqual(['5', '4', '2']);
    const services = popup.locator('.ant-table', { hasText: 'Mail Service' });
    expect(await services.locator('tbody tr.ant-table-row td:first-child').allTextContents()).toEqual([
      'Gmail',
      'Yahoo',
    ]);
    expect(await services.locator('tbody tr.ant-table-row td:nth-child(2)').allTextContents()).toEqual(['7', '4']);
    expect(await services.locator('.ant-table-summary td').allTextContents()).toEqual([
      'Total',
      '11',
      '3',
      '0', // Infra bounces (decision 1362): none of the three bounces here blames the relay
      '0', // Complaints (decision 1390): none in this history
      '3',
      '2',
      '1',
      '12.50',
    ]);
    await shotBoth(page, 'pmta-relays-report-popup');
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });
  });

  test('Mail Service Report: on/off, speed and description from the report', { timeout: 180_000 }, async () => {
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    // ---- PMTA Relays - Mail Service Report ----------------------------------------------------------
    await page.goto('/pmta-relays-mail-service-report');
    await page.getByText('Select Mail Service').waitFor();
    await page.getByLabel('Mail Service', { exact: true }).click();
    await page.getByLabel('Mail Service', { exact: true }).fill('Gmail');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Gmail' }).click();
    await expect.poll(() => columnTexts(page, 'Hostname')).toHaveLength(3);
    const delivered = async () =>
      Object.fromEntries((await columnTexts(page, 'Hostname')).map((host, i) => [host, i])) as Record<string, number>;
    const at = await delivered();
    const lh = await columnTexts(page, 'Delivered / Last Hour');
    expect(lh[at['mta1.reports.example']!]).toBe('7 / 2');
    expect(lh[at['mta2.ops.example']!]).toBe('7 / 0');
    expect(lh[at['mta3.spare.example']!]).toBe('0 / 0');
    expect((await columnTexts(page, 'Bounced / Last Hour'))[at['mta1.reports.example']!]).toBe('3 / 1');
    expect((await columnTexts(page, 'Group'))[at['mta2.ops.example']!]).toBe('Ops relays');
    expect(
      await row(page, 'mta1.reports.example')
        .getByRole('link', { name: `Relay ${r1}` })
        .getAttribute('href'),
    ).toBe(`/pmta-relays/by_relay/${r1}`);

    // Off for Gmail: the switch flips once the server has the config; the row is then stopped.
    const r1Switch = page.getByRole('switch', { name: 'mta1.reports.example on for Gmail' });
    expect(await r1Switch.getAttribute('aria-checked')).toBe('true');
    await r1Switch.click();
    await expect.poll(() => r1Switch.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => row(page, 'mta1.reports.example').getAttribute('data-stopped')).toBe('true');
    await row(page, 'mta1.reports.example').getByRole('img', { name: 'Stopped' }).waitFor();
    expect(
      (await h.sql(`select off from pmta_relay_switches where relay_id = $1 and mail_provider_id = $2`, [r1, gmail]))
        .rows,
    ).toEqual([{ off: true }]);
    expect(config()).toMatch(new RegExp(`<virtual-mta vmta-${r1}>[^]*<domain gmail\\.com>`));

    // On again.
    await r1Switch.click();
    await expect.poll(() => r1Switch.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => row(page, 'mta1.reports.example').getAttribute('data-stopped')).toBe('false');

    // The speed: set on the server through the report, read back (green dot), then cleared.
    await page.getByRole('button', { name: 'Edit speed of mta1.reports.example' }).click();
    await page.getByLabel('Speed of mta1.reports.example', { exact: true }).fill('300');
    await button(page, 'Save').click();
    await seeToast(page, 'Speed has been set.');
    await expect.poll(() => columnTexts(page, 'Speed').then((s) => s[at['mta1.reports.example']!])).toBe('300/h');
    await row(page, 'mta1.reports.example').getByRole('img', { name: 'Good speed' }).waitFor();
    expect(config()).toMatch(new RegExp(`<virtual-mta vmta-${r1}>[^]*max-msg-rate 300/h`));

    // A description edited in place; the description filter then finds only that relay.
    await row(page, 'mta3.spare.example').locator('.ant-typography-edit').click();
    await row(page, 'mta3.spare.example').locator('textarea').fill('cold spare');
    await row(page, 'mta3.spare.example').locator('textarea').press('Enter');
    await expect
      .poll(() => columnTexts(page, 'Description').then((d) => d[at['mta3.spare.example']!]))
      .toBe('cold spare');
    await shotBoth(page, 'pmta-relays-mail-service-report');

    await page.getByRole('button', { name: 'Clear speed of mta1.reports.example' }).click();
    await seeToast(page, 'Speed has been deleted.');
    await expect.poll(() => columnTexts(page, 'Speed').then((s) => s[at['mta1.reports.example']!])).toBe('—');

    // A speed the server cannot take (ops' server does not answer): the 'Error' dialog with the server's words.
    await page.getByRole('button', { name: 'Edit speed of mta2.ops.example' }).click();
    await page.getByLabel('Speed of mta2.ops.example', { exact: true }).fill('500');
    await button(page, 'Save').click();
    const error = dialog(page);
    await error.locator('.ant-modal-confirm-title', { hasText: 'Error' }).waitFor();
    expect(await error.locator('.ant-modal-confirm-content').textContent()).not.toBe('');
    await shotBoth(page, 'pmta-relays-mail-service-report-speed-error');
    await button(page, 'OK').click();

    // Filters: the group (its column goes), the description.
    await page.getByLabel('Relay description', { exact: true }).fill('SPARE');
    await page.getByLabel('Relay description', { exact: true }).press('Enter');
    await expect.poll(() => columnTexts(page, 'Hostname')).toEqual(['mta3.spare.example']);
    await page.getByLabel('Relay description', { exact: true }).fill('');
    await page.getByLabel('Relay description', { exact: true }).press('Enter');
    await page.getByLabel('Relay Group', { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'group of mta1.reports.example' })
      .click();
    await expect.poll(() => columnTexts(page, 'Hostname')).toEqual(['mta1.reports.example']);
    expect(await page.locator('.ant-table-thead th', { hasText: /^Group$/ }).count()).toBe(0);
  });
});
