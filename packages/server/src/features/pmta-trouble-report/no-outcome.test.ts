import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_SERVICE_SETTING_DEFAULTS } from '@console/shared/mail-service-settings';
import { CampaignStatus } from '@console/shared/enums';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { checkServer } from './pmta-trouble-report.remote.ts';
import { serversToCheck } from './pmta-trouble-report.repo.ts';

/*
 * Issue 38 item 7, decision 1350: recipients a PMTA server took (injected) and never accounted for past
 * bounce-after are noticed: counted apart on the campaign's direct count ("no outcome from PMTA") and named
 * in the trouble report's campaign check of the server whose relay injected them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('recipients with no outcome from PMTA', () => {
  it('are counted apart past the longest bounce-after and named in the trouble report', async () => {
    const f = factories(t);
    const owner = await t.user();
    const server = await f.pmtaServer({ owner });
    const group = await f.pmtaRelayGroup({ owner });
    const relay = await f.pmtaRelay({ owner, pmtaServerId: server.id, groupId: group.id });
    const c = await f.pmtaCampaign({ owner, relayGroupId: group.id, status: CampaignStatus.Finished });
    const q = t.ctx.db.$client;
    await q.query(`create table campaign_recipients_${c.id} partition of campaign_recipients for values in (${c.id})`);
    // Injected 5 days ago (3), an hour ago (2); one of 5 days ago was delivered.
    await q.query(
      `insert into campaign_recipients (campaign_id, email_id, email, domain, mail_provider_id, relay_id, status, claimed_at)
       select $1, n, 'r' || n || '@example.com', 'example.com', 1, $2, case when n = 6 then 3 else 7 end,
              now() - case when n in (1, 2, 3, 6) then interval '5 days' else interval '1 hour' end
         from generate_series(1, 6) n`,
      [c.id, relay.id],
    );
    const direct = async () =>
      (await t.as(owner, { method: 'GET', url: `/api/pmta_campaign_statistics/${c.id}/direct/0` })).json().directStats;
    expect(await direct()).toMatchObject({ awaitingOutcome: 5, noOutcome: 3, bounceAfter: '4d12h' });

    const [row] = await serversToCheck(t.ctx.db, [server.id]);
    const check = await checkServer(t.ctx, row!);
    expect(check.troubles.campaigns).toBe(true);
    expect(check.details.campaigns).toContain(
      `#${c.id} ${c.name}: 3 recipients injected more than 4d12h ago (bounce-after) have no outcome from PMTA.`,
    );

    // A mail service setting's longer bounce-after: PMTA may still answer for them.
    await t.as(await t.user({ admin: true }), {
      method: 'POST',
      url: '/api/mail_service_settings',
      payload: { ...MAIL_SERVICE_SETTING_DEFAULTS, name: 'slow', domainMacro: 'example.com', bounceAfter: '7d' },
    });
    expect(await direct()).toMatchObject({ awaitingOutcome: 5, noOutcome: 0, bounceAfter: '7d' });
    expect((await checkServer(t.ctx, row!)).details.campaigns).not.toContain('no outcome from PMTA');
  });
});
