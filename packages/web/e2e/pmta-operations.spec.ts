import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ADMIN, type Harness } from './harness.ts';
import { createServerOnSim, pmtaJourney, relayOn, type SimProcess } from './pmta-sim.ts';
import { button, dialog, seeToast, shotBoth, signIn } from './ui.ts';

let h: Harness;
let sim: SimProcess;
pmtaJourney((j) => ({ h, sim } = j));

/** The Save of the 'Mail Services' card (the innermost card with that title). */
const switchesSave = (page: Page) =>
  page.locator('.ant-card', { hasText: 'Mail Services' }).last().getByRole('button', { name: 'Save' });
const simFile = (p: string) => fs.readFileSync(path.join(sim.root, p), 'utf8');

describe('PMTA operations', () => {
  test('a server on the simulator: readiness, dates, config upload, then a relay’s DKIM, VMTA and switches', async () => {
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);

    // The server, through the form, pointing at the simulator.
    const serverId = await createServerOnSim(h, page, sim, 'sim-1');

    await page.goto(`/pmta-servers/${serverId}/edit`);
    await button(page, 'Check software readiness').click();
    const readiness = dialog(page).filter({ hasText: 'Software readiness' });
    await readiness.getByText(`http interface :${sim.httpPort}`).waitFor();
    expect(await readiness.getByLabel('not ready').count()).toBe(0);
    expect(await readiness.getByLabel('ready', { exact: true }).count()).toBe(5);
    await button(page, 'OK').click();

    await button(page, 'Upload config to the server').click();
    await seeToast(page, 'The config was uploaded and PowerMTA reloaded it.');
    expect(simFile('etc/pmta/config')).toContain(`PMTA server #${serverId}`);
    await button(page, 'Check config dates').click();
    const dates = dialog(page).filter({ hasText: 'Config dates' });
    await dates.getByText('/etc/pmta/config').waitFor();
    expect(await dates.getByText('missing').count()).toBe(1); // no DKIM directory yet
    await button(page, 'OK').click();

    // A relay on it (the form's own journey is pmta-relays.spec.ts), then its edit page.
    const { relayId } = await relayOn(h, serverId, { host: 'mta1.sim.example', ip: '10.20.0.1' });
    await page.goto(`/pmta-relays/${relayId}/edit`);
    // Issue 38: what the relay's speed (the default 60 s) means for a campaign.
    await page.getByText('10,000 recipients take about 6.9 days on one relay, 16.7 hours on ten.').waitFor();

    await button(page, 'Check VMTA config date').click();
    await button(page, 'Yes').click();
    await dialog(page).getByText(`Error: vmta-${relayId} is not in the server's configuration.`).waitFor();
    await shotBoth(page, 'pmta-relay-vmta-error');
    await button(page, 'Cancel').click();
    await button(page, 'Upload VMTA config').click();
    // An upload and a reload over SSH: on a loaded machine it can take longer than a toast's wait.
    const uploaded = page.waitForResponse((r) => r.url().includes('/upload_vmta'), { timeout: 90_000 });
    await button(page, 'Yes').click();
    expect((await uploaded).status()).toBe(200);
    await seeToast(page, 'Command accepted.');
    expect(simFile('etc/pmta/config')).toContain(`<virtual-mta vmta-${relayId}>`);

    await button(page, 'Generate DKIM').click();
    await button(page, 'Yes').click();
    const record = page.getByTestId('dkim-record');
    await record.waitFor();
    expect(await record.innerText()).toMatch(
      /^s\d{14}\._domainkey\.mta1\.sim\.example\. IN TXT \( "v=DKIM1; k=rsa; p=[A-Za-z0-9+/]+" "[A-Za-z0-9+/=]+" \)/,
    );
    await shotBoth(page, 'pmta-relay-dkim');
    await button(page, 'OK').click();
    expect(simFile('etc/pmta/config')).toContain(`/etc/pmta/dkim/vmta-${relayId}.pem`);
    expect(fs.existsSync(path.join(sim.root, `etc/pmta/dkim/vmta-${relayId}.pem`))).toBe(true);

    // Gmail off: saved only once the server took it.
    await page.getByRole('switch', { name: 'Gmail on' }).click();
    await switchesSave(page).click();
    await seeToast(page, 'Saved! The server has the new switches.');
    const vmta = simFile('etc/pmta/config').split(`<virtual-mta vmta-${relayId}>`)[1]!.split('</virtual-mta>')[0]!;
    expect(vmta).toMatch(/<domain gmail\.com>\s+max-msg-rate 0/);
    await shotBoth(page, 'pmta-relay-edit');

    // The server goes down: the next switch is refused, and stays as it was.
    await sim.stop();
    await page.getByRole('switch', { name: 'Yahoo on' }).click();
    await switchesSave(page).click();
    await dialog(page)
      .getByText(/^Error: cannot connect to sim-1 \(127\.0\.0\.1:\d+\): connection refused\.$/)
      .waitFor();
    await button(page, 'OK').click();
    const yahoo = await h.sql(
      `select s.off from pmta_relay_switches s join mail_providers p on p.id = s.mail_provider_id
       where s.relay_id = $1 and p.name = 'Yahoo'`,
      [relayId],
    );
    expect(yahoo.rows).toEqual([{ off: false }]); // the first Save stored every toggle, Yahoo on
  });
});
