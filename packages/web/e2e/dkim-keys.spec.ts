import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CampaignMessages } from '@console/shared/campaigns';
import { CampaignType } from '@console/shared/enums';
import { HTTP_UNSUBSCRIBE_WARNING, TEXT_VERSION_HELP } from '@console/shared/messages';
import { pick } from './campaigns.ts';
import { startDnsServer } from '../../server/test/peers/dns-server.ts';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, dialog, seeToast, shot, shotBoth, signIn } from './ui.ts';

/*
 * Issue 26 in the browser: a DKIM key made for a sender domain, its DNS record and the "Check DNS" button
 * against a DNS server on loopback (the console's DNS_SERVERS); the preview's "How filters see it" panel;
 * a campaign without an unsubscribe link refused at start (this console has no TRACKER_URL).
 */

let h: Harness;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
beforeAll(async () => {
  dns = await startDnsServer();
  h = await startHarness({ env: { DNS_SERVERS: dns.servers } });
});
afterAll(async () => {
  await h?.stop();
  await dns?.close();
});

async function token() {
  return (await h.api<{ token: string }>('/login_check', { json: ADMIN })).body.token;
}

describe('mail that filters accept', () => {
  test('a DKIM key: its DNS record, then Check DNS before and after it is published', async () => {
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/dkim-keys');
    await page.getByText('No DKIM key yet').waitFor();
    await button(page, 'Add DKIM Key').click();
    await page.waitForURL('**/dkim-keys/create');
    await page.getByRole('textbox', { name: 'Domain', exact: true }).fill('not a domain');
    await button(page, 'Generate key').click();
    await page.getByText('Enter a domain name such as example.com.').waitFor();
    await page.getByRole('textbox', { name: 'Domain', exact: true }).fill('news.example.com');
    await button(page, 'Generate key').click();
    await seeToast(page, 'DKIM key for news.example.com generated: publish its DNS record.');
    await page.waitForURL(/\/dkim-keys\/\d+\/edit$/);
    await page.getByText('console._domainkey.news.example.com').first().waitFor();
    const record = (await page.getByLabel('DNS record value').textContent())!.trim();
    expect(record).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{390,}$/);

    await button(page, 'Check DNS').click();
    await page.getByText('No DKIM record at console._domainkey.news.example.com yet').waitFor();
    await shotBoth(page, 'dkim-key-not-published');

    dns.set({ txt: { 'console._domainkey.news.example.com': [record] } });
    await button(page, 'Check DNS').click();
    await page.getByText('matches this key: receivers can verify the signature.').waitFor();
    await shotBoth(page, 'dkim-key-dns-matches');
    expect(dns.queries.filter((q) => q === 'TXT console._domainkey.news.example.com')).toHaveLength(2);

    await page.goto('/dkim-keys');
    await page.getByText('DNS matches').waitFor();
    await shotBoth(page, 'dkim-keys');
  });

  test('the preview says how filters see the message: the pixel as its only image, the http unsubscribe', async () => {
    const { page, context } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/messages/create');
    await page.getByLabel('Message Name', { exact: true }).fill('Short note');
    await page.getByLabel('Message Subject', { exact: true }).fill('A short note, [name]');
    await page
      .getByLabel('Message HTML Content', { exact: true })
      .fill(
        '<html><body><p>Hello [name], <a href="[offer]">see the offer</a>.</p><p><a href="[unsub]">Unsubscribe</a></p>[pixel]</body></html>',
      );
    const [popup] = await Promise.all([context.waitForEvent('page'), button(page, 'Preview').click()]);
    const panel = popup.getByRole('region', { name: 'How filters see it' });
    await panel.getByText("This message's only image is the tracking pixel.", { exact: false }).waitFor();
    // The console here is reached over http://, so its own unsubscribe link is http://.
    await panel.getByText('large mailbox providers ignore one-click unsubscribe without HTTPS').waitFor();
    await panel.getByText('✓ pass · Text part').waitFor();
    await panel.getByText('✓ pass · Image ratio').waitFor();
    await popup.frameLocator('iframe').getByText('see the offer').waitFor();
    await popup.setViewportSize({ width: 1400, height: 900 });
    await shot(popup, 'preview-filters-1400');
    await popup.setViewportSize({ width: 1000, height: 900 });
    await shot(popup, 'preview-filters-1000');
  });

  test('a campaign without an unsubscribe link cannot start', async () => {
    const auth = await token();
    const post = async (path: string, json: unknown) => {
      const res = await h.api<{ id: number }>(path, { json, token: auth });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res.body.id;
    };
    const one = async (sql: string, params?: unknown[]) => (await h.sql(sql, params)).rows[0].id as number;
    const messageId = await post('/messages', {
      name: 'Note',
      subject: 'Hi [name]',
      htmlContent: '<p>Hello [name] <a href="[offer]">offer</a></p>',
    });
    const categoryId = await one(`insert into categories (name) values ('Unsub test') returning id`);
    const offerId = await post('/offers', {
      name: 'Offer',
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
    await one(
      `insert into campaigns (type, name, sender, email_list_id, mail_provider_ids, message_id, offer_id, offer_links_id,
                              relay_status, smtp_relay_group_id, status, user_id)
       values (${CampaignType.SMTP}, 'No unsubscribe', 'Team', $1, '{}', $2, $3, $4, 1, $5, 2, 1) returning id`,
      [listId, messageId, offerId, offerLinks, groupId],
    );

    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/smtp-campaigns');
    await page.getByRole('button', { name: 'Start campaign No unsubscribe', exact: true }).click();
    await dialog(page).getByRole('button', { name: 'Start', exact: true }).click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: 'Campaign start failed!' }).waitFor();
    await dialog(page).getByText(CampaignMessages.noUnsubscribe).waitFor();
    await shotBoth(page, 'campaign-start-refused-without-unsubscribe');
    const { rows } = await h.sql(`select status from campaigns where name = 'No unsubscribe'`);
    expect(rows[0].status).toBe(2);
  });

  test('an http:// unsubscribe link is warned about in the link form and the SMTP campaign form; https:// is not', async () => {
    const auth = await token();
    const post = async (path: string, json: unknown) => {
      const res = await h.api<{ id: number }>(path, { json, token: auth });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res.body.id;
    };
    const plain = await post('/link_groups', { name: 'Plain unsub', type: 'unsubscribe' });
    const secure = await post('/link_groups', { name: 'Secure unsub', type: 'unsubscribe' });
    const offerGroup = await post('/link_groups', { name: 'Plain offers', type: 'offer' });
    const httpLink = await post('/links', { group: plain, url: 'http://u.example.com/t/u/[uuid]' });
    const httpsLink = await post('/links', { group: secure, url: 'https://u.example.com/t/u/[uuid]' });
    const httpOffer = await post('/links', { group: offerGroup, url: 'http://o.example.com/t/c/[uuid]' });
    const warning = (page: import('playwright-core').Page) =>
      page.locator('.ant-alert-warning', { hasText: HTTP_UNSUBSCRIBE_WARNING });

    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/links/${httpLink}/edit`);
    await page.getByRole('textbox', { name: 'URL', exact: true }).waitFor();
    await warning(page).waitFor();
    await shotBoth(page, 'link-http-unsubscribe-warning');
    // Typing https:// takes the warning away; the form still saves http:// (non-blocking).
    await page.getByRole('textbox', { name: 'URL', exact: true }).fill('https://u.example.com/t/u/[uuid]');
    await warning(page).waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'URL', exact: true }).fill('http://u.example.com/t/u/[uuid]?x=1');
    await warning(page).waitFor();
    await button(page, 'Save').click();
    await seeToast(page, 'Updated!');
    expect((await h.sql('select url from links where id = $1', [httpLink])).rows[0].url).toBe(
      'http://u.example.com/t/u/[uuid]?x=1',
    );
    for (const id of [httpsLink, httpOffer]) {
      await page.goto(`/links/${id}/edit`);
      await page.getByRole('textbox', { name: 'URL', exact: true }).waitFor();
      await page.getByText(id === httpOffer ? 'Example for offer links' : 'Example for unsubscribe links').waitFor();
      expect(await warning(page).count(), String(id)).toBe(0);
    }

    await page.goto('/smtp-campaigns/create');
    await page.getByRole('combobox', { name: 'Unsubscribe link group', exact: true }).waitFor();
    expect(await warning(page).count()).toBe(0);
    await pick(page, 'Unsubscribe link group', 'Plain unsub');
    await warning(page).waitFor();
    await shotBoth(page, 'smtp-campaign-http-unsubscribe-warning');
    await pick(page, 'Unsubscribe link group', 'Secure unsub');
    await warning(page).waitFor({ state: 'detached' });
  });

  test("the message form's text version: optional, saved, shown again", async () => {
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/messages/create');
    await page.getByLabel('Message Name', { exact: true }).fill('With its own text');
    await page.getByLabel('Message Subject', { exact: true }).fill('Hello [name]');
    await page.getByText(TEXT_VERSION_HELP).waitFor();
    await page.getByLabel('Text version', { exact: true }).fill('Hello [name],\n\nThe plain words.');
    await button(page, 'Save').click();
    await seeToast(page, 'Added successfully!');
    const { rows } = await h.sql(`select id, text_content from messages where name = 'With its own text'`);
    expect(rows[0].text_content).toBe('Hello [name],\n\nThe plain words.');
    await page.goto(`/messages/${rows[0].id}/edit`);
    await expect
      .poll(() => page.getByLabel('Text version', { exact: true }).inputValue())
      .toBe('Hello [name],\n\nThe plain words.');
    await page.getByLabel('Text version', { exact: true }).scrollIntoViewIfNeeded();
    await shotBoth(page, 'message-text-version');
  });
});
