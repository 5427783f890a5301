import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignStatus, CampaignType } from '@console/shared/enums';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../test/harness.ts';
import { factories } from '../../test/factories.ts';
import { startSmtpSink, type SmtpSink } from '../../test/peers/smtp-sink.ts';
import { startCampaign } from './campaign-state.ts';
import { startSender, type Sender } from './sender/sender.ts';
import { bigList, relayOn } from './test-setup.ts';

/*
 * Issue 39, section 1, through the SMTP engine: campaigns to a sink that answers chosen replies. A 5.1.1
 * suppresses at once; a full mailbox (5.2.2) only at the soft-bounce limit (2 here) with no delivery in
 * between, and a delivery resets the count; a "blocked using" block never suppresses and counts as an
 * infrastructure bounce on the campaign and on the relay.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let sender: Sender;
let sink: SmtpSink;
/** What the sink answers each address in the current campaign (by its local part). */
let replies: Record<string, { code: number; text: string }> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { SENDER_RETRY_SECONDS: '0.2' } });
  f = factories(t);
  sender = await startSender(t.ctx);
  sink = await startSmtpSink({
    credentials: { user: 'bc', password: 'pw' },
    replyTo: (rcpt) => replies[rcpt.split('@')[0]!],
  });
  await t.ctx.db.$client.query(
    `insert into console_settings (id, soft_bounce_limit, soft_bounce_days) values (true, 2, 30)
     on conflict (id) do update set soft_bounce_limit = 2, soft_bounce_days = 30`,
  );
});
afterAll(async () => {
  await sender?.stop();
  await sink?.close();
  await t?.close();
});

const q = <T>(text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows as T[]);

const GONE = { code: 550, text: '5.1.1 <x>: Recipient address rejected: User unknown in local recipient table' };
const FULL = { code: 552, text: '5.2.2 <x>: Recipient address rejected: mailbox full' };
const BLOCKED = {
  code: 554,
  text: '5.7.1 Service unavailable; Client host [203.0.113.5] blocked using zen.spamhaus.org',
};

describe('bounce classes through the SMTP engine', () => {
  let owner: TestUser;
  let user: (i: number) => string;
  let run: () => Promise<number>;
  let relayId: number;

  beforeAll(async () => {
    owner = await t.user();
    const l = await bigList(t, owner, 6, 0);
    user = l.user;
    const group = await f.smtpRelayGroup({ owner });
    relayId = await relayOn(t, { owner, groupId: group.id, port: sink.port, account: 'bc', password: 'pw' });
    run = async () => {
      const c = await f.smtpCampaign({
        owner,
        emailListId: l.list.id,
        relayGroupId: group.id,
        mailProviderIds: [l.other],
      });
      await startCampaign(t.ctx, c.id);
      await eventually(
        async () =>
          (await q<{ status: number }>('select status from campaigns where id = $1', [c.id]))[0]!.status ===
          CampaignStatus.Finished,
      );
      return c.id;
    };
  });

  const local = (i: number) => user(i).split('@')[0]!;
  const bounced = async () =>
    (await q<{ email: string; reason: string }>('select email, reason from bounced_emails order by email')).filter(
      (r) => [1, 2, 3, 4, 5].map(user).includes(r.email),
    );
  const soft = async (i: number) =>
    (await q<{ n: number }>('select cardinality(bounces) as n from soft_bounces where email = $1', [user(i)]))[0]?.n ??
    0;

  it('suppresses a dead address at once, a full mailbox only at the limit, and never a blocked sender', async () => {
    // Campaign 1: 1 gone, 2 full, 3 blocked, 4 full, 5 delivered.
    replies = { [local(1)]: GONE, [local(2)]: FULL, [local(3)]: BLOCKED, [local(4)]: FULL };
    const c1 = await run();
    expect(await bounced()).toEqual([{ email: user(1), reason: 'bad-mailbox' }]);
    expect([await soft(2), await soft(3), await soft(4)]).toEqual([1, 0, 1]);
    const counters = await q<{ bounced: number; infra: number; delivered: number }>(
      `select bounced, infra_bounces as infra, delivered from campaign_counters where campaign_type = $1 and campaign_id = $2`,
      [CampaignType.SMTP, c1],
    );
    expect(counters).toEqual([{ bounced: 4, infra: 1, delivered: 2 }]);
    const onRelay = await q<{ infra: number }>(
      `select sum(infra_bounces)::int as infra from event_rollup_hourly where relay_id = $1 and campaign_id = $2`,
      [relayId, c1],
    );
    expect(onRelay).toEqual([{ infra: 1 }]);

    // Campaign 2: 2 full again (the limit: suppressed), 3 blocked again, 4 delivered (its count is reset).
    replies = { [local(2)]: FULL, [local(3)]: BLOCKED };
    const [rejected, messages] = [sink.rejected.length, sink.messages.length];
    await run();
    const reached = [...sink.rejected.slice(rejected), ...sink.messages.slice(messages).flatMap((m) => m.to)];
    expect(reached.sort()).toEqual([2, 3, 4, 5, 6].map(user).sort()); // 1 is suppressed: not sent
    expect(await bounced()).toEqual([
      { email: user(1), reason: 'bad-mailbox' },
      { email: user(2), reason: 'quota-issues' },
    ]);
    expect([await soft(2), await soft(3), await soft(4)]).toEqual([0, 0, 0]);

    // Campaign 3: 4 full once more: one soft bounce since its delivery, not suppressed; 3 still never.
    replies = { [local(3)]: BLOCKED, [local(4)]: FULL };
    await run();
    expect((await bounced()).map((b) => b.email)).not.toContain(user(4));
    expect((await bounced()).map((b) => b.email)).not.toContain(user(3));
    expect(await soft(4)).toBe(1);
    const relayInfra = await q<{ infra: number }>(
      `select sum(infra_bounces)::int as infra from event_rollup_daily where relay_id = $1 and campaign_type = $2`,
      [relayId, CampaignType.SMTP],
    );
    expect(relayInfra).toEqual([{ infra: 3 }]);
  });
});
