import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { CampaignType } from '@console/shared/enums';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { failureScreenshot, shot, signIn } from './ui.ts';

/*
 * Issue 38, major 2: a campaign's statistics with a long name, a long list name and six-figure counters.
 * The overall row's main figures (Open, Click, Unsubscribed, Conversion, Profit) are whole on the screen
 * without scrolling at 1400 px, and reachable (scrolled to, then whole) at 1000 px.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});
afterEach(failureScreenshot('statistics-width'));

const MAIN = ['Open', 'Click', 'Unsubscribed', 'Conversion', 'Profit'];

async function campaign(): Promise<number> {
  const token = (await h.api<{ token: string }>('/login_check', { json: ADMIN })).body.token;
  const post = async (path: string, json: unknown) => {
    const res = await h.api<{ id: number }>(path, { json, token });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body.id;
  };
  const id = async (sql: string, params?: unknown[]) => (await h.sql(sql, params)).rows[0].id as number;
  const message = await post('/messages', {
    name: 'Spring sale announcement',
    subject: 'Hello [name]',
    htmlContent: '<html><body><p>Hello [name]</p></body></html>',
  });
  const category = await id(`insert into categories (name) values ('Seasonal') returning id`);
  const offer = await post('/offers', { name: 'Seeds', url: 'https://o.example.com/', category, user: 1 });
  const group = await post('/smtp_relay_groups', { name: 'Spring relays' });
  const list = await id(
    `insert into email_lists (name, category_id, user_id, total_counter, valid_counter)
     values ('Spring newsletter subscribers from the garden shop, all regions', $1, 1, 0, 0) returning id`,
    [category],
  );
  const providers = (await h.sql(`select id from mail_providers where name in ('Gmail', 'Yahoo') order by id`)).rows;
  const campaignId = await id(
    `insert into campaigns (type, name, sender, email_list_id, mail_provider_ids, message_id, offer_id, relay_status,
                            smtp_relay_group_id, status, start_date, end_date, total, user_id)
     values (${CampaignType.SMTP}, $1, 'Garden Shop Team', $2, $3::int[], $4, $5, 1, $6, 5,
             '2026-03-02T08:15:00Z', '2026-03-04T19:45:00Z', 1234567, 1) returning id`,
    [
      'Spring sale for garden fans in Europe and North America, second wave',
      list,
      providers.map((p) => p.id),
      message,
      offer,
      group,
    ],
  );
  const figures = `1234567, 1198765, 1187654, 35802, 1109, 987654, 123456, 12345, 23456, 34567, 4567, 9876543`;
  await h.sql(
    `insert into campaign_counters (campaign_type, campaign_id, total, sent, delivered, bounced, interrupted,
       opens, unique_opens, clicks, unique_clicks, unsubscribes, conversions, profit_cents)
     values (${CampaignType.SMTP}, $1, ${figures})`,
    [campaignId],
  );
  for (const p of providers)
    await h.sql(
      `insert into campaign_provider_counters (campaign_type, campaign_id, mail_provider_id, total, sent, delivered,
         bounced, interrupted, opens, unique_opens, clicks, unique_clicks, unsubscribes, conversions, profit_cents)
       values (${CampaignType.SMTP}, $1, $2, ${figures})`,
      [campaignId, p.id],
    );
  return campaignId;
}

/** Each main header of the overall table: whole inside the window and inside the table's own scroll box. */
async function whole(page: Page, width: number) {
  const table = page.getByTestId('overall-stats');
  const box = (await table.locator('.ant-table-content').boundingBox())!;
  const out: string[] = [];
  for (const title of MAIN) {
    const th = table.locator('thead th', { hasText: new RegExp(`^${title}$`) });
    const b = (await th.boundingBox())!;
    if (b.x < box.x - 0.5 || b.x + b.width > box.x + box.width + 0.5 || b.x + b.width > width) out.push(title);
  }
  return out;
}

describe('statistics at 1400 and 1000 px', () => {
  test("the overall row's main figures are visible at 1400 px and reachable at 1000 px", async () => {
    const id = await campaign();
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/smtp-campaigns/${id}/statistics`);
    const table = page.getByTestId('overall-stats');
    await table.getByText('98765.43').waitFor();
    await page.getByText('second wave').first().waitFor();
    expect(await whole(page, 1400)).toEqual([]);
    await shot(page, 'statistics-width-1400');

    await page.setViewportSize({ width: 1000, height: 900 });
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    await shot(page, 'statistics-width-1000');
    // Reachable: each one scrolled into view (the table's own sideways scroll) is then whole on the screen.
    for (const title of MAIN) {
      const th = table.locator('thead th', { hasText: new RegExp(`^${title}$`) });
      await th.scrollIntoViewIfNeeded();
      expect(await whole(page, 1000).then((out) => out.includes(title)), title).toBe(false);
    }
    // The per-service table keeps the service's name in sight while it scrolls.
    const services = page.getByRole('region', { name: 'Mail services' });
    await services.getByRole('button', { name: 'Top domains of Gmail' }).waitFor();
  });
});
