// @ts-nocheck
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { EventKind } from '@console/shared/enums';
import { overall } from './campaigns.ts';
import { button, closeToasts, shotBoth, signIn } from './ui.ts';

/*
 * `npm run demo` (packages/demo) in a temporary folder, small (DEMO_SIZE), on a database of its own on the
 * run's PostgreSQL: the journey signs in with the login the demo prints, sees the Demo badge, the
 * dashboard's figures against the events, a live campaign's statistics moving, and two reports.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
let demo: ChildProcess;
let browser: Browser;
let dataDir: string;
let dbUrl: string;
let db: pg.Client;
let baseUrl = '';
let login = { email: '', password: '' };
const output: string[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Events of `kind` so far (optionally since `since`). */
async function count(kind: number, since = "now() - interval '100 days'") {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from events where kind = $1 and at >= ${since}`,
    [kind],
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  const admin = new URL(inject('e2eAdminUrl'));
  admin.pathname = `/e2e_demo_${crypto.randomBytes(4).toString('hex')}`;
  dbUrl = admin.toString();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-demo-'));
  // The demo's own ports are PORT+11..+30: a free port well away from the others, and below Linux's
  // ephemeral range (32768-60999), where any outgoing connection or port-0 server may hold one of them (a
  // run drew 34218 while a connection held it: "port 34218 is in use").
  const port = 20_000 + Math.floor(Math.random() * 12_000);
  demo = spawn(process.execPath, ['packages/demo/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      DEMO_TRACKER_PORT: String(await freePort()),
      DEMO_SIZE: '1500',
      DATABASE_URL: dbUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  demo.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const lines = readline.createInterface({ input: demo.stdout! });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the demo did not get ready:\n${output.join('\n')}`)), 170_000);
    demo.once('exit', (c) => reject(new Error(`the demo exited (${c}):\n${output.join('\n')}`)));
    lines.on('line', (line) => {
      output.push(line);
      // The first lines: the URL, then the logins.
      if (output.length === 1) baseUrl = /^Demo console: (\S+)$/.exec(line)?.[1] ?? '';
      const m = /^Sign in as (\S+) \/ (\S+) \(administrator\)/.exec(line);
      if (m) login = { email: m[1]!, password: m[2]! };
      if (line.includes('] ready: open')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}, 180_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  await db?.end().catch(() => {});
  if (demo && demo.exitCode === null) {
    const exited = new Promise((r) => demo.once('exit', r));
    demo.kill('SIGINT'); // as Ctrl-C: the demo stops every process it started
    await exited;
  }
  expect(output.join('\n')).toContain('Demo stopped.');
  const client = new pg.Client({ connectionString: inject('e2eAdminUrl') });
  await client.connect();
  await client
    .query(`drop database if exists ${new URL(dbUrl).pathname.slice(1)} with (force)`)
    .finally(() => client.end());
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function open(): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[browser error] ${e.message}`));
  return page;
}

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

const totalRow = (page: Page) =>
  page.locator('tr.report-total td').evaluateAll((tds) => tds.map((td) => td.textContent?.trim() ?? ''));

describe('npm run demo', () => {
  test('prints the URL and the logins first; the header says Demo', async () => {
    expect(output[0]).toBe(`Demo console: ${baseUrl}`);
    expect(output[1]).toContain(login.email);
    expect(output.slice(0, 4).join('\n')).toContain('Ctrl-C');
    const page = await open();
    await signIn(page, login.email, login.password);
    await expect.poll(() => page.getByTestId('demo-badge').textContent()).toBe('Demo');
    // The seeded workspace: no Getting started checklist.
    await page.getByText('Profit dynamics').first().waitFor();
    expect(await page.getByRole('region', { name: 'Getting started' }).count()).toBe(0);
    await shotBoth(page, 'demo-home');
    await page.context().close();
  });

  test('the dashboard: non-empty figures that agree with the events, and its chart', async () => {
    const page = await open();
    await signIn(page, login.email, login.password);
    const window = "date_trunc('hour', now()) - interval '23 hours'";
    const hour = async () =>
      (await db.query<{ h: Date }>(`select date_trunc('hour', now()) as h`)).rows[0]!.h.getTime();
    // The dashboard's 24 hours move on at each full hour: a reading that spans one is taken again.
    let before, shown, after, spanned;
    do {
      const started = await hour();
      before = await count(EventKind.sent, window);
      expect(before).toBeGreaterThan(0);
      await page.goto('/dashboard');
      await page.getByRole('img', { name: 'Overall traffic chart' }).locator('canvas, svg').first().waitFor();
      await expect.poll(() => statistic(page, 'Total')).toBeGreaterThan(0);
      shown = await statistic(page, 'Total');
      after = await count(EventKind.sent, window);
      spanned = (await hour()) !== started;
    } while (spanned);
    expect(shown).toBeGreaterThanOrEqual(before);
    expect(shown).toBeLessThanOrEqual(after);
    await closeToasts(page);
    await shotBoth(page, 'demo-dashboard');
    await page.context().close();
  });

  test("a live campaign's statistics move", async () => {
    const page = await open();
    await signIn(page, login.email, login.password);
    const { rows } = await db.query<{ id: number }>(`select id from campaigns where name = 'Meal kits weekly (live)'`);
    await page.goto(`/smtp-campaigns/${rows[0]!.id}/statistics`);
    await page.getByTestId('overall-stats').waitFor();
    await expect.poll(() => overall(page, 'Delivered')).toBeGreaterThan(0);
    const first = await overall(page, 'Delivered');
    // Live: the figures grow on the page without a reload.
    await expect.poll(() => overall(page, 'Delivered'), { timeout: 60_000 }).toBeGreaterThan(first);
    await shotBoth(page, 'demo-campaign-statistics');
    await page.context().close();
  });

  test('the Profit and Activity reports have data that agrees with the events', async () => {
    const page = await open();
    await signIn(page, login.email, login.password);
    const range = "(now() at time zone 'UTC')::date - 6";
    const day = async () =>
      (await db.query<{ d: string }>(`select ((now() at time zone 'UTC')::date)::text as d`)).rows[0]!.d;
    // The report's 7 days move on at midnight UTC: a reading that spans it is taken again.
    let before, shownCount, after, spanned;
    do {
      const started = await day();
      before = await count(EventKind.conversion, `(${range})::timestamp at time zone 'UTC'`);
      expect(before).toBeGreaterThan(0);
      await page.goto('/profit-report');
      await page.getByText('Select dates and get a report.').waitFor();
      await button(page, 'Get').click();
      await expect.poll(async () => (await totalRow(page)).length).toBeGreaterThan(0);
      shownCount = Number((await totalRow(page))[1]!.replace(/[^\d]/g, ''));
      after = await count(EventKind.conversion, `(${range})::timestamp at time zone 'UTC'`);
      spanned = (await day()) !== started;
    } while (spanned);
    expect(shownCount).toBeGreaterThanOrEqual(before);
    expect(shownCount).toBeLessThanOrEqual(after);
    await shotBoth(page, 'demo-profit-report');

    await page.goto('/activity-report');
    await button(page, 'Get').click();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await shotBoth(page, 'demo-activity-report');
    await page.context().close();
  });

  test("the PMTA campaign's recipients open and click through the relay's host (port 9999's tracker)", async () => {
    const tracked = async (kind: number) => {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from events e join campaigns c on c.id = e.campaign_id
          where c.name = 'Solar autumn (live)' and e.kind = $1`,
        [kind],
      );
      return rows[0]!.n;
    };
    await expect.poll(() => tracked(EventKind.open), { timeout: 90_000 }).toBeGreaterThan(0);
    await expect.poll(() => tracked(EventKind.click), { timeout: 90_000 }).toBeGreaterThan(0);
  });
});
