import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignStatus } from '@console/shared/enums';
import { createTestApp, eventually, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/peers/smtp-sink.ts';
import { startCampaign } from '../../sending/campaign-state.ts';
import { startSender, type Sender } from '../../sending/sender/sender.ts';
import { bigList, relayOn } from '../../sending/test-setup.ts';

/*
 * A hard bounce through the real engine (the sender against a sink that answers 550 5.1.1): the address
 * joins Bounced Emails, revalidation marks it invalid in every list holding it, the next campaign skips it,
 * and once an administrator lifts it the campaign after counts it again.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let sender: Sender;
let sink: SmtpSink;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  sender = await startSender(t.ctx);
});
afterAll(async () => {
  await sender?.stop();
  await sink?.close();
  await t?.close();
});

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
const finished = async (id: number) =>
  eventually(
    async () => (await q('select status from campaigns where id = $1', [id]))[0]!.status === CampaignStatus.Finished,
  );
const recipients = async (id: number) =>
  (await q('select email from campaign_recipients where campaign_id = $1 order by email', [id])).map((r) => r.email);

describe('a hard-bounced address', () => {
  it('is recorded, marked invalid by revalidation, skipped by the next campaign, and counted again once lifted', async () => {
    const owner = await t.user();
    const admin = await t.user({ admin: true });
    const { list, other, user } = await bigList(t, owner, 5, 0);
    const dead = user(3);
    sink = await startSmtpSink({ credentials: { user: 'bacc', password: 'bpw' }, reject: (r) => r === dead });
    const group = await f.smtpRelayGroup({ owner });
    const relayId = await relayOn(t, { owner, groupId: group.id, port: sink.port, account: 'bacc', password: 'bpw' });
    const campaign = (name: string) =>
      f.smtpCampaign({ owner, name, emailListId: list.id, relayGroupId: group.id, mailProviderIds: [other] });
    // Another owner's list holds the same address: a dead mailbox is dead for every list.
    const elsewhere = await f.emailList({ emails: [dead, 'alive@elsewhere.example'] });

    const first = await campaign('First');
    await startCampaign(t.ctx, first.id);
    await finished(first.id);
    expect(sink.rejected).toEqual([dead]);
    expect(
      await q('select email, reason, campaign_id, relay_id, count from bounced_emails where email = $1', [dead]),
    ).toEqual([{ email: dead, reason: 'bad-mailbox', campaign_id: first.id, relay_id: relayId, count: 1 }]);
    expect(await q('select count(*)::int as n from spam_emails where email = $1', [dead])).toEqual([{ n: 0 }]);
    await eventually(async () => {
      const rows = await q('select email_list_id, valid from emails where email = $1 order by email_list_id', [dead]);
      return rows.every((r) => r.valid === false) && rows.length === 2;
    });
    // The factory's list keeps its counter (bigList writes its rows without one): it moved by exactly one.
    expect(await q('select valid_counter from email_lists where id = $1', [elsewhere.id])).toEqual([
      { valid_counter: 1 },
    ]);

    const second = await campaign('Second');
    await startCampaign(t.ctx, second.id);
    await finished(second.id);
    expect(await recipients(second.id)).toEqual([user(1), user(2), user(4), user(5)].sort());

    // Lifted by an administrator: valid again, and the next campaign counts it.
    const [row] = (await t.as(admin, { method: 'GET', url: `/api/bounced_emails?email.email=${dead}` })).json()[
      'hydra:member'
    ];
    expect(row).toMatchObject({
      email: dead,
      campaign: { id: first.id, name: 'First' },
      relay: { id: relayId, name: 'bacc' },
    });
    expect((await t.as(admin, { method: 'DELETE', url: `/api/bounced_emails/${row.id}` })).statusCode).toBe(204);
    expect(await q('select valid from emails where email = $1', [dead])).toEqual([{ valid: true }, { valid: true }]);
    const third = await campaign('Third');
    await startCampaign(t.ctx, third.id);
    await eventually(async () => (await recipients(third.id)).length > 0);
    expect(await recipients(third.id)).toContain(dead);
  });
});
