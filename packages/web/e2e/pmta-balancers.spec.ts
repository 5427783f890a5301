import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ADMIN, type Harness } from './harness.ts';
import { pmtaJourney, type SimProcess } from './pmta-sim.ts';
import { button, columnTexts, dialog, seeToast, shotBoth, signIn } from './ui.ts';

let h: Harness;
let sim: SimProcess;
pmtaJourney((j) => ({ h, sim } = j));

const config = () => fs.readFileSync(path.join(sim.root, 'etc/pmta/config'), 'utf8');
/** The status tags, top to bottom, once the list shows `expected`. */
async function statuses(page: Page, expected: string[]) {
  await expect.poll(() => columnTexts(page, 'Status'), { timeout: 15_000 }).toEqual(expected);
}

describe('PMTA server balancers', () => {
  test('Sync uploads every mail service setting, Delete takes one off, a server down fails them all', async () => {
    // Two settings (their own journey is mail-service-settings.spec.ts): a mail service and literal domains.
    await h.sql(
      `insert into mail_service_settings (name, domain_macro, max_smtp_out, max_msg_rate)
       values ('Gmail gentle', 'Gmail', 5, '600/h'), ('Partners', 'partner.example, corp.example', 20, 'unlimited')`,
    );
    const server = await h.sql(
      `insert into pmta_servers (name, server_ip, ip_list, user_id, ssh_port, pmta_http_port, smtp_port)
       values ('sim-balancers', '127.0.0.1', '127.0.0.1', 1, $1, $2, $3) returning id`,
      [sim.sshPort, sim.httpPort, sim.smtpPort],
    );
    const serverId = server.rows[0].id as number;

    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/pmta-servers');
    await page.getByRole('button', { name: 'Balancers of server sim-balancers' }).click();
    await page.waitForURL(`**/pmta-servers/${serverId}/balancers`);
    await page.getByText('No PMTA Balancers').waitFor();
    await page.getByText('sim-balancers (127.0.0.1)').waitFor();
    await shotBoth(page, 'pmta-balancers-empty');

    // Sync: every setting on the server, the file holds their domain blocks.
    await button(page, 'Sync').click();
    await seeToast(page, 'The balancers were uploaded and PowerMTA reloaded its configuration.');
    await statuses(page, ['uploaded', 'uploaded']);
    expect(await columnTexts(page, 'Balancer')).toEqual(['Gmail gentle', 'Partners']);
    const comments = await columnTexts(page, 'Comment');
    expect(comments[0]).toMatch(/^Uploaded \d+ domain\(s\): .*gmail\.com.* at \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect(comments[1]).toMatch(/^Uploaded 2 domain\(s\): partner\.example, corp\.example at /);
    const green = page.getByTestId('balancer-status').first();
    expect(await green.getAttribute('class')).toContain('ant-tag-success');
    let text = config();
    expect(text).toContain(`PMTA server #${serverId}`);
    expect(text).toMatch(/<domain gmail\.com>\n {2}max-smtp-out 5\n/);
    expect(text).toContain('<domain partner.example>');
    expect(text).toContain('<domain corp.example>');
    await shotBoth(page, 'pmta-balancers');

    // Delete Partners: removed once the server took it, its Delete gone, its blocks out of the file.
    await page.getByRole('button', { name: 'Delete balancer Partners' }).click();
    await dialog(page).getByText("Balancer Partners will be removed from the server's configuration.").waitFor();
    await button(page, 'Confirm').click();
    await seeToast(page, 'Deleted successfully!');
    await statuses(page, ['uploaded', 'removed']);
    expect((await columnTexts(page, 'Comment'))[1]).toMatch(/^Removed from the configuration at /);
    expect(await page.getByRole('button', { name: 'Delete balancer Partners' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete balancer Gmail gentle' }).count()).toBe(1);
    text = config();
    expect(text).not.toContain('<domain partner.example>');
    expect(text).not.toContain('<domain corp.example>');
    expect(text).toContain('<domain gmail.com>');
    await shotBoth(page, 'pmta-balancers-removed');

    // The server goes down: Sync answers the error and every entry says upload failed.
    await sim.stop();
    await button(page, 'Sync').click();
    await dialog(page)
      .getByText(/^Error: cannot connect to sim-balancers \(127\.0\.0\.1:\d+\): connection refused\.$/)
      .waitFor();
    await shotBoth(page, 'pmta-balancers-sync-error');
    await button(page, 'OK').click();
    await statuses(page, ['upload failed', 'upload failed']);
    expect((await columnTexts(page, 'Comment'))[0]).toMatch(/^Error: cannot connect to sim-balancers .* UTC\)$/);
    expect(await page.getByTestId('balancer-status').first().getAttribute('class')).toContain('ant-tag-error');
    await shotBoth(page, 'pmta-balancers-failed');
    expect(config()).toBe(text); // the file as the last successful upload left it
  });
});
