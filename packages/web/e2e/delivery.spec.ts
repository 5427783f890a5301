import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { TEST_CONFIG, inject } from '@console/pmta-sim/testing';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { serverWithRelay, startPmtaSim, type SimProcess } from './pmta-sim.ts';
import { dialog, failureScreenshot, openMenu, seeToast, shotBoth, signIn } from './ui.ts';

/*
 * The Delivery screen (issue 40 §1): a PMTA queue goes into backoff on the simulator and the screen shows it
 * with the provider's reply without a reload; pause and delete (the confirmation names the count) reach the
 * simulator; the SMTP relays' tab shows a relay in backoff with its last reply.
 */

const REPLY = '421 4.7.0 SERVICE NOT AVAILABLE: too many connections';

let h: Harness;
let sim: SimProcess;
beforeAll(async () => {
  h = await startHarness({ env: { DELIVERY_WATCHED_POLL_SECONDS: '2' } });
  const token = (await h.api<{ token: string }>('/login_check', { json: ADMIN })).body.token;
  sim = await startPmtaSim(h, token, {
    config: TEST_CONFIG,
    outcomes: [{ match: 'outlook.com', result: 'deferred', reply: REPLY }],
  });
});
afterAll(async () => {
  await sim?.close();
  await h?.stop();
});
afterEach(failureScreenshot('delivery'));

describe('Delivery', () => {
  test('a queue in backoff shows live with its reply; pause and delete reach PowerMTA; the SMTP relays', async () => {
    await serverWithRelay(h, sim, 'sim-delivery', { host: 'mta1.sim.example', ip: '10.30.0.1' });
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await openMenu(page, 'Infrastructure');
    await page.getByRole('link', { name: 'Delivery' }).click();
    await page.waitForURL('**/delivery');
    const card = page.getByLabel('PMTA server sim-delivery');
    await card.getByText('No queues.').waitFor();

    // Mail for Outlook through VMTA v1: the simulator defers it with a 421 that its pattern list turns into backoff.
    await inject(sim.smtpPort, { to: ['x@outlook.com', 'y@outlook.com'], vmta: 'v1' });
    await inject(sim.smtpPort, { to: ['a@gmail.com'], vmta: 'v2' });
    const outlook = card.locator('tr', { hasText: 'Outlook' });
    // Live: the worker's polling (every 2 s here once its minute starts) pushes the change; no reload.
    await outlook.getByText('backoff', { exact: true }).waitFor({ timeout: 100_000 });
    await outlook.getByText(REPLY).waitFor();
    expect(await outlook.innerText()).toContain('outlook.com (2)');
    await shotBoth(page, 'delivery-pmta');

    await card.getByRole('button', { name: 'Queues' }).click();
    const queue = card.locator('tr', { hasText: 'outlook.com/v1' });
    await queue.getByText('backoff', { exact: true }).waitFor();
    await queue.getByRole('button', { name: 'Pause' }).click();
    await seeToast(page, 'outlook.com/v1: paused.');
    await queue.getByText('paused', { exact: true }).waitFor();
    await shotBoth(page, 'delivery-queues');

    await queue.getByRole('button', { name: 'Delete' }).click();
    await dialog(page)
      .locator('.ant-modal-confirm-title', { hasText: 'Delete the 2 recipients queued in outlook.com/v1?' })
      .waitFor();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await seeToast(page, '2 recipients deleted from outlook.com/v1.');
    await queue.locator('td', { hasText: /^0$/ }).first().waitFor();

    // The SMTP side: a relay the engine put in backoff, with the provider's last reply.
    const group = await h.sql(`insert into smtp_relay_groups (name, user_id) values ('g', 1) returning id`);
    const server = await h.sql(
      `insert into smtp_servers (name, host, port, user_id) values ('smtp.sim.example', 'smtp.sim.example', 25, 1) returning id`,
    );
    const relay = await h.sql(
      `insert into smtp_relays (user_id, group_id, smtp_server_id, sender_email, account, password_enc, active,
                                backoff, backoff_since)
       values (1, $1, $2, 'news@sim.example', 'news-account', 'x', true, true, now() - interval '20 minutes') returning id`,
      [group.rows[0].id, server.rows[0].id],
    );
    await h.sql(
      `insert into relay_last_replies (relay_type, relay_id, mail_provider_id, reply, at)
       select 2, $1, id, '421 4.7.28 Our system has detected an unusual rate of mail', now() from mail_providers where name = 'Gmail'`,
      [relay.rows[0].id],
    );
    await page.getByRole('tab', { name: 'SMTP relays' }).click();
    const row = page.locator('tr', { hasText: 'news-account' });
    await row.getByText('421 4.7.28 Our system has detected an unusual rate of mail').waitFor();
    expect(await row.innerText()).toContain('Gmail');
    await row.getByText('backoff', { exact: true }).waitFor();

    // Paused for Yahoo by its infrastructure bounces (decision 1442): the reason shows; its owner resumes it.
    const reason =
      'Paused for Yahoo: 30 infrastructure bounces of 120 results (25%) reached the 25% limit in 24 hours.';
    await h.sql(
      `insert into smtp_relay_pauses (relay_id, mail_provider_id, reason)
       select $1, id, $2 from mail_providers where name = 'Yahoo'`,
      [relay.rows[0].id, reason],
    );
    await page.reload();
    await page.getByRole('tab', { name: 'SMTP relays' }).click();
    const paused = page.locator('tr', { hasText: reason });
    await paused.getByText('paused', { exact: true }).waitFor();
    await shotBoth(page, 'delivery-smtp');
    await paused.getByRole('button', { name: 'Resume news-account for Yahoo' }).click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: 'Resume news-account for Yahoo?' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Resume' }).click();
    await seeToast(page, 'news-account resumed for Yahoo.');
    await expect.poll(() => page.locator('tr', { hasText: reason }).count()).toBe(0);
    expect(
      (await h.sql('select count(*)::int as n from smtp_relay_pauses where resumed_at is not null')).rows[0].n,
    ).toBe(1);
  }, 180_000);
});
