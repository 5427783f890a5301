import { afterEach, describe, expect, test } from 'vitest';
import { ADMIN, type Harness } from './harness.ts';
import { pmtaJourney, serverWithRelay, type SimProcess } from './pmta-sim.ts';
import { failureScreenshot, seeToast, shotBoth, signIn } from './ui.ts';

/*
 * Decision 1481: a PMTA relay the console switched off for a mail service (decision 1442: its infrastructure
 * bounces or complaints there) shows why and since when on the PMTA Relays list and its edit page, as an SMTP
 * relay's pause does (1475); the Mail Services card's Save that turns the service On ends it.
 */

let h: Harness;
let sim: SimProcess;
pmtaJourney((j) => ({ h, sim } = j));
afterEach(failureScreenshot('pmta-relay-pauses'));

describe('PMTA relays paused by the console', () => {
  test('the pause shows on the list and the edit page; Save with the service On ends it', async () => {
    const { relayId } = await serverWithRelay(h, sim, 'paused-pmta', { host: 'mta-held.example.net', ip: '127.0.0.1' });
    const reasons = {
      Gmail: 'Paused for Gmail: 30 infrastructure bounces of 120 results (25%) reached the 25% limit in 24 hours.',
      Yahoo: 'Paused for Yahoo: 4 complaints of 1000 delivered (0.4%) passed the 0.3% limit in 24 hours.',
    };
    for (const [service, reason] of Object.entries(reasons))
      await h.sql(
        `insert into pmta_relay_switches (relay_id, mail_provider_id, off, reason, paused_at)
         select $1, id, true, $2, now() - interval '3 hours' from mail_providers where name = $3`,
        [relayId, reason, service],
      );

    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/pmta-relays');
    const row = page.locator('tr', { hasText: 'mta-held.example.net' });
    await row.getByText('paused for Gmail', { exact: true }).waitFor();
    await row.getByText(reasons.Yahoo, { exact: false }).waitFor();
    await row.getByText('3 hours ago').first().waitFor();
    await shotBoth(page, 'pmta-relays-paused');

    await page.goto(`/pmta-relays/${relayId}/edit`);
    const card = page.locator('.ant-alert', { hasText: 'Paused for mail services' });
    await card.getByText(reasons.Gmail, { exact: false }).waitFor();
    await card.getByText('Turn the service On in the Mail Services card and Save to send there again.').waitFor();
    // The card itself (the innermost card whose title is Mail Services), not the page's card around it.
    const services = page
      .locator('.ant-card')
      .filter({ has: page.locator('.ant-card-head-title', { hasText: /^Mail Services$/ }) })
      .last();
    await services.getByRole('switch', { name: 'Gmail on' }).waitFor();
    await shotBoth(page, 'pmta-relay-edit-paused');

    // Gmail On and Save: the server gets the switches, Gmail's pause ends, Yahoo's stays.
    await services.getByRole('switch', { name: 'Gmail on' }).click();
    await services.getByRole('button', { name: 'Save' }).click();
    await seeToast(page, 'Saved! The server has the new switches.');
    await expect.poll(() => card.getByText(reasons.Gmail, { exact: false }).count()).toBe(0);
    await card.getByText(reasons.Yahoo, { exact: false }).waitFor();
    const left = await h.sql(
      `select p.name, s.off, s.reason is not null as has_reason from pmta_relay_switches s
         join mail_providers p on p.id = s.mail_provider_id where s.relay_id = $1 and p.name in ('Gmail', 'Yahoo')
        order by p.name`,
      [relayId],
    );
    expect(left.rows).toEqual([
      { name: 'Gmail', off: false, has_reason: false },
      { name: 'Yahoo', off: true, has_reason: true },
    ]);
  });
});
