// @ts-nocheck
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CampaignStatus, CampaignType } from '@console/shared/enums';
import { createTestApp, eventually, type TestApp } from '../../test/harness.ts';
import { factories } from '../../test/factories.ts';
import { startCampaign } from './campaign-state.ts';
import { prepareCampaign } from './prepare.ts';
import { bigList } from './test-setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

it('materializes the eligible recipients set-based with their totals, once', async () => {
  const f = factories(t);
  const owner = await t.user();
  const { list, other, tld } = await bigList(t, owner, 1000, 10);
  const db = t.ctx.db.$client;
  // Suppressed now but still marked valid: a spam-trap domain, a spam-trap MX, and an invalid e-mail.
  await db.query(`insert into mail_provider_domains (domain, is_blacklisted) values ($1, true)`, [`d3.${tld}`]);
  await db.query(`insert into dns_records (type, value, is_blacklisted) values ('MX', $1, true)`, [`mx.trap.${tld}`]);
  await db.query(`insert into domain_mx (domain, mx, expires_at) values ($1, array[$2], now() + interval '1 day')`, [
    `d4.${tld}`,
    `mx.trap.${tld}`,
  ]);
  await db.query(`update emails set valid = false where email = $1`, [`user5@d5.${tld}`]);
  const campaign = await f.smtpCampaign({ owner, emailListId: list.id, mailProviderIds: [other] });
  await db.query(`update campaigns set status = $2 where id = $1`, [campaign.id, CampaignStatus.Preparing]);

  await prepareCampaign(t.ctx, campaign.id);
  await prepareCampaign(t.ctx, campaign.id); // twice: nothing changes
  const expected = 1000 - 50 - 50 - 1; // d3 and d4 are 50 each; user5
  const { rows } = await db.query<{ email: string; domain: string; name: string | null }>(
    'select email, domain, name from campaign_recipients where campaign_id = $1',
    [campaign.id],
  );
  expect(rows).toHaveLength(expected);
  expect(rows.every((r) => r.email.startsWith('user') && r.domain === r.email.split('@')[1])).toBe(true);
  expect(rows.some((r) => r.domain === `d3.${tld}` || r.domain === `d4.${tld}`)).toBe(false);
  expect(rows.find((r) => r.email === `user7@d7.${tld}`)?.name).toBe('Name7');
  const { rows: c } = await db.query<{ status: number; total: number; prepared: boolean }>(
    'select status, total, prepared_at is not null as prepared from campaigns where id = $1',
    [campaign.id],
  );
  expect(c[0]).toEqual({ status: CampaignStatus.Active, total: expected, prepared: true });
  const { rows: k } = await db.query<{ total: number }>(
    `select total from campaign_counters where campaign_type = ${CampaignType.SMTP} and campaign_id = $1`,
    [campaign.id],
  );
  expect(k[0]!.total).toBe(expected);
  const { rows: p } = await db.query<{ mailProviderId: number; total: number }>(
    'select mail_provider_id as "mailProviderId", total from campaign_provider_counters where campaign_id = $1',
    [campaign.id],
  );
  expect(p).toEqual([{ mailProviderId: other, total: expected }]);
  const { rows: d } = await db.query<{ domain: string; total: number }>(
    'select domain, total from campaign_domain_counters where campaign_id = $1 order by domain',
    [campaign.id],
  );
  expect(d).toHaveLength(18);
  expect(d.reduce((n, x) => n + x.total, 0)).toBe(expected);
  expect(d.find((x) => x.domain === `d5.${tld}`)?.total).toBe(49);
});

it('is queued by a start and leaves the campaign Active', async () => {
  const f = factories(t);
  const owner = await t.user();
  const { list, other } = await bigList(t, owner, 20, 1);
  const campaign = await f.smtpCampaign({ owner, emailListId: list.id, mailProviderIds: [other] });
  await startCampaign(t.ctx, campaign.id);
  await eventually(async () => {
    const { rows } = await t.ctx.db.$client.query<{ status: number; total: number }>(
      'select status, total from campaigns where id = $1',
      [campaign.id],
    );
    return rows[0]!.status === CampaignStatus.Active && rows[0]!.total === 20;
  });
});
