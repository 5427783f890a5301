import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignStatus, CampaignType } from '@console/shared/enums';
import { createTestApp, eventually, type TestApp } from '../../test/harness.ts';
import { factories } from '../../test/factories.ts';
import { startSmtpSink, type SmtpSink } from '../../test/peers/smtp-sink.ts';
import { decodeTrackingId } from '../tracking/uuid.ts';
import { pauseCampaign, startCampaign } from './campaign-state.ts';
import { startSender, type Sender } from './sender/sender.ts';
import { bigList, relayOn } from './test-setup.ts';

/*
 * The sender in this process against sinks on loopback: what a message carries, the backoff flag, a login
 * failure's block and notice, the pause for want of relays, pause and resume.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let sender: Sender;
const sinks: SmtpSink[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { SENDER_RETRY_SECONDS: '0.2' } });
  f = factories(t);
  sender = await startSender(t.ctx);
});
afterAll(async () => {
  await sender?.stop();
  await Promise.all(sinks.map((s) => s.close()));
  await t?.close();
});

async function sink(o: Parameters<typeof startSmtpSink>[0] = {}) {
  const s = await startSmtpSink(o);
  sinks.push(s);
  return s;
}

async function campaignOn(
  n: number,
  relays: (owner: Awaited<ReturnType<TestApp['user']>>, groupId: number) => Promise<unknown>,
  list = { n, extra: 3 },
) {
  const owner = await t.user();
  const { list: l, other, user } = await bigList(t, owner, list.n, list.extra);
  const group = await f.smtpRelayGroup({ owner });
  await relays(owner, group.id);
  const unsub = await f.linkGroup({ owner, type: 1 });
  await f.link({ owner, groupId: unsub.id, url: 'https://trk.example.com/t/u/[uuid]/x' });
  const campaign = await f.smtpCampaign({
    owner,
    emailListId: l.id,
    relayGroupId: group.id,
    mailProviderIds: [other],
    unsubscribeLinksId: unsub.id,
    sender: 'Team [name]',
  });
  return { owner, campaign, group, user };
}

const status = async (id: number) =>
  (
    await t.ctx.db.$client.query<{ status: number; pauseReason: string | null }>(
      'select status, pause_reason as "pauseReason" from campaigns where id = $1',
      [id],
    )
  ).rows[0]!;

const counters = async (id: number) =>
  (
    await t.ctx.db.$client.query<{ total: number; sent: number; delivered: number; bounced: number; deferred: number }>(
      `select total, sent, delivered, bounced, deferred from campaign_counters where campaign_type = ${CampaignType.SMTP} and campaign_id = $1`,
      [id],
    )
  ).rows[0]!;

describe('the sender', () => {
  it('sends each eligible recipient one message with the tracking id, sender and unsubscribe headers', async () => {
    const s = await sink({ credentials: { user: 'acc1', password: 'pw1' } });
    const { campaign } = await campaignOn(40, (owner, groupId) =>
      relayOn(t, { owner, groupId, port: s.port, account: 'acc1', password: 'pw1' }),
    );
    await startCampaign(t.ctx, campaign.id);
    await eventually(async () => (await status(campaign.id)).status === CampaignStatus.Finished);
    expect(s.messages).toHaveLength(40);
    const to = s.messages.map((m) => m.to[0]);
    expect(new Set(to).size).toBe(40);
    expect(to.every((e) => e!.startsWith('user'))).toBe(true);
    const m = s.messages.find((x) => x.to[0]!.startsWith('user7@d7.'))!;
    expect(m.user).toBe('acc1');
    expect(m.from).toBe('acc1@sender-acc1.test');
    expect(m.headers.get('from')).toBe('Team Name7 <acc1@sender-acc1.test>');
    expect(m.headers.get('message-id')).toMatch(/^<[0-9a-f-]{36}@sender-acc1\.test>$/);
    const id = decodeTrackingId(t.ctx.secret, m.headers.get('x-console-id')!);
    expect(id).toMatchObject({ campaignType: 'smtp', campaignId: campaign.id });
    expect(m.headers.get('list-unsubscribe')).toBe(`<https://trk.example.com/t/u/${m.headers.get('x-console-id')}/x>`);
    expect(m.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(await counters(campaign.id)).toMatchObject({ total: 40, sent: 40, delivered: 40, bounced: 0 });
  });

  it('bounces 5xx with the reply and category, suppresses the address, retries 421 and backs the relay off', async () => {
    let failing = true;
    const s = await sink({
      credentials: { user: 'acc2', password: 'pw2' },
      reject: (r) => r.startsWith('user3@d3.'),
      tempFail: (r) => failing && r.startsWith('user5@d5.'),
    });
    const { campaign } = await campaignOn(10, async (owner, groupId) => {
      const relayId = await relayOn(t, { owner, groupId, port: s.port, account: 'acc2', password: 'pw2' });
      return relayId;
    });
    const relay = (
      await t.ctx.db.$client.query<{ id: number }>('select id from smtp_relays where account = $1', ['acc2'])
    ).rows[0]!;
    await startCampaign(t.ctx, campaign.id);
    await eventually(async () => s.deferred.length > 0);
    await eventually(async () => {
      const { rows } = await t.ctx.db.$client.query<{ backoff: boolean }>(
        'select backoff from smtp_relays where id = $1',
        [relay.id],
      );
      return rows[0]!.backoff;
    });
    failing = false;
    await eventually(async () => (await status(campaign.id)).status === CampaignStatus.Finished);
    const { rows } = await t.ctx.db.$client.query<{ email: string; status: number; reply: string; attempts: number }>(
      `select email, status, reply, attempts from campaign_recipients where campaign_id = $1 and (email like 'user3@d3.%' or email like 'user5@d5.%') order by email`,
      [campaign.id],
    );
    expect(rows[0]).toMatchObject({ status: 4 });
    expect(rows[0]!.reply).toMatch(/^550 5\.1\.1/);
    expect(rows[1]).toMatchObject({ status: 3 });
    const attempts = rows[1]!.attempts;
    expect(attempts).toBeGreaterThanOrEqual(1);
    expect(s.deferred).toHaveLength(attempts);
    expect(await counters(campaign.id)).toMatchObject({
      total: 10,
      sent: 10,
      delivered: 9,
      bounced: 1,
      deferred: attempts,
    });
    const { rows: ev } = await t.ctx.db.$client.query<{ detail: string }>(
      `select detail from events where campaign_id = $1 and kind = 3`,
      [campaign.id],
    );
    expect(ev[0]!.detail).toMatch(/^bad-mailbox: 550 5\.1\.1/);
    // The delivery after the 421 brought the relay back to normal speed; the bad mailbox is suppressed.
    const { rows: r2 } = await t.ctx.db.$client.query<{ backoff: boolean }>(
      'select backoff from smtp_relays where id = $1',
      [relay.id],
    );
    expect(r2[0]!.backoff).toBe(false);
    // The bad mailbox joins the Bounced Emails (not the spam traps) with its reply, campaign and relay.
    const { rows: sp } = await t.ctx.db.$client.query(
      `select (select count(*)::int from spam_emails where email like 'user3@d3.%') as traps, b.reason, b.diagnostic,
              b.campaign_id, b.relay_id, b.count
         from bounced_emails b where b.email like 'user3@d3.%'`,
    );
    expect(sp).toEqual([
      {
        traps: 0,
        reason: 'bad-mailbox',
        diagnostic: expect.stringMatching(/^550 5\.1\.1/),
        campaign_id: campaign.id,
        relay_id: expect.any(Number),
        count: 1,
      },
    ]);
    await eventually(async () => {
      const { rows: e } = await t.ctx.db.$client.query<{ valid: boolean }>(
        `select valid from emails where email like 'user3@d3.%' and email_list_id = $1`,
        [campaign.emailListId],
      );
      return e[0]!.valid === false;
    });
  });

  it('blocks a relay whose login fails, tells its owner once, and pauses when no relay is left', async () => {
    const good = await sink({ credentials: { user: 'acc3', password: 'pw3' } });
    const { campaign, owner } = await campaignOn(20, async (o, groupId) => {
      await relayOn(t, { owner: o, groupId, port: good.port, account: 'acc3', password: 'wrong' });
    });
    await startCampaign(t.ctx, campaign.id);
    await eventually(async () => (await status(campaign.id)).status === CampaignStatus.Paused);
    expect((await status(campaign.id)).pauseReason).toMatch(/No SMTP relay left: the login of every Neutral relay/);
    const { rows: blocks } = await t.ctx.db.$client.query(
      'select reason from campaign_relay_blocks where campaign_id = $1',
      [campaign.id],
    );
    expect(blocks).toHaveLength(1);
    const { rows: notes } = await t.ctx.db.$client.query<{ subject: string }>(
      'select subject from notifications where user_id = $1 order by id',
      [owner.id],
    );
    expect(notes.map((n) => n.subject)).toEqual([
      'SMTP relay acc3: login failed',
      `Campaign "${campaign.name}" paused`,
    ]);
    expect(good.messages).toHaveLength(0);
    // Nothing was handed over: every recipient is pending again, none counted.
    await eventually(async () => {
      const { rows } = await t.ctx.db.$client.query<{ n: number }>(
        'select count(*)::int as n from campaign_recipients where campaign_id = $1 and status = 0',
        [campaign.id],
      );
      return rows[0]!.n === 20;
    });
    expect(await counters(campaign.id)).toMatchObject({ total: 20, sent: 0, deferred: 0 });
  });

  it('pauses for a relay group without an eligible relay', async () => {
    const s = await sink();
    const { campaign } = await campaignOn(5, async (owner, groupId) => {
      await relayOn(t, { owner, groupId, port: s.port, account: 'acc4', password: 'x', status: 3 });
    });
    await startCampaign(t.ctx, campaign.id);
    await eventually(async () => (await status(campaign.id)).status === CampaignStatus.Paused);
    expect((await status(campaign.id)).pauseReason).toBe(
      'No SMTP relay left: the relay group has no active relay with status Neutral.',
    );
  });

  it('pause stops sending within a second and gives claimed rows back; resume finishes', async () => {
    const s = await sink({ credentials: { user: 'acc5', password: 'pw5' } });
    const { campaign } = await campaignOn(2000, (owner, groupId) =>
      relayOn(t, { owner, groupId, port: s.port, account: 'acc5', password: 'pw5' }),
    );
    await startCampaign(t.ctx, campaign.id);
    await eventually(async () => s.messages.length >= 100);
    await pauseCampaign(t.ctx, campaign.id);
    const paused = Date.now();
    await new Promise((r) => setTimeout(r, 1000));
    const after = s.messages.filter((m) => m.at > paused + 1000).length;
    const count = s.messages.length;
    await new Promise((r) => setTimeout(r, 800));
    expect(s.messages.length).toBe(count);
    expect(after).toBe(0);
    const { rows } = await t.ctx.db.$client.query<{ n: number }>(
      'select count(*)::int as n from campaign_recipients where campaign_id = $1 and status in (1, 2)',
      [campaign.id],
    );
    expect(rows[0]!.n).toBe(0);
    await startCampaign(t.ctx, campaign.id);
    await eventually(async () => (await status(campaign.id)).status === CampaignStatus.Finished);
    expect(new Set(s.messages.map((m) => m.to[0])).size).toBe(2000);
    expect(s.messages).toHaveLength(2000);
  });
});
