// @ts-nocheck
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CampaignType } from '@console/shared/enums';
import { OfferMessages } from '@console/shared/offers';
import { encodeTrackingId } from '../../server/src/tracking/uuid.ts';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, dialog, seeToast, shotBoth, signIn } from './ui.ts';

/*
 * Issue 24 in the browser, under the console's Content-Security-Policy: the offer screen's postback URL
 * with the owner's key, its rotation (the old key answers 403 over HTTP, the new one counts), the offer's
 * postback rules, and the PMTA server form's own SSH public key with its rotation naming the servers.
 */

const APP_SECRET = 'e2e-tenant-keys-secret-of-at-least-32-characters';
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { APP_SECRET } });
});
afterAll(async () => {
  await h?.stop();
});

async function token() {
  return (await h.api<{ token: string }>('/login_check', { json: ADMIN })).body.token;
}

describe('postback key and SSH key of an owner', () => {
  test('the offer shows its postback URL; a new key refuses the old one; the offer rules are saved', async () => {
    const auth = await token();
    const post = async (path: string, json: unknown) => {
      const res = await h.api<{ id: number }>(path, { json, token: auth });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res.body.id;
    };
    const one = async (sql: string, params?: unknown[]) => Number((await h.sql(sql, params)).rows[0].id);
    // A sent campaign with one recipient: the postbacks below are for that recipient.
    const messageId = await post('/messages', { name: 'Note', subject: 'Hi', htmlContent: '<p>Hi [unsub]</p>' });
    const categoryId = await one(`insert into categories (name) values ('Postbacks') returning id`);
    const offerId = await post('/offers', {
      name: 'Spring offer',
      url: 'https://o.example.com/',
      category: categoryId,
      user: 1,
    });
    const offerLinks = await post('/link_groups', { name: 'Offer links', type: 'offer' });
    await post('/links', { group: offerLinks, url: 'https://trk.example.com/t/c/[uuid]' });
    const groupId = await post('/smtp_relay_groups', { name: 'Relays' });
    const listId = await one(
      `insert into email_lists (name, category_id, user_id) values ('Readers', $1, 1) returning id`,
      [categoryId],
    );
    const emailId = await one(
      `insert into emails (email_list_id, email, name, surname, mail_provider_id, valid)
       values ($1, 'reader@example.com', 'Ann', 'Ash', (select id from mail_providers order by id limit 1), true) returning id`,
      [listId],
    );
    const campaignId = await one(
      `insert into campaigns (type, name, sender, email_list_id, mail_provider_ids, message_id, offer_id, offer_links_id,
                              relay_status, smtp_relay_group_id, status, user_id)
       values (${CampaignType.SMTP}, 'Spring', 'Team', $1, '{}', $2, $3, $4, 1, $5, 2, 1) returning id`,
      [listId, messageId, offerId, offerLinks, groupId],
    );
    await h.sql(
      `create table if not exists campaign_recipients_${campaignId} partition of campaign_recipients for values in (${campaignId})`,
    );
    await h.sql(
      `insert into campaign_recipients (campaign_id, email_id, email, domain, mail_provider_id, status, done_at)
       values ($1, $2, 'reader@example.com', 'example.com', (select id from mail_providers order by id limit 1), 3, now())`,
      [campaignId, emailId],
    );
    const cid = encodeTrackingId(new TextEncoder().encode(APP_SECRET), {
      campaignType: 'smtp',
      campaignId,
      relayId: 7,
      emailId,
    });
    const conversions = async () =>
      ((
        await h.sql(
          `select conversions from campaign_counters where campaign_type = ${CampaignType.SMTP} and campaign_id = $1`,
          [campaignId],
        )
      ).rows[0]?.conversions as number | undefined) ?? 0;
    const postback = async (key: string, sum: number) => {
      const res = await fetch(`${h.baseUrl}/postback?cid=${cid}&sum=${sum}&key=${encodeURIComponent(key)}`);
      return { status: res.status, body: await res.text() };
    };

    // The console's CSP is on, and the built app breaks none of it.
    const csp = (await fetch(`${h.baseUrl}/offers/${offerId}/edit`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const { page } = await h.open(1400);
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/offers/${offerId}/edit`);
    await page.getByRole('heading', { name: `Edit Offer #${offerId}` }).waitFor();
    const box = page.getByTestId('postback-url');
    await box.getByText(/\/postback\?cid=\{cid\}&sum=\{sum\}&key=[A-Za-z0-9_-]{24}$/).waitFor();
    const before = (await box.innerText()).trim();
    expect(before.startsWith(`${h.baseUrl}/postback?`)).toBe(true);
    const oldKey = new URL(before).searchParams.get('key')!;
    await button(page, 'New postback key…').scrollIntoViewIfNeeded();
    await shotBoth(page, 'offer-postback-url');

    // A new key, after a confirmation that says the networks must get the new URL.
    await button(page, 'New postback key…').click();
    await dialog(page).getByText('Give every affiliate network the new postback URL.').waitFor();
    await shotBoth(page, 'offer-postback-rotate-confirm');
    await dialog(page).getByRole('button', { name: 'Make a new key' }).click();
    await seeToast(page, 'A new postback key was made: give the affiliate networks the new postback URL.');
    await expect.poll(async () => (await box.innerText()).trim()).not.toBe(before);
    const after = (await box.innerText()).trim();
    const newKey = new URL(after).searchParams.get('key')!;
    expect(newKey).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(newKey).not.toBe(oldKey);
    expect(after.replace(newKey, '')).toBe(before.replace(oldKey, ''));

    // Over HTTP: the old key is refused and counts nothing; the new one counts.
    expect(await postback(oldKey, 5)).toEqual({ status: 403, body: 'Forbidden.' });
    expect(await conversions()).toBe(0);
    expect(await postback(newKey, 5)).toEqual({ status: 200, body: JSON.stringify({ status: 'recorded' }) });
    await expect.poll(conversions).toBe(1);

    // The offer's own rules: validated with the shared schema's message, then saved.
    await page.getByLabel('Maximum Amount', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.ant-form-item-explain-error', { hasText: OfferMessages.maxAmountInvalid }).waitFor();
    await page.getByLabel('Maximum Amount', { exact: true }).fill('25.5');
    await page.getByLabel('Count a conversion only after a click').check();
    await shotBoth(page, 'offer-postback-rules');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/offers');
    expect(violations).toEqual([]);
    const saved = await h.sql('select postback_requires_click, postback_max_amount from offers where id = $1', [
      offerId,
    ]);
    expect(saved.rows[0]).toEqual({ postback_requires_click: true, postback_max_amount: expect.anything() });
    expect(Number(saved.rows[0].postback_max_amount)).toBe(25.5);
  });

  test("the PMTA server form shows the owner's SSH public key; a new key names the servers to update", async () => {
    await h.sql(
      `insert into pmta_servers (name, server_ip, ip_list, user_id) values ('pmta-east', '203.0.113.7', '127.0.0.1', 1),
         ('pmta-west', '203.0.113.8', '127.0.0.1', 1)`,
    );
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/pmta-servers/create');
    const key = page.getByTestId('ssh-public-key');
    await key.getByText(/^ssh-ed25519 \S+ console-user1@pmta$/).waitFor();
    const before = (await key.innerText()).trim();
    await shotBoth(page, 'pmta-server-ssh-key');
    await button(page, 'New key…').click();
    const servers = dialog(page).getByTestId('ssh-rotate-servers');
    await servers.getByText('pmta-east (203.0.113.7)').waitFor();
    await servers.getByText('pmta-west (203.0.113.8)').waitFor();
    await shotBoth(page, 'pmta-server-ssh-rotate-confirm');
    await dialog(page).getByRole('button', { name: 'Make a new key' }).click();
    await seeToast(page, 'A new SSH key was made: update authorized_keys on your servers.');
    await expect.poll(async () => (await key.innerText()).trim()).not.toBe(before);
  });
});
