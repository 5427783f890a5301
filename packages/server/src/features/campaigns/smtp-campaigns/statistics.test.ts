import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOP_DOMAINS } from '@console/shared/campaigns';
import { expectAccess } from '../../../../test/access.ts';
import { factories } from '../../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/harness.ts';
import { recordEvents, type EventInput } from '../../../tracking/events.ts';
import { CampaignType } from '@console/shared/enums';

let t: TestApp;
let f: ReturnType<typeof factories>;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let gmail: { id: number; name: string };
let yahoo: { id: number; name: string };
let other: { id: number; name: string };
let campaign: Awaited<ReturnType<ReturnType<typeof factories>['smtpCampaign']>>;

async function record(events: Omit<EventInput, 'campaignType' | 'campaignId' | 'userId'>[], id = campaign.id) {
  const client = await t.ctx.db.$client.connect();
  try {
    await recordEvents(
      client,
      events.map((e) => ({ ...e, campaignType: 'smtp', campaignId: id, userId: alice.id })),
    );
  } finally {
    client.release();
  }
}
const n = <T>(count: number, e: T) => Array.from({ length: count }, () => e);

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  admin = await t.user({ admin: true });
  alice = await t.user();
  bob = await t.user();
  const byName = async (name: string) =>
    (await t.ctx.db.$client.query('select id, name from mail_providers where name = $1', [name])).rows[0];
  [gmail, yahoo, other] = [await byName('Gmail'), await byName('Yahoo'), await byName('Other')];
  campaign = await f.smtpCampaign({ owner: alice, mailProviderIds: [gmail.id, yahoo.id, other.id] });
  await t.ctx.db.$client.query(
    `update campaigns set start_date = '2026-01-02T03:04:00Z', scheduled_start = '2026-01-02T03:00:00Z', total = 1
      where id = $1`,
    [campaign.id],
  );

  const G = { mailProviderId: gmail.id, domain: 'gmail.com' };
  const GM = { mailProviderId: gmail.id, domain: 'googlemail.com' };
  const Y = { mailProviderId: yahoo.id, domain: 'yahoo.com' };
  await record([
    ...n(5, { kind: 'sent' as const, ...G }),
    ...n(4, { kind: 'delivered' as const, ...G }),
    { kind: 'bounced', ...G },
    // Maybe accepted: shown apart, never in processed (decision 1100).
    ...n(2, { kind: 'interrupted' as const, ...G }),
    // Two recipients open, one of them twice; one clicks twice: Open 2, Click 1 (decision 1340).
    ...n(2, { kind: 'open' as const, first: true, ...G }),
    { kind: 'open', ...G },
    { kind: 'click', first: true, ...G },
    { kind: 'click', ...G },
    { kind: 'conversion', amountCents: 250, ...G },
    // A complaint (decision 1390).
    { kind: 'complaint', ...G },
    ...n(2, { kind: 'sent' as const, ...GM }),
    ...n(2, { kind: 'delivered' as const, ...GM }),
    { kind: 'unsubscribe', ...GM },
    ...n(3, { kind: 'sent' as const, ...Y }),
    { kind: 'bounced', ...Y },
    // A block of the sending IP: a bounce, and apart an infrastructure bounce (decision 1362).
    { kind: 'bounced', detail: 'spam-related: 554 5.7.1 blocked using zen.spamhaus.org', ...Y },
    { kind: 'interrupted', ...Y },
    { kind: 'conversion', amountCents: 100, ...Y },
  ]);
  // The totals the prepare step sets.
  const q = t.ctx.db.$client;
  await q.query('update campaign_counters set total = 20 where campaign_id = $1', [campaign.id]);
  await q.query(
    `update campaign_provider_counters set total = case mail_provider_id when $2 then 12 else 8 end where campaign_id = $1`,
    [campaign.id, gmail.id],
  );
  await q.query(
    `update campaign_domain_counters set total = case domain when 'gmail.com' then 9 when 'googlemail.com' then 3
       else 8 end where campaign_id = $1`,
    [campaign.id],
  );
});
afterAll(() => t.close());

const stats = (u: TestUser | null, path: string) =>
  t.as(u, { method: 'GET', url: `/api/smtp_campaign_statistics/${path}` });

describe('GET /api/smtp_campaign_statistics/{id}/{kind}/{providerId}', () => {
  it('access: 401 without a token, 404 for another user campaign', async () => {
    for (const kind of ['overall', 'perProviders', 'perDomains']) {
      await expectAccess(t, {
        method: 'GET',
        url: `/api/smtp_campaign_statistics/:id/${kind}/0`,
        owned: async (owner) => (await f.smtpCampaign({ owner })).id,
      });
      expect((await stats(bob, `${campaign.id}/${kind}/0`)).statusCode).toBe(404);
    }
  });

  it('overall: the campaign and its counters', async () => {
    const res = await stats(alice, `${campaign.id}/overall/0`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      overallStats: {
        id: campaign.id,
        name: campaign.name,
        emailList: expect.any(String),
        scheduledStart: '2026-01-02T03:00:00.000Z',
        start: '2026-01-02T03:04:00.000Z',
        scheduledStop: null,
        end: null,
        total: 20,
        processed: 10,
        delivered: 6,
        bounced: 3,
        interrupted: 3,
        unsubscribed: 1,
        complaints: 1,
        infraBounces: 1,
        open: 2,
        click: 1,
        conversion: 2,
        profit: 350,
        recipientsArchivedAt: null,
      },
    });
    expect((await stats(admin, `${campaign.id}/overall/0`)).json()).toEqual(res.json());
  });

  it('overall before any event: zeros and the campaign total', async () => {
    const fresh = await f.smtpCampaign({ owner: alice });
    await t.ctx.db.$client.query('update campaigns set total = 7 where id = $1', [fresh.id]);
    const o = (await stats(alice, `${fresh.id}/overall/0`)).json().overallStats;
    expect(o).toMatchObject({
      total: 7,
      processed: 0,
      delivered: 0,
      bounced: 0,
      interrupted: 0,
      profit: 0,
      start: null,
    });
  });

  it('perProviders: one row per mail service of the campaign, largest first', async () => {
    const res = await stats(alice, `${campaign.id}/perProviders/0`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      perProvidersStats: [
        {
          ...gmail,
          total: 12,
          processed: 7,
          delivered: 6,
          bounced: 1,
          interrupted: 2,
          open: 2,
          click: 1,
          unsubscribed: 1,
          complaints: 1,
          infraBounces: 0,
          conversion: 1,
          profit: 250,
        },
        {
          ...yahoo,
          total: 8,
          processed: 3,
          delivered: 0,
          bounced: 2,
          interrupted: 1,
          open: 0,
          click: 0,
          unsubscribed: 0,
          complaints: 0,
          infraBounces: 1,
          conversion: 1,
          profit: 100,
        },
        {
          ...other,
          total: 0,
          processed: 0,
          delivered: 0,
          bounced: 0,
          interrupted: 0,
          open: 0,
          click: 0,
          unsubscribed: 0,
          complaints: 0,
          infraBounces: 0,
          conversion: 0,
          profit: 0,
        },
      ],
    });
  });

  it('perDomains: the domains of one service (0: all), by total', async () => {
    const res = await stats(alice, `${campaign.id}/perDomains/${gmail.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      perDomainsStats: [
        {
          domain: 'gmail.com',
          total: 9,
          processed: 5,
          delivered: 4,
          bounced: 1,
          interrupted: 2,
          views: 2,
          clicks: 1,
          unsubscribers: 0,
          complaints: 1,
          infraBounces: 0,
          conversions: 1,
          profit: 250,
        },
        {
          domain: 'googlemail.com',
          total: 3,
          processed: 2,
          delivered: 2,
          bounced: 0,
          interrupted: 0,
          views: 0,
          clicks: 0,
          unsubscribers: 1,
          complaints: 0,
          infraBounces: 0,
          conversions: 0,
          profit: 0,
        },
      ],
    });
    const all = (await stats(alice, `${campaign.id}/perDomains/0`)).json().perDomainsStats;
    expect(all.map((d: { domain: string }) => d.domain)).toEqual(['gmail.com', 'yahoo.com', 'googlemail.com']);
    expect(all.find((d: { domain: string }) => d.domain === 'yahoo.com')).toMatchObject({
      bounced: 2,
      infraBounces: 1,
    });
    expect((await stats(alice, `${campaign.id}/perDomains/${other.id}`)).json()).toEqual({ perDomainsStats: [] });
  });

  it(`perDomains: at most the top ${TOP_DOMAINS}`, async () => {
    const c = await f.smtpCampaign({ owner: alice });
    await record(
      Array.from({ length: 25 }, (_, i) => ({
        kind: 'sent' as const,
        mailProviderId: other.id,
        domain: `d${i}.example`,
      })),
      c.id,
    );
    await t.ctx.db.$client.query(
      `update campaign_domain_counters set total = split_part(substring(domain from 2), '.', 1)::int where campaign_id = $1`,
      [c.id],
    );
    const rows = (await stats(alice, `${c.id}/perDomains/${other.id}`)).json().perDomainsStats;
    expect(rows).toHaveLength(TOP_DOMAINS);
    expect(rows[0].domain).toBe('d24.example');
  });

  it.each([
    'x/overall/0',
    '0x10/overall/0',
    '1e1/overall/0',
    '2147483648/overall/0',
    'ID/direct/0',
    'ID/unknown/0',
    'ID/perDomains/abc',
    'ID/perDomains/-1',
    'ID/perDomains/01',
  ])('refuses %s with a 4xx', async (path) => {
    const res = await stats(alice, path.replace('ID', String(campaign.id)));
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('answers 404 for a PMTA campaign on the SMTP path', async () => {
    const c = await f.smtpCampaign({ owner: alice });
    const group = await f.pmtaRelayGroup({ owner: alice });
    await t.ctx.db.$client.query(
      `update campaigns set type = ${CampaignType.PMTA}, pmta_relay_group_id = $2 where id = $1`,
      [c.id, group.id],
    );
    expect((await stats(alice, `${c.id}/overall/0`)).statusCode).toBe(404);
  });
});
