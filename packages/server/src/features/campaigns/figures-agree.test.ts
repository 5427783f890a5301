import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics } from '@console/shared/hub';
import type { SpeedOverall } from '@console/shared/dashboard';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { recordEvents, type EventInput } from '../../tracking/events.ts';
import { addRecipients, smtpTrackingId } from '../../tracking/test-helpers.ts';

/*
 * Issue 38, major 1 (decision 1340): one campaign, repeated opens and clicks from a few of its recipients
 * through the tracker's own routes; every screen that shows Open/Click (Views/Clicks) shows the same
 * figure, the recipients who opened or clicked, and the dashboard's Delivered is the statistics'.
 */

let t: TestApp;
let owner: TestUser;
let campaign: { id: number; emailListId: number; messageId: number };
let recipients: { emailId: number; email: string }[];
let liveOpens: number[] = [];
let off: () => void;

/** Hits per recipient: [opens, clicks]. Recipient 3 only clicks (an implied open); 4 and 5 do nothing. */
const HITS: [number, number][] = [
  [5, 4],
  [3, 0],
  [1, 6],
  [0, 2],
  [0, 0],
  [0, 0],
];
const OPENED = HITS.filter(([o, c]) => o + c > 0).length;
const CLICKED = HITS.filter(([, c]) => c > 0).length;
const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  const f = factories(t);
  owner = await t.user();
  const list = await f.emailList({
    owner,
    emails: HITS.map((_, i) => `figures${i}@example${i % 2}.com`),
  });
  campaign = await f.smtpCampaign({ owner, emailListId: list.id });
  recipients = await addRecipients(t, campaign);
  const { rows } = await t.ctx.db.$client.query<{ id: number }>(`select id from mail_providers where name = 'Other'`);
  // Sent and delivered as the sender records them (the same write path), then the hits through the tracker.
  const client = await t.ctx.db.$client.connect();
  try {
    const base = { campaignType: 'smtp' as const, campaignId: campaign.id, userId: owner.id, relayId: 7 };
    const events: EventInput[] = recipients.flatMap((r) =>
      (['sent', 'delivered'] as const).map((kind) => ({
        ...base,
        kind,
        emailId: r.emailId,
        mailProviderId: rows[0]!.id,
        domain: r.email.split('@')[1],
      })),
    );
    await recordEvents(client, events);
  } finally {
    client.release();
  }
  off = t.ctx.hub.subscribe({
    userId: owner.id,
    isAdmin: false,
    send: (topic, data) => {
      const d = data as { campaignId?: number; opens?: number; clicks?: number };
      if (topic === Topics.campaignStatistics && d.campaignId === campaign.id) liveOpens = [d.opens!, d.clicks!];
    },
  });
  for (const [i, [opens, clicks]] of HITS.entries()) {
    const id = smtpTrackingId(t, campaign.id, recipients[i]!.emailId);
    for (let n = 0; n < opens; n++) expect((await t.app.inject(`/t/o/${id}/p.gif`)).statusCode).toBe(200);
    for (let n = 0; n < clicks; n++) expect((await t.app.inject(`/t/c/${id}/x`)).statusCode).toBe(302);
  }
});
afterAll(async () => {
  off?.();
  await t?.close();
});

const get = async (url: string) => {
  const res = await t.as(owner, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const post = async (url: string, payload: object) => {
  const res = await t.as(owner, { method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const range = () => ({ fromDate: yesterday(), toDate: today() });

describe('Open and Click mean the recipients who opened and clicked, on every screen (decision 1340)', () => {
  it('the hits went through: more hits than recipients', async () => {
    const { rows } = await t.ctx.db.$client.query(
      'select opens, clicks from campaign_counters where campaign_type = 2 and campaign_id = $1',
      [campaign.id],
    );
    expect(rows[0].opens).toBeGreaterThan(OPENED);
    expect(rows[0].clicks).toBeGreaterThan(CLICKED);
  });

  it("the campaign's statistics: overall, per service, top domains", async () => {
    const base = `/api/smtp_campaign_statistics/${campaign.id}`;
    const { overallStats } = await get(`${base}/overall/0`);
    expect(overallStats).toMatchObject({ delivered: HITS.length, open: OPENED, click: CLICKED });
    const { perProvidersStats } = await get(`${base}/perProviders/0`);
    const withTraffic = perProvidersStats.filter((p: { delivered: number }) => p.delivered > 0);
    expect(withTraffic).toEqual([expect.objectContaining({ delivered: HITS.length, open: OPENED, click: CLICKED })]);
    const { perDomainsStats } = await get(`${base}/perDomains/0`);
    const sum = (k: string) => perDomainsStats.reduce((a: number, d: Record<string, number>) => a + d[k]!, 0);
    expect([sum('delivered'), sum('views'), sum('clicks')]).toEqual([HITS.length, OPENED, CLICKED]);
  });

  it('the Activity, Mail Services and Message reports', async () => {
    const { report } = await post('/api/activity-report', range());
    const days = report as { delivered: number; views: number; clicks: number }[];
    const total = (k: 'delivered' | 'views' | 'clicks') => days.reduce((a, d) => a + d[k], 0);
    expect([total('delivered'), total('views'), total('clicks')]).toEqual([HITS.length, OPENED, CLICKED]);

    const services = (await post('/api/mail-provider-report', range())).report as Record<string, number>[];
    expect(services).toEqual([expect.objectContaining({ delivered: HITS.length, open: OPENED, clicks: CLICKED })]);

    const messages = (await get('/api/message_reports'))['hydra:member'] as Record<string, number>[];
    expect(messages).toEqual([
      expect.objectContaining({
        id: campaign.messageId,
        report: expect.objectContaining({ delivered: HITS.length, clicked: CLICKED }),
      }),
    ]);
  });

  it("the dashboard's Delivered and the live statistics message", async () => {
    const body = (await post('/api/dashboard/speed', { type: 'overall' })) as SpeedOverall;
    expect(body.sent.reduce((a, b) => a + b, 0)).toBe(HITS.length);
    // The last message published (throttled, a trailing one carries the last change).
    await eventually(async () => liveOpens.join() === [OPENED, CLICKED].join(), 5_000).catch(() => undefined);
    expect(liveOpens).toEqual([OPENED, CLICKED]);
  });
});
