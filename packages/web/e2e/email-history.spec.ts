import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { CampaignStatus, CampaignType } from '@console/shared/enums';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { registerActiveUser, type ActiveUser } from './api.ts';
import { dialog, failureScreenshot, shotBoth, signIn } from './ui.ts';

/*
 * Issue 39 section 4, decision 1480: "Soft-bounce counts show on an address's history." An owner opens an
 * e-mail of their list and sees its soft bounces, Bounced Emails entry, complaint and last delivery of their
 * own campaigns; another owner's bounce and reply never show. An administrator sees all of it.
 */

let h: Harness;
let owner: ActiveUser;
let other: ActiveUser;
let listId: number;
beforeAll(async () => {
  h = await startHarness();
  const token = (await h.api<{ token: string }>('/login_check', { json: ADMIN })).body.token;
  owner = await registerActiveUser(h, token, 'histowner');
  other = await registerActiveUser(h, token, 'histother');
});
afterAll(() => h?.stop());
afterEach(failureScreenshot('email-history'));

const id = async (sql: string, params?: unknown[]) => (await h.sql(sql, params)).rows[0].id as number;

/** A PMTA campaign of `userId` to the list, with the message, offer and relay group it needs. */
async function campaign(userId: number, list: number, name: string) {
  const message = await id(
    `insert into messages (name, subject, content, user_id) values ($1, 'Hi', '<p>Hi</p>', $2) returning id`,
    [`${name} message`, userId],
  );
  const category = await id(`insert into categories (name) values ($1) returning id`, [`${name} category`]);
  const offer = await id(
    `insert into offers (name, url, category_id, user_id) values ($1, 'https://o.example.com/', $2, $3) returning id`,
    [`${name} offer`, category, userId],
  );
  const group = await id(`insert into pmta_relay_groups (name, user_id) values ($1, $2) returning id`, [
    `${name} relays`,
    userId,
  ]);
  const providers = (await h.sql(`select array_agg(id) as ids from mail_providers`)).rows[0].ids as number[];
  return id(
    `insert into campaigns (type, name, sender, email_list_id, mail_provider_ids, message_id, offer_id, relay_status,
                            pmta_relay_group_id, status, user_id)
     values (${CampaignType.PMTA}, $1, 'News', $2, $3::int[], $4, $5, 1, $6, ${CampaignStatus.Inactive}, $7) returning id`,
    [name, list, providers, message, offer, group, userId],
  );
}

/** One delivered recipient of the campaign, as the engine leaves it. */
async function delivered(campaignId: number, emailId: number, email: string, daysAgo: number) {
  await h.sql(
    `create table if not exists campaign_recipients_${campaignId} partition of campaign_recipients
       for values in (${campaignId})`,
  );
  await h.sql(
    `insert into campaign_recipients (campaign_id, email_id, email, domain, mail_provider_id, status, done_at)
     select $1, id, email, split_part(email, '@', 2), mail_provider_id, 3, now() - $3 * interval '1 day'
       from emails where id = $2`,
    [campaignId, emailId, daysAgo],
  );
}

describe("An address's history on the e-mail list", () => {
  test('an owner sees their own soft bounces, complaint and delivery; an administrator sees everyone’s', async () => {
    const category = await id(`insert into categories (name) values ('History lists') returning id`);
    listId = await id(
      `insert into email_lists (name, category_id, user_id, total_counter, valid_counter)
       values ('Spring readers', $1, $2, 2, 2) returning id`,
      [category, owner.id],
    );
    const provider = await id(`select id from mail_providers where name = 'Other'`);
    const emailId = await id(
      `insert into emails (email_list_id, email, mail_provider_id, valid) values ($1, 'reader@hist.example', $2, true)
       returning id`,
      [listId, provider],
    );
    await h.sql(
      `insert into emails (email_list_id, email, mail_provider_id, valid) values ($1, 'calm@hist.example', $2, true)`,
      [listId, provider],
    );
    await h.sql(
      `insert into email_list_provider_counters (email_list_id, mail_provider_id, counter) values ($1, $2, 2)`,
      [listId, provider],
    );
    const own = await campaign(owner.id, listId, 'Spring news');
    const theirs = await campaign(other.id, listId, 'Rival offers');
    await delivered(own, emailId, 'reader@hist.example', 6);
    // Two soft bounces of the owner's campaign, then one of the other owner's (the latest).
    await h.sql(
      `insert into soft_bounces (email, bounces, owners, reasons, diagnostics, reason, diagnostic, campaign_id)
       values ('reader@hist.example',
               array[now() - interval '3 days', now() - interval '2 days', now() - interval '1 day'],
               array[$1, $1, $2]::int[], array['quota-issues', 'quota-issues', 'no-answer-from-host'],
               array['452 4.2.2 Mailbox full (own)', '552 5.2.2 Mailbox over quota', '421 4.4.2 rival relay timed out'],
               'no-answer-from-host', '421 4.4.2 rival relay timed out', $3)`,
      [owner.id, other.id, theirs],
    );
    await h.sql(
      `insert into complaint_emails (user_id, email, source, campaign_id) values ($1, 'reader@hist.example', 'report', $2)`,
      [owner.id, own],
    );

    const { page } = await h.open();
    await signIn(page, owner.email, owner.password);
    await page.goto(`/email-list/${listId}/emails`);
    await page.getByRole('button', { name: 'History of reader@hist.example' }).click();
    const box = dialog(page);
    await expect.poll(() => box.getByLabel('Address history').innerText()).toContain('2 of 5 within 30 days');
    const text = await box.innerText();
    expect(text).toContain('History of reader@hist.example');
    expect(text).toContain('quota-issues: 552 5.2.2 Mailbox over quota');
    expect(text).toContain('Not bounced');
    expect(text).toContain('Complained');
    expect(text).toContain('Spring news');
    expect(text).not.toContain('rival');
    expect(text).not.toContain('Rival offers');
    await shotBoth(page, 'email-history-owner');
    await page.context().close();

    const admin = await h.open();
    await signIn(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.goto(`/email-list/${listId}/emails`);
    await admin.page.getByRole('button', { name: 'History of reader@hist.example' }).click();
    const all = dialog(admin.page);
    await expect.poll(() => all.getByLabel('Address history').innerText()).toContain('3 of 5 within 30 days');
    expect(await all.innerText()).toContain('no-answer-from-host: 421 4.4.2 rival relay timed out');
    expect(await all.innerText()).toContain('About 1 owner(s)');
    await admin.context.close();
  });
});
