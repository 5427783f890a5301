// @ts-nocheck
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { CampaignType, CampaignTypeLabels, EventKind, type CampaignTypeValue } from '@console/shared/enums';
import { money } from '@console/shared/reports';
import { recordEvents, type EventInput } from '../../server/src/tracking/events.ts';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, choose, closeToasts, dialog, selectOption, signIn } from './ui.ts';

/*
 * Profit and Activity reports over a history recorded the way the console records events (recordEvents):
 * two users, SMTP and PMTA campaigns, conversions with amounts and countries (and one without), events on
 * both sides of UTC midnight. Every figure on screen is checked against a count of the events.
 */

const SHOTS = '/tmp/shots';
const DAY = 86_400_000;
const ANN = { username: 'ann', email: 'ann@example.com', password: 'ann-pass-1234' };
const BEN = { username: 'ben', email: 'ben@example.com', password: 'ben-pass-1234' };

let h: Harness;
let db: pg.Client;
let token: string;
const users: Record<'ann' | 'ben', number> = { ann: 0, ben: 0 };
const campaigns: Record<'spring' | 'summer' | 'weekly', number> = { spring: 0, summer: 0, weekly: 0 };

/** YYYY-MM-DD of today minus `n` days (UTC). */
const daysAgo = (n: number) => new Date(Date.UTC(...today()) - n * DAY).toISOString().slice(0, 10);
function today(): [number, number, number] {
  const d = new Date();
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
}

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

/** The table's body rows (not the Total row) as their cells' texts. */
const bodyRows = (page: Page) =>
  page
    .locator('.ant-table-tbody tr.ant-table-row')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));
const totalRow = (page: Page) =>
  page.locator('tr.report-total td').evaluateAll((tds) => tds.map((td) => td.textContent?.trim() ?? ''));
const n = (v: number) => v.toLocaleString('en-US');

/** Chooses `option` in the plain (not searchable) select labelled `label`. */
async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await selectOption(page, option).click();
}

/** Types a range into the Date Range picker. */
async function setRange(page: Page, from: string, to: string) {
  const start = page.getByPlaceholder('Start date');
  await start.click();
  await start.fill(from);
  await start.press('Enter');
  const end = page.getByPlaceholder('End date');
  await end.fill(to);
  await end.press('Enter');
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
  expect([await start.inputValue(), await end.inputValue()]).toEqual([from, to]);
}

const WHERE = `($1::int is null or user_id = $1) and ($2::int is null or campaign_type = $2)
  and (at at time zone 'UTC')::date between $3::date and $4::date`;
interface Filter {
  owner?: number;
  type?: CampaignTypeValue;
  from?: string;
  to?: string;
}
const params = (f: Filter) => [f.owner ?? null, f.type ?? null, f.from ?? daysAgo(6), f.to ?? daysAgo(0)];

/** The Activity table as it must read: per UTC day from the events, oldest first, and the Total row. */
async function expectedActivity(f: Filter = {}) {
  const { rows } = await db.query<Record<string, number | string>>(
    `select * from (
       select to_char((at at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
              count(*) filter (where kind = ${EventKind.delivered})::int as delivered,
              count(*) filter (where kind = ${EventKind.bounced})::int as bounced,
              count(*) filter (where kind = ${EventKind.open} and first)::int as views,
              count(*) filter (where kind = ${EventKind.click} and first)::int as clicks,
              count(*) filter (where kind = ${EventKind.conversion})::int as conv,
              count(*) filter (where kind = ${EventKind.unsubscribe})::int as unsub,
              coalesce(sum(amount_cents) filter (where kind = ${EventKind.conversion}), 0)::int as profit
         from events where ${WHERE} group by 1) d
      where delivered + bounced + views + clicks + conv + unsub + profit > 0 order by day`,
    params(f),
  );
  const keys = ['delivered', 'bounced', 'views', 'clicks', 'conv', 'unsub'];
  const cells = (r: Record<string, number | string>) => [
    ...keys.map((k) => n(r[k] as number)),
    money(r.profit as number),
  ];
  const sum = (k: string) => rows.reduce((s, r) => s + (r[k] as number), 0);
  const total = Object.fromEntries([...keys, 'profit'].map((k) => [k, sum(k)]));
  return { rows: rows.map((r) => [r.day as string, ...cells(r)]), total: ['Total', ...cells(total)] };
}

/** The Profit table by `group` from the conversions in events, in the report's default order, and its Total row. */
async function expectedProfit(group: 'date' | 'campaign' | 'country', f: Filter = {}) {
  const key = {
    date: `to_char((at at time zone 'UTC')::date, 'YYYY-MM-DD')`,
    campaign: `campaign_id`,
    country: `coalesce(nullif(country, ''), 'Unknown')`,
  }[group];
  const order = group === 'date' ? 'k asc' : group === 'campaign' ? 'sum desc, type, k' : 'sum desc, k';
  const { rows } = await db.query<{ k: string; type: CampaignTypeValue; count: number; sum: number }>(
    `select ${key} as k, min(campaign_type) as type, count(*)::int as count, sum(amount_cents)::int as sum
       from events where kind = ${EventKind.conversion} and ${WHERE} group by 1 order by ${order}`,
    params(f),
  );
  const names = Object.fromEntries((await db.query('select id, name from campaigns')).rows.map((r) => [r.id, r.name]));
  const label = (r: (typeof rows)[number]) =>
    group === 'campaign' ? `${CampaignTypeLabels[r.type]}#${r.k}${names[r.k]}` : r.k;
  return {
    rows: rows.map((r) => [label(r), n(r.count), money(r.sum)]),
    total: ['Total', n(rows.reduce((s, r) => s + r.count, 0)), money(rows.reduce((s, r) => s + r.sum, 0))],
  };
}

beforeAll(async () => {
  h = await startHarness();
  const url = new URL(inject('e2eAdminUrl')!);
  url.pathname = `/${(await h.sql('select current_database() as name')).rows[0].name}`;
  db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  token = (await h.api<{ token: string }>('/login_check', { json: ADMIN })).body.token;
  for (const [key, u] of [
    ['ann', ANN],
    ['ben', BEN],
  ] as const) {
    const created = await h.api<{ id: number }>('/users', {
      json: { ...u, isActive: true, confirmPassword: u.password },
      token,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    users[key] = created.body.id;
  }
  const one = async (text: string, values: unknown[]) => (await db.query(text, values)).rows[0].id as number;
  const category = await one(`insert into categories (name) values ('Reports') returning id`, []);
  const campaign = async (type: CampaignTypeValue, name: string, owner: number) => {
    const list = await one(`insert into email_lists (name, category_id, user_id) values ($1, $2, $3) returning id`, [
      `${name} list`,
      category,
      owner,
    ]);
    const message = await one(
      `insert into messages (name, subject, content, user_id) values ($1, 'Hello', '<p>Hi</p>', $2) returning id`,
      [`${name} message`, owner],
    );
    const offer = await one(
      `insert into offers (name, url, category_id, user_id) values ($1, 'https://offer.example.com/', $2, $3) returning id`,
      [`${name} offer`, category, owner],
    );
    const kind = type === CampaignType.SMTP ? 'smtp' : 'pmta';
    const group = await one(`insert into ${kind}_relay_groups (name, user_id) values ($1, $2) returning id`, [
      `${name} relays`,
      owner,
    ]);
    return one(
      `insert into campaigns (type, name, sender, email_list_id, mail_provider_ids, message_id, offer_id, relay_status,
                              user_id, ${kind}_relay_group_id)
       values ($1, $2, 'News', $3, '{}', $4, $5, 1, $6, $7) returning id`,
      [type, name, list, message, offer, owner, group],
    );
  };
  campaigns.spring = await campaign(CampaignType.SMTP, 'Spring sale', users.ann);
  campaigns.summer = await campaign(CampaignType.PMTA, 'Summer promo', users.ann);
  campaigns.weekly = await campaign(CampaignType.SMTP, 'Ben weekly', users.ben);

  const gmail = (await db.query(`select id from mail_providers where name = 'Gmail'`)).rows[0].id as number;
  const events: EventInput[] = [];
  const at = (days: number, time: string) => new Date(`${daysAgo(days)}T${time}Z`);
  const add = (
    who: { userId: number; campaignType: 'smtp' | 'pmta'; campaignId: number },
    when: Date,
    c: { delivered?: number; bounced?: number; views?: number; clicks?: number; unsub?: number },
    conversions: [string | null, number][] = [],
  ) => {
    const base = { ...who, at: when, mailProviderId: gmail, relayId: 1 };
    const times = (k: EventInput['kind'], count = 0, extra: Partial<EventInput> = {}) => {
      for (let i = 0; i < count; i++) events.push({ ...base, kind: k, ...extra });
    };
    times('sent', (c.delivered ?? 0) + (c.bounced ?? 0));
    times('delivered', c.delivered);
    times('bounced', c.bounced);
    times('open', c.views, { first: true });
    times('open', 2, { first: false }); // repeated opens are not Views
    times('click', c.clicks, { first: true });
    times('unsubscribe', c.unsub);
    for (const [country, cents] of conversions) times('conversion', 1, { country, amountCents: cents });
  };
  const spring = { userId: users.ann, campaignType: 'smtp' as const, campaignId: campaigns.spring };
  const summer = { userId: users.ann, campaignType: 'pmta' as const, campaignId: campaigns.summer };
  const weekly = { userId: users.ben, campaignType: 'smtp' as const, campaignId: campaigns.weekly };
  add(spring, at(1, '10:00:00'), { delivered: 40, bounced: 5, views: 20, clicks: 8, unsub: 2 }, [
    ['GB', 1250],
    ['GB', 750],
    ['DE', 500],
  ]);
  add(summer, at(2, '23:59:59'), { delivered: 25, bounced: 2, views: 10, clicks: 4, unsub: 1 }, [
    ['US', 2000],
    [null, 300],
  ]);
  add(summer, at(1, '00:00:00'), { delivered: 15, views: 5, clicks: 2 }, [['DE', 1000]]);
  add(weekly, at(3, '12:00:00'), { delivered: 60, bounced: 6, views: 30, clicks: 12, unsub: 3 }, [
    ['GB', 900],
    ['GB', 900],
    ['FR', 1100],
    [null, 100],
  ]);
  add(spring, at(10, '08:30:00'), { delivered: 50 }, [['GB', 5000]]);
  await db.query('begin');
  await recordEvents(db, events);
  await db.query('commit');
}, 180_000);
afterAll(async () => {
  await db?.end();
  await h?.stop();
});

describe('Profit and Activity reports', () => {
  test('Activity: Get, every figure against the events, totals, sorting, the filters and the range', async () => {
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/activity-report');
    await page.getByText('Select dates and get a report.').waitFor();
    await shots(page, 'activity-report-start');

    await button(page, 'Get').click();
    const all = await expectedActivity();
    expect(all.rows.map((r) => r[0])).toEqual([daysAgo(3), daysAgo(2), daysAgo(1)]);
    await expect.poll(() => bodyRows(page)).toEqual(all.rows);
    expect(await totalRow(page)).toEqual(all.total);
    await shots(page, 'activity-report');

    // A new column starts descending; the same column toggles.
    const header = (title: string) => page.locator('.ant-table-thead th', { hasText: new RegExp(`^${title}$`) });
    await header('Profit').click();
    await expect.poll(() => header('Profit').getAttribute('aria-sort')).toBe('descending');
    const byProfit = [...all.rows].sort((a, b) => Number(b[7]) - Number(a[7]));
    await expect.poll(() => bodyRows(page)).toEqual(byProfit);
    await header('Profit').click();
    await expect.poll(() => header('Profit').getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => bodyRows(page)).toEqual([...byProfit].reverse());
    await header('Date').click();
    await expect.poll(() => header('Date').getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => bodyRows(page)).toEqual([...all.rows].reverse());
    await header('Date').click();
    await expect.poll(() => bodyRows(page)).toEqual(all.rows);
    await page.mouse.move(600, 890); // the header's sort tooltip off the filters

    // One user, PMTA only: ann's PMTA campaign on both sides of midnight.
    await choose(page, 'User', 'ann');
    await pick(page, 'Campaign type', 'PMTA');
    await button(page, 'Get').click();
    const annPmta = await expectedActivity({ owner: users.ann, type: CampaignType.PMTA });
    expect(annPmta.rows.map((r) => r[0])).toEqual([daysAgo(2), daysAgo(1)]);
    await expect.poll(() => bodyRows(page)).toEqual(annPmta.rows);
    expect(await totalRow(page)).toEqual(annPmta.total);

    // An older range: only what happened then; a range with nothing: 'No data found.'.
    await pick(page, 'Campaign type', 'All');
    await setRange(page, daysAgo(12), daysAgo(8));
    await button(page, 'Get').click();
    const older = await expectedActivity({ owner: users.ann, from: daysAgo(12), to: daysAgo(8) });
    expect(older.rows.map((r) => r[0])).toEqual([daysAgo(10)]);
    await expect.poll(() => bodyRows(page)).toEqual(older.rows);
    await setRange(page, daysAgo(30), daysAgo(20));
    await button(page, 'Get').click();
    await page.getByText('No data found.').waitFor();
    expect(await page.locator('tr.report-total').count()).toBe(0);
    await shots(page, 'activity-report-empty');
  });

  test('Profit: by date, campaign and country against the events, links, Unknown, totals, sorting', async () => {
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/profit-report');
    await page.getByText('Select dates and get a report.').waitFor();

    await button(page, 'Get').click();
    const byDate = await expectedProfit('date');
    await expect.poll(() => bodyRows(page)).toEqual(byDate.rows);
    expect(await totalRow(page)).toEqual(byDate.total);
    expect(await page.locator('.ant-table-thead th').allTextContents()).toEqual(['Date', 'Count', 'Profit']);
    await shots(page, 'profit-report-date');

    await pick(page, 'Report type', 'Campaign');
    await button(page, 'Get').click();
    const byCampaign = await expectedProfit('campaign');
    await expect.poll(() => bodyRows(page)).toEqual(byCampaign.rows);
    expect(await totalRow(page)).toEqual(byCampaign.total);
    expect(await page.getByRole('link', { name: 'Summer promo' }).getAttribute('href')).toBe(
      `/pmta-campaigns/${campaigns.summer}/statistics`,
    );
    expect(await page.getByRole('link', { name: 'Ben weekly' }).getAttribute('href')).toBe(
      `/smtp-campaigns/${campaigns.weekly}/statistics`,
    );
    await shots(page, 'profit-report-campaign');

    await pick(page, 'Report type', 'Country');
    await button(page, 'Get').click();
    const byCountry = await expectedProfit('country');
    expect(byCountry.rows.map((r) => r[0])).toContain('Unknown');
    await expect.poll(() => bodyRows(page)).toEqual(byCountry.rows);
    expect(await totalRow(page)).toEqual(byCountry.total);
    await shots(page, 'profit-report-country');

    // Sorting by Country: descending first, then ascending.
    const header = page.locator('.ant-table-thead th', { hasText: /^Country$/ });
    await header.click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    const names = byCountry.rows.map((r) => r[0]!);
    // '' sorts first ascending on the server: Unknown is last descending.
    const asc = ['Unknown', ...names.filter((c) => c !== 'Unknown').sort()];
    await expect.poll(async () => (await bodyRows(page)).map((r) => r[0])).toEqual([...asc].reverse());
    await header.click();
    await expect.poll(async () => (await bodyRows(page)).map((r) => r[0])).toEqual(asc);
    await page.mouse.move(600, 890);

    // ann's SMTP campaigns by country.
    await choose(page, 'User', 'ann');
    await pick(page, 'Campaign type', 'SMTP');
    await button(page, 'Get').click();
    const annSmtp = await expectedProfit('country', { owner: users.ann, type: CampaignType.SMTP });
    await expect.poll(async () => [...(await bodyRows(page))].sort()).toEqual([...annSmtp.rows].sort());
    expect(await totalRow(page)).toEqual(annSmtp.total);

    // A refused call: the reports' 'Error' dialog.
    await page.route('**/api/profit-report', (route) => route.fulfill({ status: 500, body: '' }));
    await button(page, 'Get').click();
    await dialog(page).getByText('500: Internal Server Error').waitFor();
    await dialog(page)
      .locator('.ant-modal-confirm-title', { hasText: /^Error$/ })
      .waitFor();
  });

  test('an ordinary user: no User filter, only their own figures', async () => {
    const { page } = await h.open(1400);
    await signIn(page, ANN.email, ANN.password);
    await page.goto('/profit-report');
    await page.getByText('Select dates and get a report.').waitFor();
    expect(await page.getByLabel('User', { exact: true }).count()).toBe(0);
    await pick(page, 'Report type', 'Campaign');
    await button(page, 'Get').click();
    const own = await expectedProfit('campaign', { owner: users.ann });
    await expect.poll(() => bodyRows(page)).toEqual(own.rows);
    expect(own.rows.map((r) => r[0])).toEqual([
      `PMTA#${campaigns.summer}Summer promo`,
      `SMTP#${campaigns.spring}Spring sale`,
    ]);
    await shots(page, 'profit-report-user');

    await page.goto('/activity-report');
    await button(page, 'Get').click();
    const activity = await expectedActivity({ owner: users.ann });
    await expect.poll(() => bodyRows(page)).toEqual(activity.rows);
    expect(await totalRow(page)).toEqual(activity.total);
  });
});
