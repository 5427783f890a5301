import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, columnTexts, fieldError, selectOption, shotBoth, signIn } from './ui.ts';

/* The administrators' tools: each form through the browser against the real server and database. */

let h: Harness;
let page: Page;
let relayId: number;
let emailIds: number[];
let listIds: number[];

beforeAll(async () => {
  h = await startHarness();
  const one = async (text: string) => (await h.sql(text)).rows[0] as Record<string, number>;
  const admin = (await one(`select id from users where email = '${ADMIN.email}'`)).id!;
  const category = (await one(`insert into categories (name) values ('Tools') returning id`)).id!;
  const other = (await one(`select id from mail_providers where name = 'Other'`)).id!;
  listIds = [];
  for (const name of ['Spring list', 'Autumn list']) {
    listIds.push(
      (
        await one(
          `insert into email_lists (name, category_id, user_id) values ('${name}', ${category}, ${admin}) returning id`,
        )
      ).id!,
    );
  }
  emailIds = (
    await h.sql(
      `insert into emails (email_list_id, email, mail_provider_id, valid)
       values (${listIds[0]}, 'ann@tools.example.com', ${other}, true), (${listIds[1]}, 'ann@tools.example.com', ${other}, true)
       returning id`,
    )
  ).rows.map((r) => r.id as number);
  // A PMTA server with relays: one deleted, one that got its IP after it.
  const server = (
    await one(
      `insert into pmta_servers (name, server_ip, ip_list, user_id) values ('tools-pmta', '127.0.0.1', '127.0.0.1', ${admin}) returning id`,
    )
  ).id!;
  const group = (
    await one(`insert into pmta_relay_groups (name, user_id) values ('tools-group', ${admin}) returning id`)
  ).id!;
  const relay = (host: string, ip: string) =>
    one(`insert into pmta_relays (user_id, group_id, pmta_server_id, smtp_host, ip, sender_email)
         values (${admin}, ${group}, ${server}, '${host}', '${ip}', 'sender@${host}') returning id`);
  const gone = (await relay('mta1.history.example.net', '198.51.100.7')).id!;
  await h.sql(`delete from pmta_relays where id = ${gone}`);
  relayId = (await relay('mta2.history.example.net', '198.51.100.7')).id!;
  // The uploading log: 30 lines a minute apart, every tenth an error, every fifth otherwise a warning.
  await h.sql(
    `insert into upload_log (event_time, source, msg_type, msg_text)
     select timestamptz '2030-01-01 00:00:00+00' + (i || ' minutes')::interval,
            case when i % 2 = 0 then 'socks' else 'unsubscribers' end,
            case when i % 10 = 0 then 'Error' when i % 5 = 0 then 'Warning' else 'Info' end,
            'line ' || i
       from generate_series(0, 29) i`,
  );
  page = (await h.open(1400)).page;
  await signIn(page, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await h?.stop();
});

/** One tool's form (named by its card's title) and the 'Validation Errors' card inside it. */
const form = (title: string) => page.getByRole('form', { name: title });
const field = (title: string, label: string) => form(title).getByLabel(label, { exact: true });
const errorCard = (title: string) => form(title).getByRole('alert');
const described = (label: string) =>
  page.evaluate((l) => {
    const table = document.querySelector(`[aria-label="${l}"]`);
    return Object.fromEntries(
      [...(table?.querySelectorAll('tr') ?? [])].map((tr) => [
        tr.querySelector('th')?.textContent?.trim(),
        tr.querySelector('td')?.textContent?.trim(),
      ]),
    );
  }, label);

describe('Tools', () => {
  test('Uuid Decoder: encode four numbers, decode the UUID back; a forged one is refused', async () => {
    await page.goto('/tools/uuid-decoder');
    await button(page, 'Decode').click();
    await fieldError(page, 'Required.').waitFor();
    await field('Encode', 'Campaign Type').fill('smtp');
    await button(page, 'Encode').click();
    await fieldError(page, 'Must be numeric.').waitFor();
    expect(await form('Encode').locator('.ant-form-item-explain-error').allTextContents()).toEqual([
      'Must be numeric.',
      'Required.',
      'Required.',
      'Required.',
    ]);

    await field('Encode', 'Campaign Type').fill('1');
    await field('Encode', 'Campaign ID').fill('4000000000');
    await field('Encode', 'Relay ID').fill(String(relayId));
    await field('Encode', 'Email ID').fill(String(emailIds[0]));
    await button(page, 'Encode').click();
    const uuid = (await page.locator('[aria-label="Encoded"] code').textContent())!.trim();
    expect(uuid).toMatch(/^[A-Za-z0-9_-]{22}$/);

    await field('Decode', 'UUID').fill(uuid);
    await button(page, 'Decode').click();
    await page.locator('[aria-label="Decoded"]').waitFor();
    expect(await described('Decoded')).toEqual({
      'Campaign Type': '1 (PMTA)',
      'Campaign ID': '4000000000 (not found)',
      'Relay ID': `${relayId} mta2.history.example.net`,
      'Email ID': `${emailIds[0]} ann@tools.example.com`,
    });
    await shotBoth(page, 'tools-uuid-decoder');

    // One character changed: not a UUID this console made.
    const forged = uuid.slice(0, 5) + (uuid[5] === 'A' ? 'B' : 'A') + uuid.slice(6);
    await field('Decode', 'UUID').fill(forged);
    await button(page, 'Decode').click();
    await errorCard('Decode').getByText('UUID: This UUID was not made by this console').waitFor();
    await expect(page.locator('[aria-label="Decoded"]').count()).resolves.toBe(0);

    // Issue 38: a refused encode takes the previous UUID away (it belonged to other numbers).
    await field('Encode', 'Campaign Type').fill('9');
    await button(page, 'Encode').click();
    await form('Encode').locator('.ant-form-item-explain-error').first().waitFor();
    await expect.poll(() => page.locator('[aria-label="Encoded"]').count()).toBe(0);
  });

  test('Email ID Decoder: an id names its address and list; an address lists its ids', async () => {
    await page.goto('/tools/email-id-decoder');
    await field('Decode', 'Email ID').fill('abc');
    await button(page, 'Decode').click();
    await fieldError(page, 'Must be numeric.').waitFor();
    await field('Decode', 'Email ID').fill(String(emailIds[1]));
    await button(page, 'Decode').click();
    await page.locator('[aria-label="Decoded"]').waitFor();
    expect(await described('Decoded')).toEqual({
      Email: 'ann@tools.example.com',
      'Email List': `Autumn list (#${listIds[1]})`,
    });

    await field('Encode', 'Email').fill('not an address');
    await button(page, 'Encode').click();
    await fieldError(page, 'Invalid Email').waitFor();
    // two soft bounces (decision 1441), one of them older than the window of 30 days
    await h.sql(
      `insert into soft_bounces (email, bounces, reason, diagnostic)
       values ('ann@tools.example.com', array[now() - interval '40 days', now() - interval '1 day'],
               'quota-issues', '552 5.2.2 mailbox full')`,
    );
    await field('Encode', 'Email').fill('Ann@Tools.example.com');
    await button(page, 'Encode').click();
    await page.locator('[aria-label="Encoded"] .ant-table-row').first().waitFor();
    const history = await described('Address history');
    expect(history['Soft bounces']).toMatch(
      /^1 of 5 within 30 days \(last \d{4}-\d\d-\d\d \d\d:\d\d, quota-issues: 552 5\.2\.2 mailbox full\)$/,
    );
    expect(history).toMatchObject({ 'Bounced Emails': 'Not bounced', Complaints: 'About 0 owner(s)' });
    expect(await columnTexts(page, 'Email ID')).toEqual(emailIds.map(String));
    expect(await columnTexts(page, 'Email List')).toEqual([
      `Spring list (#${listIds[0]})`,
      `Autumn list (#${listIds[1]})`,
    ]);
    await shotBoth(page, 'tools-email-id-decoder');

    await field('Encode', 'Email').fill('nobody@tools.example.com');
    await button(page, 'Encode').click();
    await errorCard('Encode').getByText('No e-mail list holds this address.').waitFor();
  });

  test('History: the relays that had an IP or a domain, created and deleted', async () => {
    await page.goto('/tools/history');
    await field('IP History', 'IP').fill('999.1.1.1');
    await button(page, 'Get').first().click();
    await fieldError(page, 'Error').waitFor();
    await field('IP History', 'IP').fill('198.51.100.7');
    await button(page, 'Get').first().click();
    const ipRows = page.locator('[aria-label="IP history"] .ant-table-row');
    await ipRows.first().waitFor();
    const rows = await ipRows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
    );
    expect(rows.map((r) => r.slice(0, 3))).toEqual([
      [String(relayId), '198.51.100.7', 'mta2.history.example.net'],
      [expect.any(String), '198.51.100.7', 'mta1.history.example.net'],
    ]);
    expect(rows[0]![3]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(rows[0]![4]).toBe('');
    expect(rows[1]![4]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    await button(page, 'Get').nth(1).click();
    await fieldError(page, 'Required').waitFor();
    await field('Domain History', 'Domain').fill('History.example.net');
    await button(page, 'Get').nth(1).click();
    await page.locator('[aria-label="Domain history"] .ant-table-row').nth(1).waitFor();
    await shotBoth(page, 'tools-history');
    await field('Domain History', 'Domain').fill('elsewhere.example.org');
    await button(page, 'Get').nth(1).click();
    await page.locator('[aria-label="Domain history"]').getByText('No data found.').waitFor();
  });

  test('Uploading Log: a digest of the newest lines, or a UTC date range; errors red, warnings yellow', async () => {
    await page.goto('/tools/uploading-log');
    await page.getByText('Select source, dates or limit and get a log.').waitFor();
    await page.getByLabel('Limit', { exact: true }).fill('2.5');
    await button(page, 'Get').click();
    await fieldError(page, 'Digest only').waitFor();
    await page.getByLabel('Limit', { exact: true }).fill('');
    await page.getByLabel('Limit', { exact: true }).fill('20');
    await button(page, 'Get').click();
    await page.getByTestId('total').getByText('20').waitFor();
    expect((await columnTexts(page, 'Message')).slice(0, 3)).toEqual(['line 29', 'line 28', 'line 27']);
    const background = (text: string) =>
      page
        .locator('.ant-table-row', { has: page.getByText(text, { exact: true }) })
        .evaluate((tr) => getComputedStyle(tr).backgroundColor);
    const [error, warning, info] = [
      await background('line 20'),
      await background('line 25'),
      await background('line 21'),
    ];
    expect(new Set([error, warning, info]).size).toBe(3);
    expect(error).toMatch(/^rgb\(2\d\d, \d+, \d+\)$/); // red-ish
    await shotBoth(page, 'tools-uploading-log');

    // One source, between two UTC minutes (both included): the limit is off.
    const source = page.getByLabel('Source', { exact: true });
    await source.click();
    await selectOption(page, 'socks').click();
    const range = page.locator('.ant-picker-range input');
    const fillDate = async (input: number, value: string) => {
      await range.nth(input).click();
      await range.nth(input).fill(value);
      await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
      // Kept only once OK has taken it (a loaded run sent Get with the range before).
      await expect.poll(() => range.nth(input).inputValue()).toBe(value);
    };
    await fillDate(0, '2030-01-01 00:03');
    await fillDate(1, '2030-01-01 00:12');
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
    await expect(page.getByLabel('Limit', { exact: true }).isDisabled()).resolves.toBe(true);
    await button(page, 'Get').click();
    await page.getByTestId('total').getByText('5', { exact: true }).waitFor();
    expect(await columnTexts(page, 'Message')).toEqual(['line 12', 'line 10', 'line 8', 'line 6', 'line 4']);
    expect(new Set(await columnTexts(page, 'Source'))).toEqual(new Set(['socks']));

    await fillDate(0, '2031-01-01 00:00');
    await fillDate(1, '2031-01-02 00:00');
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
    await button(page, 'Get').click();
    await page.getByText('No data found.').waitFor();
  });
});
