// @ts-nocheck
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { EventKind } from '@console/shared/enums';
import type { HomeProfit } from '@console/shared/home';
import { money } from '@console/shared/reports';
import { recordEvents, type EventInput } from '../../server/src/tracking/events.ts';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, choose, closeToasts, selectOption, signIn } from './ui.ts';

/*
 * Dashboard and Home over a history recorded the way the console records events (recordEvents): two users,
 * both campaign types, three mail services in the last hours, conversions today and before, PMTA relay
 * groups of both server kinds and every rating. The figures on screen are checked against the events and
 * the relays; a campaign's live message reloads the dashboard.
 */

const SHOTS = '/tmp/shots';
const HOUR = 3_600_000;
const OPS = { username: 'ops', email: 'ops@example.com', password: 'ops-pass-123' };

let h: Harness;
let db: pg.Client;
let token: string;
let adminId: number;
let opsId: number;

/** The screen at 1400 and 1000 px into /tmp/shots (whole page). */
async function shots(page: Page, name: string) {
  await closeToasts(page);
  await page.mouse.move(500, 20); // the header's empty middle: no chart tooltip, no hover colours
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(400); // the charts' grow animation
  await page.screenshot({ path: path.join(SHOTS, `${name}-1400.png`), animations: 'disabled', fullPage: true });
  await page.setViewportSize({ width: 1000, height: 900 });
  await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
  await page.waitForTimeout(600); // the charts follow their container's new width
  await page.screenshot({ path: path.join(SHOTS, `${name}-1000.png`), animations: 'disabled', fullPage: true });
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor();
}

async function record(events: EventInput[]) {
  await db.query('begin');
  await recordEvents(db, events);
  await db.query('commit');
}

/** Sent, delivered and bounced of the dashboard's window (this hour and the 23 before), from the events. */
async function windowCounts(owner: number | null) {
  const { rows } = await db.query<{ total: number; delivered: number; bounced: number }>(
    `select count(*) filter (where kind = $1)::int as total, count(*) filter (where kind = $2)::int as delivered,
            count(*) filter (where kind = $3)::int as bounced
       from events where at >= date_trunc('hour', now()) - interval '23 hours' and ($4::int is null or user_id = $4)`,
    [EventKind.sent, EventKind.delivered, EventKind.bounced, owner],
  );
  return rows[0]!;
}

/** A number shown by the Statistic titled `title` in the overall traffic card. */
const statistic = async (page: Page, title: string) =>
  Number(
    (
      await page
        .getByTestId('overall-traffic')
        .locator('.ant-statistic', { has: page.locator('.ant-statistic-title', { hasText: title }) })
        .locator('.ant-statistic-content')
        .textContent()
    )?.replace(/[^\d]/g, ''),
  );

/** The relay groups table's rows as their cells' texts. */
const relayRows = (page: Page) =>
  page
    .getByTestId('relay-groups')
    .locator('tbody tr.ant-table-row')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));

/** The expected table from a direct count of the relays (groups not archived, by name). */
async function expectedRelayRows(owner: number | null) {
  const { rows } = await db.query<{ cells: string[] }>(
    `select array[g.name,
              count(r.id) filter (where not s.is_vps)::text, count(r.id) filter (where s.is_vps)::text,
              count(r.id) filter (where r.status < 3 and not s.is_vps)::text,
              count(r.id) filter (where r.status < 3 and s.is_vps)::text,
              count(r.id) filter (where r.status = 3 and not s.is_vps)::text,
              count(r.id) filter (where r.status = 3 and s.is_vps)::text] as cells
       from pmta_relay_groups g left join pmta_relays r on r.group_id = g.id
       left join pmta_servers s on s.id = r.pmta_server_id
      where g.archive is null and ($1::int is null or g.user_id = $1)
      group by g.id order by lower(g.name), g.id`,
    [owner],
  );
  return rows.map((r) => r.cells);
}

/** The legend entries drawn in a chart (SVG texts). */
const legend = (page: Page, chart: string) =>
  page
    .getByRole('img', { name: chart })
    .locator('text')
    .evaluateAll((ts) => ts.map((t) => t.textContent ?? ''));

/** Profit in cents of `owner` (null: everyone) on the days of a range, from the events. */
async function profitOf(owner: number | null, r: { from: string; to: string }) {
  const { rows } = await db.query<{ cents: string }>(
    `select coalesce(sum(amount_cents), 0) as cents from events
      where kind = $1 and (at at time zone 'UTC')::date between $2::date and $3::date and ($4::int is null or user_id = $4)`,
    [EventKind.conversion, r.from, r.to, owner],
  );
  return Number(rows[0]!.cents);
}

/** The Home table's cells by row (Month, Week, Day). */
const homeRows = (page: Page) =>
  page
    .locator('tbody tr.ant-table-row')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));

/** What the Home table must show for `owner`: the server's periods, each summed from the events. */
async function expectedHome(owner: number | null) {
  const res = await h.api<HomeProfit>('/home/profit', { json: owner ? { userId: owner } : {}, token });
  const { periods } = res.body;
  const rows: string[][] = [];
  for (const [k, label] of [
    ['month', 'Month'],
    ['week', 'Week'],
    ['day', 'Day'],
  ] as const) {
    const now = await profitOf(owner, periods.this[k]);
    const last = await profitOf(owner, periods.last[k]);
    const d = (r: { from: string; to: string }) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 + 1;
    const diff =
      last === 0
        ? '—'
        : `${(Math.round((now / d(periods.this[k]) / (last / d(periods.last[k])) - 1) * 10_000) / 100).toFixed(2)}%`;
    rows.push([label, money(now), money(last), diff]);
  }
  return rows;
}

beforeAll(async () => {
  h = await startHarness();
  const url = new URL(inject('e2eAdminUrl')!);
  url.pathname = `/${(await h.sql('select current_database() as name')).rows[0].name}`;
  db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  token = (await h.api<{ token: string }>('/login_check', { json: ADMIN })).body.token;
  const created = await h.api<{ id: number }>('/users', {
    json: { ...OPS, isActive: true, confirmPassword: OPS.password },
    token,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  opsId = created.body.id;
  adminId = (await db.query(`select id from users where email = $1`, [ADMIN.email])).rows[0].id as number;

  // Relay groups: the administrator's North and South, ops' group, an archived one (never shown).
  const group = async (name: string, owner: number, archived = false) =>
    (
      await db.query('insert into pmta_relay_groups (name, user_id, archive) values ($1, $2, $3) returning id', [
        name,
        owner,
        archived ? new Date() : null,
      ])
    ).rows[0].id as number;
  const server = async (name: string, ip: string, owner: number, isVps: boolean) =>
    (
      await db.query(
        `insert into pmta_servers (name, server_ip, ip_list, user_id, is_vps) values ($1, $2, '127.0.0.1', $3, $4) returning id`,
        [name, ip, owner, isVps],
      )
    ).rows[0].id as number;
  const north = await group('North', adminId);
  const south = await group('South', adminId);
  const opsGroup = await group('Ops group', opsId);
  const old = await group('Old', adminId, true);
  const net = await server('net-1', '10.8.0.1', adminId, false);
  const vps = await server('vps-1', '10.8.0.2', adminId, true);
  const opsNet = await server('ops-net', '10.8.0.3', opsId, false);
  let n = 0;
  const relay = async (owner: number, groupId: number, serverId: number, status: number) => {
    n++;
    await db.query(
      `insert into pmta_relays (user_id, group_id, pmta_server_id, smtp_host, ip, sender_email, status)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [owner, groupId, serverId, `r${n}.mta.example.com`, `10.8.1.${n}`, `news@r${n}.mta.example.com`, status],
    );
  };
  for (const [g, s, status] of [
    [north, net, 1],
    [north, net, 2],
    [north, net, 3],
    [north, vps, 2],
    [north, vps, 3],
    [south, vps, 1],
    [south, net, 2],
  ] as const) {
    await relay(adminId, g, s, status);
  }
  await relay(opsId, opsGroup, opsNet, 3);
  await relay(adminId, old, net, 1);

  // Traffic of the last hours (inside the 24-hour window whichever hour the checks run in).
  const providers = Object.fromEntries(
    (await db.query<{ id: number; name: string }>('select id, name from mail_providers')).rows.map((r) => [
      r.name,
      r.id,
    ]),
  ) as Record<string, number>;
  const now = Date.now();
  const events: EventInput[] = [];
  const add = (
    who: { userId: number; campaignType: 'smtp' | 'pmta'; campaignId: number },
    provider: string,
    hoursAgo: number,
    counts: { sent?: number; delivered?: number; bounced?: number },
  ) => {
    const base = { ...who, mailProviderId: providers[provider]!, at: new Date(now - hoursAgo * HOUR) };
    for (const kind of ['sent', 'delivered', 'bounced'] as const) {
      for (let i = 0; i < (counts[kind] ?? 0); i++) events.push({ ...base, kind });
    }
  };
  const adminPmta = { userId: adminId, campaignType: 'pmta' as const, campaignId: 1 };
  const adminSmtp = { userId: adminId, campaignType: 'smtp' as const, campaignId: 2 };
  const opsPmta = { userId: opsId, campaignType: 'pmta' as const, campaignId: 3 };
  add(adminPmta, 'Gmail', 2, { sent: 30, delivered: 25, bounced: 3 });
  add(adminPmta, 'Gmail', 18, { sent: 7, delivered: 7 });
  add(adminSmtp, 'Yahoo', 5, { sent: 12, delivered: 10, bounced: 2 });
  add(adminSmtp, 'Yahoo', 11, { sent: 4, delivered: 1, bounced: 3 });
  add(opsPmta, 'Outlook', 3, { sent: 9, delivered: 6, bounced: 3 });
  // Profit: today, yesterday, a week and a month ago.
  const conv = (who: typeof adminPmta | typeof adminSmtp, at: number, amountCents: number): EventInput => ({
    ...who,
    kind: 'conversion',
    amountCents,
    at: new Date(at),
    mailProviderId: providers.Gmail!,
  });
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  events.push(
    conv(adminPmta, now, 12_345),
    conv(opsPmta, now, 500),
    conv(adminSmtp, today - 12 * HOUR, 10_000),
    conv(adminPmta, today - 8 * 24 * HOUR, 40_000),
    conv(adminSmtp, today - 35 * 24 * HOUR, 250_000),
  );
  await record(events);
}, 180_000);
afterAll(async () => {
  await db?.end();
  await h?.stop();
});

describe('Dashboard and Home', () => {
  test("Home: the profit table against the events, the administrator's user filter, refresh, errors", async () => {
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('heading', { name: 'Profit dynamics' }).waitFor();
    await expect.poll(() => homeRows(page)).toEqual(await expectedHome(null));
    // Today 123.45 + 5.00 against yesterday's 100.00: up, in green.
    const day = page.locator('tbody tr.ant-table-row', { hasText: 'Day' });
    expect(await day.locator('[data-trend]').getAttribute('data-trend')).toBe('up');
    expect(await day.locator('[data-trend]').getAttribute('class')).toContain('ant-typography-success');
    await shots(page, 'dashboard-home-home');

    await choose(page, 'User', OPS.username);
    await expect.poll(() => homeRows(page)).toEqual(await expectedHome(opsId));
    expect((await homeRows(page))[2]).toEqual(['Day', '5.00', '0.00', '—']);

    // A conversion arrives; Refresh shows it.
    await record([
      {
        userId: opsId,
        campaignType: 'pmta',
        campaignId: 3,
        kind: 'conversion',
        amountCents: 1_000,
        at: new Date(),
      },
    ]);
    await button(page, 'Refresh').click();
    await expect.poll(async () => (await homeRows(page))[2]?.[1]).toBe('15.00');
    expect(await homeRows(page)).toEqual(await expectedHome(opsId));

    // A refused call shows its first error, or its status text.
    await page.route('**/api/home/profit', (r) =>
      r.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: ['Profit is unavailable.'] }),
      }),
    );
    await button(page, 'Refresh').click();
    await page.locator('.ant-alert-error', { hasText: 'Profit is unavailable.' }).waitFor();
    await page.unroute('**/api/home/profit');
    await page.route('**/api/home/profit', (r) => r.fulfill({ status: 503, body: '' }));
    await button(page, 'Refresh').click();
    await page.locator('.ant-alert-error', { hasText: '503: Service Unavailable' }).waitFor();
    await page.unroute('**/api/home/profit');
    await button(page, 'Refresh').click();
    await page.locator('.ant-alert-error').waitFor({ state: 'detached' });
  });

  test('Dashboard: traffic and relay groups against the events and relays, provider choice, user filter, live', async () => {
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard');
    const all = await windowCounts(null);
    expect(all).toEqual({ total: 62, delivered: 49, bounced: 11 });
    await expect.poll(() => statistic(page, 'Total')).toBe(all.total);
    expect(await statistic(page, 'Delivered')).toBe(all.delivered);
    expect(await statistic(page, 'Bounced')).toBe(all.bounced);
    await expect.poll(() => relayRows(page)).toEqual(await expectedRelayRows(null));
    expect((await relayRows(page)).map((r) => r[0])).toEqual(['North', 'Ops group', 'South']);
    expect((await relayRows(page))[0]).toEqual(['North', '3', '2', '2', '1', '1', '1']);
    // Legends: Total, Delivered, Bounced; one line per mail provider; the time axis in H:mm.
    expect(await legend(page, 'Overall traffic chart')).toEqual(
      expect.arrayContaining(['Total', 'Delivered', 'Bounced']),
    );
    expect(await legend(page, 'Detailed traffic chart')).toEqual(expect.arrayContaining(['Gmail', 'Outlook', 'Yahoo']));
    expect((await legend(page, 'Overall traffic chart')).filter((t) => /^\d{1,2}:00$/.test(t)).length).toBeGreaterThan(
      4,
    );
    await page.getByText('All providers').waitFor();
    await shots(page, 'dashboard-home-dashboard');

    // One provider: its Total, Delivered and Bounced; back to 'All providers' (it cannot be cleared).
    await page.getByRole('combobox', { name: 'Mail provider' }).click();
    await selectOption(page, 'Yahoo').click();
    await page.getByRole('img', { name: 'Yahoo traffic chart' }).waitFor();
    expect(await legend(page, 'Yahoo traffic chart')).toEqual(
      expect.arrayContaining(['Total', 'Delivered', 'Bounced']),
    );
    expect(await legend(page, 'Yahoo traffic chart')).not.toContain('Gmail');
    await shots(page, 'dashboard-home-dashboard-provider');
    await page.getByRole('combobox', { name: 'Mail provider' }).click();
    await selectOption(page, 'All providers').click();
    await page.getByRole('img', { name: 'Detailed traffic chart' }).waitFor();

    // The administrator's Filter by User: ops' traffic and group only.
    await choose(page, 'Filter by User', OPS.username);
    await button(page, 'Filter').click();
    const ops = await windowCounts(opsId);
    await expect.poll(() => statistic(page, 'Total')).toBe(ops.total);
    expect(await statistic(page, 'Bounced')).toBe(ops.bounced);
    await expect.poll(() => relayRows(page)).toEqual([['Ops group', '1', '0', '0', '0', '1', '0']]);
    expect(await legend(page, 'Detailed traffic chart')).not.toContain('Gmail');

    // Live: a running campaign of ops records traffic and publishes its statistics; the dashboard reloads.
    await record(
      Array.from({ length: 4 }, () => ({
        userId: opsId,
        campaignType: 'pmta' as const,
        campaignId: 3,
        kind: 'sent' as const,
        mailProviderId: null,
      })),
    );
    const message = {
      campaignType: 'pmta',
      campaignId: 3,
      sent: 6,
      totalToSend: 100,
      opens: 0,
      clicks: 0,
      unsubscribers: 0,
      profit: 0,
      bounces: 3,
    };
    await db.query(`select pg_notify('console_hub', $1)`, [
      JSON.stringify({ topic: 'campaign-statistics', userId: opsId, data: message }),
    ]);
    await expect.poll(() => statistic(page, 'Total'), { timeout: 15_000 }).toBe(ops.total + 4);
  });

  test('an ordinary user: no user filter, their own traffic and groups only', async () => {
    const { page } = await h.open(1000);
    await signIn(page, OPS.email, OPS.password);
    await page.getByRole('heading', { name: 'Profit dynamics' }).waitFor();
    expect(await page.getByLabel('User', { exact: true }).count()).toBe(0);
    await expect.poll(() => homeRows(page)).toEqual(await expectedHome(opsId));
    await page.goto('/dashboard');
    const ops = await windowCounts(opsId);
    await expect.poll(() => statistic(page, 'Total')).toBe(ops.total);
    expect(await page.getByLabel('Filter by User').count()).toBe(0);
    await expect.poll(() => relayRows(page)).toEqual(await expectedRelayRows(opsId));
    await shots(page, 'dashboard-home-dashboard-user');
  });
});
