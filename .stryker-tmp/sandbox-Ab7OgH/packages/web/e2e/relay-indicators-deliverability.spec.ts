// @ts-nocheck
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { CampaignType } from '@console/shared/enums';
import { IndicatorMessages } from '@console/shared/pmta-relay-indicators';
import { DELIVERABILITY_HEADER } from '@console/shared/pmta-relay-deliverabilities';
import { recordEvents, type EventInput } from '../../server/src/tracking/events.ts';
import { computeRelayIndicators } from '../../server/src/features/pmta-relay-indicators/pmta-relay-indicators.compute.ts';
import { computeRelayDeliverabilities } from '../../server/src/features/pmta-relay-deliverabilities/pmta-relay-deliverabilities.compute.ts';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, closeToasts, columnTexts, dialog, selectOption, signIn } from './ui.ts';

/*
 * PMTA Relays Indicators and the deliverability report: a history recorded into the spec's database the
 * way the console records events (recordEvents), both jobs run on it, then the two screens: filters,
 * figures checked against the events, highlighted rows, the Excel export and its refusal, sorting.
 */

const SHOTS = '/tmp/shots';
const DAY = 86_400_000;
const HOUR = 3_600_000;
const now = new Date();
const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

let h: Harness;
let db: pg.Client;
let providers: { id: number; name: string }[];
const relays: Record<string, number> = {};

/** The screen at 1400 and 1000 px into /tmp/shots. */
async function shots(page: Page, name: string) {
  await closeToasts(page);
  await page.mouse.move(600, 890);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-1400.png`), animations: 'disabled', fullPage: true });
  await page.setViewportSize({ width: 1000, height: 900 });
  await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
  await page.screenshot({ path: path.join(SHOTS, `${name}-1000.png`), animations: 'disabled', fullPage: true });
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor();
}

beforeAll(async () => {
  h = await startHarness();
  // A connection of the spec's own database: the jobs run in one transaction on it.
  const url = new URL(inject('e2eAdminUrl')!);
  url.pathname = `/${(await h.sql('select current_database() as name')).rows[0].name}`;
  db = new pg.Client({ connectionString: url.toString() });
  await db.connect();

  const admin = (await db.query(`select id from users where email = $1`, [ADMIN.email])).rows[0].id as number;
  providers = (await db.query('select id, name from mail_providers order by id limit 2')).rows;
  const group = async (name: string) =>
    (await db.query('insert into pmta_relay_groups (name, user_id) values ($1, $2) returning id', [name, admin]))
      .rows[0].id as number;
  const server = async (name: string, ip: string, isVps: boolean) =>
    (
      await db.query(
        `insert into pmta_servers (name, server_ip, ip_list, user_id, is_vps) values ($1, $2, '127.0.0.1', $3, $4) returning id`,
        [name, ip, admin, isVps],
      )
    ).rows[0].id as number;
  const north = await group('North');
  const south = await group('South');
  const net = await server('net-1', '10.9.0.1', false);
  const vps = await server('vps-1', '10.9.0.2', true);
  const relay = async (
    name: string,
    o: { server: number; group: number; days: number; status?: number; active?: boolean },
  ) => {
    relays[name] = (
      await db.query(
        `insert into pmta_relays (user_id, group_id, pmta_server_id, smtp_host, ip, sender_email, active, status, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
        [
          admin,
          o.group,
          o.server,
          `${name}.mta.example.com`,
          `10.9.1.${Object.keys(relays).length + 1}`,
          `news@${name}.mta.example.com`,
          o.active ?? true,
          o.status ?? 2,
          new Date(todayStart - o.days * DAY + 3600_000),
        ],
      )
    ).rows[0].id as number;
  };
  await relay('veteran', { server: net, group: north, days: 420 });
  await relay('steady', { server: net, group: north, days: 120 });
  await relay('poor', { server: vps, group: south, days: 60, status: 3 });
  await relay('sleepy', { server: vps, group: south, days: 20, active: false });

  const events: EventInput[] = [];
  const add = (relay: string, provider: number, at: Date, delivered: number, bounced: number, cents = 0) => {
    const base = {
      campaignType: 'pmta' as const,
      campaignId: 1,
      userId: admin,
      relayId: relays[relay],
      mailProviderId: provider,
      at,
    };
    for (let i = 0; i < delivered; i++) events.push({ ...base, kind: 'delivered' });
    for (let i = 0; i < bounced; i++) events.push({ ...base, kind: 'bounced' });
    if (cents) events.push({ ...base, kind: 'conversion', amountCents: cents });
  };
  const [p1, p2] = providers.map((p) => p.id) as [number, number];
  for (const days of [1, 5, 25, 40, 80, 150, 300, 380, 400]) {
    const at = new Date(todayStart - days * DAY + 12 * HOUR);
    add('veteran', p1, at, 20, 2, 4_000 + days);
    add('veteran', p2, at, 10, 5, days % 2 ? 1_500 : 0);
    if (days <= 110) add('steady', p1, at, 8, 1, 900);
    if (days <= 55) add('poor', p2, at, 3, 6, 50);
  }
  // The last hours: the deliverability windows.
  for (const [hoursAgo, d, b] of [
    [20, 12, 3],
    [1, 9, 1],
  ] as const) {
    const at = new Date(now.getTime() - hoursAgo * HOUR);
    add('veteran', p1, at, d, b);
    add('steady', p1, at, d - 4, b + 2);
    add('poor', p2, at, 2, d);
  }
  // An SMTP campaign's events under a PMTA relay's number: never counted.
  events.push(
    ...Array.from({ length: 30 }, () => ({
      kind: 'bounced' as const,
      campaignType: 'smtp' as const,
      campaignId: 2,
      userId: admin,
      relayId: relays.veteran,
      mailProviderId: p1,
      at: new Date(now.getTime() - HOUR),
    })),
  );
  await db.query('begin');
  await recordEvents(db, events);
  await db.query('commit');
  await computeRelayIndicators(db, now);
  await computeRelayDeliverabilities(db, now);
}, 180_000);
afterAll(async () => {
  await db?.end();
  await h?.stop();
});

/** Straight from the events: a relay's figures over whole days before today. */
async function fromEvents(relay: string, days: number) {
  const { rows } = await db.query(
    `select count(*) filter (where kind = 2)::int as delivered,
            coalesce(sum(amount_cents) filter (where kind = 9), 0)::int as cents
     from events where campaign_type = ${CampaignType.PMTA} and relay_id = $1 and at >= $2 and at < $3`,
    [relays[relay], new Date(todayStart - days * DAY), new Date(todayStart)],
  );
  return rows[0] as { delivered: number; cents: number };
}

/** Chooses `option` in the filter select `label` (a column header may carry the same name). */
async function choose(page: Page, label: string, option: string) {
  const select = page.getByRole('combobox', { name: label, exact: true });
  await select.click();
  await select.fill(option);
  await selectOption(page, option).click();
}

const row = (page: Page, host: string) => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: host });
const cell = async (page: Page, host: string, title: string) => {
  const heads = await page.locator('.ant-table-thead th').allTextContents();
  return (await row(page, host)
    .first()
    .locator('td')
    .nth(heads.findIndex((t) => t.trim() === title))
    .textContent())!.trim();
};

describe('Relays Indicators and Deliverability', () => {
  test('the indicators: filters, figures from the events, highlights, Excel and its refusal', async () => {
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/pmta-relay-indicator-report');
    // All services by default: one row per relay.
    await expect
      .poll(() => columnTexts(page, 'SMTP Host'))
      .toEqual(['veteran', 'steady', 'poor', 'sleepy'].map((n) => `${n}.mta.example.com`));
    await page
      .getByTestId('generated')
      .getByText(`Generated ${now.toISOString().slice(0, 10)}`)
      .waitFor();

    // The veteran (older than a year) over its last 365 days; profit and conversions over 30 days.
    const year = await fromEvents('veteran', 365);
    const month = await fromEvents('veteran', 30);
    expect(await cell(page, 'veteran', 'Age')).toBe('420');
    expect(await cell(page, 'veteran', 'Delivered/day')).toBe((year.delivered / 365).toFixed(2));
    expect(await cell(page, 'veteran', 'Profit 30')).toBe(
      (month.cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }),
    );
    expect(await cell(page, 'veteran', 'Profit/day')).toBe((year.cents / 365 / 100).toFixed(5));
    const steady = await fromEvents('steady', 120);
    expect(await cell(page, 'steady', 'Profit/day')).toBe((steady.cents / 120 / 100).toFixed(5));

    // Highlighted: the Poor relay, the inactive one, and profit per day at or below 0.60000.
    const marked = async (host: string) => (await row(page, host).getAttribute('data-highlighted')) === 'true';
    expect(await marked('poor')).toBe(true);
    expect(await marked('sleepy')).toBe(true);
    expect(await marked('veteran')).toBe(year.cents / 365 / 100 <= 0.6);
    expect(await marked('steady')).toBe(steady.cents / 120 / 100 <= 0.6);
    await shots(page, 'relay-indicators');

    // Sorted on the server by Profit/day, highest first.
    const header = page.locator('.ant-table-thead th', { hasText: 'Profit/day' });
    await header.click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await header.click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect
      .poll(async () => {
        const v = (await columnTexts(page, 'Profit/day')).map(Number);
        return v.length === 4 && v.every((x, i) => i === 0 || v[i - 1]! >= x) && v[0]! > v[3]!;
      })
      .toBe(true);

    // Relay Type VPS, one mail service.
    await choose(page, 'Relay Type', 'VPS');
    await button(page, 'Search').click();
    await expect.poll(() => columnTexts(page, 'SMTP Host')).toEqual(['poor.mta.example.com', 'sleepy.mta.example.com']);
    await choose(page, 'Relay Type', 'All');
    await choose(page, 'Mail Service', providers[1]!.name);
    await button(page, 'Search').click();
    await expect.poll(() => columnTexts(page, 'Mail Service')).toEqual(expect.arrayContaining([providers[1]!.name]));
    expect(new Set(await columnTexts(page, 'Mail Service'))).toEqual(new Set([providers[1]!.name]));
    expect(new Set(await columnTexts(page, 'SMTP Host'))).toEqual(
      new Set(['veteran.mta.example.com', 'poor.mta.example.com']),
    );
    await shots(page, 'relay-indicators-service');

    // The host filter: the list narrows, the Excel export is refused.
    await choose(page, 'Mail Service', 'All services');
    await page.getByRole('textbox', { name: 'SMTP Host', exact: true }).fill('stead');
    // Refused as soon as the field is filled, searched or not.
    await page.getByRole('button', { name: 'Download Excel' }).click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: IndicatorMessages.filterNotSupported }).waitFor();
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await button(page, 'Search').click();
    await expect.poll(() => columnTexts(page, 'SMTP Host')).toEqual(['steady.mta.example.com']);
    await page.getByRole('button', { name: 'Download Excel' }).click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: IndicatorMessages.filterNotSupported }).waitFor();
    await dialog(page).getByText(IndicatorMessages.cleanSmtpHost).waitFor();
    await shots(page, 'relay-indicators-refused');
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    // Cleaned, the export downloads the rows on screen (group North, all services).
    await page.getByRole('textbox', { name: 'SMTP Host', exact: true }).fill('');
    await choose(page, 'Relay Group', 'North');
    // Search once the list has slid away: a loaded run's click landed on it and searched nothing.
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await button(page, 'Search').click();
    await expect
      .poll(() => columnTexts(page, 'SMTP Host'))
      .toEqual(['veteran.mta.example.com', 'steady.mta.example.com']);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('pmta-relay-indicator-report.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('SMTP Host');
    expect(sheet.rowCount).toBe(3);
    const veteran = [2, 3].map((i) => sheet.getRow(i)).find((r) => r.getCell(2).value === 'veteran.mta.example.com')!;
    expect(veteran.getCell(13).value).toBe(month.cents / 100); // Profit 30, a number
    expect(veteran.getCell(17).value).toBeCloseTo(year.cents / 365 / 100, 10);
  });

  test('the deliverability report: Get, scores from the events, sorting', async () => {
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/pmta-relay-deliverability-report');
    await page.getByText(DELIVERABILITY_HEADER).waitFor();
    await page.getByText('Click on "Get" to get the data.').waitFor();
    await button(page, 'Get').click();
    await expect.poll(async () => (await columnTexts(page, 'Host')).length).toBe(4);

    // veteran and steady share providers[0]: each one's rate against both's, over the last 24 hours.
    const { rows } = await db.query(
      `select relay_id, count(*) filter (where kind = 2)::float8 as d, count(*) filter (where kind = 3)::float8 as b
       from events where campaign_type = ${CampaignType.PMTA} and mail_provider_id = $1 and at >= $2 group by 1`,
      [providers[0]!.id, new Date(Math.floor((now.getTime() - 24 * HOUR) / HOUR) * HOUR)],
    );
    const d = rows.reduce((s, r) => s + r.d, 0);
    const b = rows.reduce((s, r) => s + r.b, 0);
    const own = rows.find((r) => r.relay_id === relays.veteran)!;
    const expected = (100 * (own.d / (own.d + own.b))) / (d / (d + b));
    await choose(page, 'Mail Service', providers[0]!.name);
    await button(page, 'Get').click();
    await expect.poll(() => columnTexts(page, 'Host')).toEqual(['veteran.mta.example.com', 'steady.mta.example.com']);
    expect(await cell(page, 'veteran', '24 hours')).toBe(`${expected.toFixed(2)}%`);
    await shots(page, 'relay-deliverability');

    // Sorted by the 24-hour score; the group filter; the host search.
    const h24 = page.locator('.ant-table-thead th', { hasText: '24 hours' });
    await h24.click();
    await expect.poll(() => h24.getAttribute('aria-sort')).toBe('ascending');
    await h24.click();
    await expect.poll(() => h24.getAttribute('aria-sort')).toBe('descending');
    await expect
      .poll(async () => {
        const v = (await columnTexts(page, '24 hours')).map(parseFloat);
        return v.length === 2 && v[0]! > v[1]!;
      })
      .toBe(true);
    await page.reload();
    await choose(page, 'Relay Group', 'South');
    await button(page, 'Get').click();
    await expect.poll(() => columnTexts(page, 'Host')).toEqual(['poor.mta.example.com']);
    // The poor relay bounces more than the veteran to the same service: below the average of 100.
    expect(parseFloat(await cell(page, 'poor', 'Score All Time'))).toBeLessThan(100);
    await page.getByRole('textbox', { name: 'SMTP host', exact: true }).fill('nothing-like-this');
    await button(page, 'Get').click();
    await page.getByText('Nothing to show.').waitFor();
    await shots(page, 'relay-deliverability-empty');
  });
});
