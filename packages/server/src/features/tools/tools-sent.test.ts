import { afterAll, beforeAll, expect, it } from 'vitest';
import { CampaignStatus, CampaignType } from '@console/shared/enums';
import type { UuidDecoded } from '@console/shared/tools';
import { factories } from '../../../test/factories.ts';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/peers/smtp-sink.ts';
import { startCampaign } from '../../sending/campaign-state.ts';
import { startSender, type Sender } from '../../sending/sender/sender.ts';
import { bigList, relayOn } from '../../sending/test-setup.ts';

/* The UUID of a message the engine really sent (to an SMTP sink) decodes to its campaign, relay and e-mail. */

let t: TestApp;
let sender: Sender;
let sink: SmtpSink;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { SENDER_RETRY_SECONDS: '0.2' } });
  sender = await startSender(t.ctx);
  sink = await startSmtpSink({ credentials: { user: 'tools', password: 'tools-pw' } });
  admin = await t.user({ admin: true });
});
afterAll(async () => {
  await sender?.stop();
  await sink?.close();
  await t?.close();
});

it('a UUID from a sent message decodes to its campaign, relay and e-mail', async () => {
  const f = factories(t);
  const owner = await t.user();
  const { list, other, user } = await bigList(t, owner, 5, 1);
  const group = await f.smtpRelayGroup({ owner });
  const relayId = await relayOn(t, {
    owner,
    groupId: group.id,
    port: sink.port,
    account: 'tools',
    password: 'tools-pw',
  });
  const campaign = await f.smtpCampaign({
    owner,
    emailListId: list.id,
    relayGroupId: group.id,
    mailProviderIds: [other],
  });
  await startCampaign(t.ctx, campaign.id);
  await eventually(async () => {
    const { rows } = await t.ctx.db.$client.query('select status from campaigns where id = $1', [campaign.id]);
    return rows[0]!.status === CampaignStatus.Finished;
  });

  const address = user(3);
  const message = sink.messages.find((m) => m.to[0] === address)!;
  const uuid = message.headers.get('x-console-id')!;
  const { rows } = await t.ctx.db.$client.query<{ id: number }>(
    'select id from emails where email_list_id = $1 and email = $2',
    [list.id, address],
  );
  const emailId = rows[0]!.id;

  const decoded = await t.as(admin, { method: 'POST', url: '/api/uuid-decode', payload: { uuid } });
  expect(decoded.statusCode, decoded.body).toBe(200);
  expect(decoded.json() as UuidDecoded).toEqual({
    decoded: { campaignType: CampaignType.SMTP, campaignId: campaign.id, relayId, emailId },
    campaign: { id: campaign.id, name: campaign.name },
    relay: { id: relayId, name: 'tools@sender-tools.test' },
    email: address,
  });
  // The e-mail id decoder names the same address; the encoder gives the UUID back.
  const email = await t.as(admin, { method: 'POST', url: '/api/email-id-decode', payload: { emailId } });
  expect(email.json()).toMatchObject({ decoded: { emailId, email: address, emailList: { id: list.id } } });
  const encoded = await t.as(admin, {
    method: 'POST',
    url: '/api/uuid-encode',
    payload: {
      campaignType: String(CampaignType.SMTP),
      campaignId: String(campaign.id),
      relayId: String(relayId),
      emailId: String(emailId),
    },
  });
  expect(encoded.json()).toEqual({ encoded: uuid });
});
