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

    // In backoff longer than the setting: its owner is told once, with the reply.
    await t.ctx.db.$client.query(`update smtp_relays set backoff_since = now() - interval '2 hours' where id = $1`, [
      relayId,
    ]);
    await notifyLongBackoffs(t.ctx);
    await notifyLongBackoffs(t.ctx);
    const { rows } = await t.ctx.db.$client.query<{ message: string }>(
      `select message from notifications where user_id = $1 and subject = 'SMTP relay q40 in backoff'`,
      [owner.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.message).toMatch(/^SMTP relay q40 is in backoff since .*: 421 4\.7\.0 Too many messages/);

    failing = false;
    await eventually(async () => {
      const { rows: c } = await t.ctx.db.$client.query<{ status: number }>(
        'select status from campaigns where id = $1',
        [campaign.id],
      );
      expect(c[0]!.status).toBe(CampaignStatus.Finished);
    }, 60_000);
    const after = (await smtpView(owner)).find((i) => i.relayId === relayId && i.mailService === 'Other')!;
    expect(after).toMatchObject({ backoff: false, backoffSince: null, delivered1h: 30 });
  }, 90_000);
});
