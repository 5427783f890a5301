// @ts-nocheck
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, columnTexts, seeToast, shotBoth, signIn } from './ui.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

describe('reputation providers', () => {
  test('the seeded providers say how they rate relays; a flag is switched off and the relays follow', async () => {
    const relay = await h.sql(
      `with s as (insert into pmta_servers (name, server_ip, ip_list, user_id) values ('s', '203.0.113.9', '127.0.0.1', 1) returning id),
            g as (insert into pmta_relay_groups (name, user_id) values ('g', 1) returning id)
       insert into pmta_relays (user_id, group_id, pmta_server_id, smtp_host, ip, sender_email, active, status)
       select 1, g.id, s.id, 'mta.example.com', '198.51.100.9', 'a@example.com', true, 3 from s, g returning id`,
    );
    await h.sql(
      `insert into relay_reputations (relay_id, provider_id, reputation, details)
       select $1, id, 3, 'Listed: 127.0.0.2.' from reputation_providers where name = 'SpamCop'`,
      [relay.rows[0].id],
    );
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/reputation-providers');
    await page.getByText("Every active relay's IP is looked up in zen.spamhaus.org each hour.").waitFor();
    expect(await columnTexts(page, 'Name')).toContain('Microsoft SNDS');
    await page.getByText('Needs an account with the mailbox provider', { exact: false }).first().waitFor();
    await shotBoth(page, 'reputation-providers');

    await page.getByRole('button', { name: 'Edit SpamCop' }).click();
    await page.waitForURL('**/reputation-providers/*/edit');
    expect(await page.getByRole('textbox', { name: 'Name' }).isDisabled()).toBe(true);
    await page.getByRole('switch', { name: 'Affects the relay status' }).click();
    await button(page, 'Save').click();
    await seeToast(page, 'Updated!');
    await page.waitForURL('**/reputation-providers');
    expect((await h.sql('select status from pmta_relays where id = $1', [relay.rows[0].id])).rows[0].status).toBe(1);
  });
});
