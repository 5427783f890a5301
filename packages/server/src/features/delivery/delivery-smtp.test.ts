import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignStatus } from '@console/shared/enums';
import type { SmtpDelivery } from '@console/shared/delivery';
import { eventually } from '@console/pmta-sim/testing';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/peers/smtp-sink.ts';
import { startCampaign } from '../../sending/campaign-state.ts';
import { startSender, type Sender } from '../../sending/sender/sender.ts';
import { bigList, relayOn } from '../../sending/test-setup.ts';
import { notifyLongBackoffs } from './delivery.service.ts';
import { expectAccess } from '../../../test/access.ts';
import { recordEvents } from '../../tracking/events.ts';

/*
 * The Delivery screen's SMTP side from the console's own engine: a sink answers 421 for one domain; the
 * relay shows in backoff with that reply and the last hour's deliveries and deferrals, to its owner only.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let sender: Sender;
let sink: SmtpSink;
let failing = true;

beforeAll(async () => {
  t = await createTestApp({ env: { SENDER_RETRY_SECONDS: '0.2' } });
  f = factories(t);
  sender = await startSender(t.ctx);
  sink = await startSmtpSink({
    credentials: { user: 'q40', password: 'pw' },
    tempFail: (r) => failing && r.startsWith('user5@d5.'),
  });
});
afterAll(async () => {
  await sender?.stop();
  await sink?.close();
  await t?.close();
});

const smtpView = async (u: TestUser) => {
  const res = await t.as(u, { method: 'GET', url: '/api/delivery/smtp_relays' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: SmtpDelivery[] }).items;
};

describe('the Delivery screen, SMTP relays', () => {
  it('shows a relay in backoff at a mail service with the 421 reply and the last hour’s figures', async () => {
    const owner = await t.user();
    const { list, other } = await bigList(t, owner, 30, 0);
    const group = await f.smtpRelayGroup({ owner });
    const relayId = await relayOn(t, { owner, groupId: group.id, port: sink.port, account: 'q40', password: 'pw' });
    const unsub = await f.linkGroup({ owner, type: 1 });
    await f.link({ owner, groupId: unsub.id, url: 'https://trk.example.com/t/u/[uuid]/x' });
    const campaign = await f.smtpCampaign({
      owner,
      emailListId: list.id,
      relayGroupId: group.id,
      mailProviderIds: [other],
      unsubscribeLinksId: unsub.id,
    });
    expect(await smtpView(owner)).toEqual([
      expect.objectContaining({ relayId, relay: 'q40', backoff: false, mailServiceId: 0, lastReply: null }),
    ]);

    await startCampaign(t.ctx, campaign.id);
    const row = await eventually(async () => {
      const r = (await smtpView(owner)).find((i) => i.relayId === relayId && i.mailService === 'Other');
      expect(r).toMatchObject({ backoff: true, lastReply: expect.stringMatching(/^421 4\.7\.0 Too many messages/) });
      return r!;
    });
    expect(row.deferred1h).toBeGreaterThanOrEqual(1);
    expect(row.backoffSince).toMatch(/^20\d\d-/);
    expect(row.lastReplyAt).toMatch(/^20\d\d-/);
    expect(row.speed).toBe(0); // relayOn's relays are unpaced, in backoff too

    expect(await smtpView(await t.user())).toEqual([]);
    expect((await smtpView(await t.user({ admin: true }))).some((r) => r.relayId === relayId)).toBe(true);

    // In backoff longer than the setting: its owner is told once, with the reply. The engine rests meanwhile: a
    // delivery to another recipient clears the backoff, and the next 421 starts a new one, from now.
    await sender.stop();
    await t.ctx.db.$client.query(
      `update smtp_relays set backoff = true, backoff_since = now() - interval '2 hours' where id = $1`,
      [relayId],
    );
    await notifyLongBackoffs(t.ctx);
    await notifyLongBackoffs(t.ctx);
    const { rows } = await t.ctx.db.$client.query<{ message: string }>(
      `select message from notifications where user_id = $1 and subject = 'SMTP relay q40 in backoff'`,
      [owner.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.message).toMatch(/^SMTP relay q40 is in backoff since .*: 421 4\.7\.0 Too many messages/);
    sender = await startSender(t.ctx);

    failing = false;
    await eventually(async () => {
      const { rows: c } = await t.ctx.db.$client.query<{ status: number }>(
        'select status from campaigns where id = $1',
        [campaign.id],
      );
      expect(c[0]!.status).toBe(CampaignStatus.Finished);
    }, 60_000);
    const after = (await smtpView(owner)).find((i) => i.relayId === relayId && i.mailService === 'Other')!;
    expect(after).toMatchObject({ backoff: false, backoffSince: null, delivered1h: 30, paused: null });
  }, 90_000);
});

describe('an SMTP relay paused for a mail service (decision 1442)', () => {
  const q = <T>(text: string, params: unknown[] = []) =>
    t.ctx.db.$client.query(text, params).then((r) => r.rows as T[]);
  let owner: TestUser;
  let relayId: number;
  let other: number;
  let campaignId: number;
  const status = async () =>
    (await q<{ status: number }>('select status from campaigns where id = $1', [campaignId]))[0]!.status;

  beforeAll(async () => {
    owner = await t.user();
    const l = await bigList(t, owner, 20, 0);
    other = l.other;
    const group = await f.smtpRelayGroup({ owner });
    relayId = await relayOn(t, { owner, groupId: group.id, port: sink.port, account: 'q40', password: 'pw' });
    const c = await f.smtpCampaign({ owner, emailListId: l.list.id, relayGroupId: group.id, mailProviderIds: [other] });
    campaignId = c.id;
    // The last 24 hours of this relay at Other: 120 results, 30 of them blocks of the sending IP (25%).
    const base = { campaignType: 'smtp' as const, campaignId, userId: owner.id, relayId, mailProviderId: other };
    const client = await t.ctx.db.$client.connect();
    await recordEvents(client, [
      ...Array.from({ length: 90 }, () => ({ ...base, kind: 'delivered' as const })),
      ...Array.from({ length: 30 }, () => ({
        ...base,
        kind: 'bounced' as const,
        detail: 'spam-related: 554 5.7.1 Client host [203.0.113.5] blocked using zen.spamhaus.org',
      })),
    ]).finally(() => client.release());
    await q('update console_settings set infra_pause_percent = 25');
  });
  afterAll(() => q('update console_settings set infra_pause_percent = 0'));

  it('pauses the relay there with the reason, shows it, sends nothing there until the owner resumes it', async () => {
    const before = sink.accepted();
    await startCampaign(t.ctx, campaignId);
    const reason =
      'Paused for Other: 30 infrastructure bounces of 120 results (25%) reached the 25% limit in 24 hours.';
    await eventually(async () => {
      expect(
        await q(`select reason, resumed_at from smtp_relay_pauses where relay_id = $1 and mail_provider_id = $2`, [
          relayId,
          other,
        ]),
      ).toEqual([{ reason, resumed_at: null }]);
    });
    const row = (await smtpView(owner)).find((i) => i.relayId === relayId && i.mailServiceId === other)!;
    expect(row.paused).toEqual({ reason, since: expect.stringMatching(/^20\d\d-/) });
    // nothing goes to Other through it: the campaign holds its recipients, still active
    expect(sink.accepted()).toBe(before);
    expect(await status()).toBe(CampaignStatus.Active);

    // another user cannot resume it; bad input is refused and changes nothing
    const url = `/api/delivery/smtp_relays/${relayId}/resume`;
    const stranger = await t.user();
    expect((await t.as(stranger, { method: 'POST', url, payload: { mailServiceId: other } })).statusCode).toBe(404);
    for (const payload of [{}, { mailServiceId: 'x' }, { mailServiceId: -1 }, { mailServiceId: '1\u0000' }, []]) {
      const res = await t.as(owner, { method: 'POST', url, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    for (const bad of ['abc', '1.5', '99999999999999999999']) {
      const res = await t.as(owner, {
        method: 'POST',
        url: `/api/delivery/smtp_relays/${bad}/resume`,
        payload: { mailServiceId: other },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const wrongService = await t.as(owner, { method: 'POST', url, payload: { mailServiceId: other + 1000 } });
    expect([wrongService.statusCode, wrongService.json().error]).toEqual([
      404,
      'The relay is not paused for this mail service.',
    ]);
    expect((await q(`select count(*)::int as n from smtp_relay_pauses where resumed_at is not null`))[0]).toEqual({
      n: 0,
    });

    // the owner resumes it: the campaign goes out, and the same figures do not pause it again
    const res = await t.as(owner, { method: 'POST', url, payload: { mailServiceId: other } });
    expect(res.statusCode, res.body).toBe(204);
    await eventually(async () => expect(await status()).toBe(CampaignStatus.Finished), 60_000);
    expect(sink.accepted()).toBe(before + 20);
    expect((await smtpView(owner)).find((i) => i.relayId === relayId && i.mailServiceId === other)!.paused).toBeNull();
    // resumed once: a second resume finds nothing paused
    expect((await t.as(owner, { method: 'POST', url, payload: { mailServiceId: other } })).statusCode).toBe(404);
  }, 90_000);

  it('POST /api/delivery/smtp_relays/:id/resume: 401 without a token; another user’s relay is 404', async () => {
    await expectAccess(t, {
      method: 'POST',
      url: '/api/delivery/smtp_relays/:id/resume',
      payload: { mailServiceId: other },
      owned: async (o) => {
        const group = await f.smtpRelayGroup({ owner: o });
        const id = await relayOn(t, { owner: o, groupId: group.id, port: sink.port, account: 'q40', password: 'pw' });
        await q(`insert into smtp_relay_pauses (relay_id, mail_provider_id, reason) values ($1, $2, 'x')`, [id, other]);
        return id;
      },
    });
    expect(
      (await q(`select count(*)::int as n from smtp_relay_pauses where reason = 'x' and resumed_at is not null`))[0],
    ).toEqual({ n: 0 });
  });
});
