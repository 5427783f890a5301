import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecipientStatus } from '@console/shared/campaigns';
import { CampaignStatus, CampaignType } from '@console/shared/enums';
import { createTestApp, eventually, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { startCampaign } from '../campaign-state.ts';
import { bigList, relayOn } from '../test-setup.ts';
import { startSender, type Sender } from './sender.ts';

/*
 * Decision 1513: a message's envelope goes out while its row is being marked sending, and its body only once
 * the mark is committed; a row the mark did not take is withdrawn before its body and sent again later. The
 * sink on loopback reads each recipient's row when DATA is answered and when the first body bytes arrive; a
 * trigger slows (or skips) the marks of the test's campaign.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let sender: Sender;
const servers: SMTPServer[] = [];
const db = () => t.ctx.db.$client;

beforeAll(async () => {
  t = await createTestApp({ env: { SENDER_RETRY_SECONDS: '0.2' } });
  f = factories(t);
  sender = await startSender(t.ctx);
});
afterAll(async () => {
  await sender?.stop();
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
  await t?.close();
});

const statusOf = async (campaignId: number, email: string) =>
  (
    await db().query<{ status: number }>(
      'select status from campaign_recipients where campaign_id = $1 and email = $2',
      [campaignId, email],
    )
  ).rows[0]!.status;

/** A sink that notes, per recipient, the row's status when DATA was answered and when its body began. */
async function watchingSink(campaignId: () => number) {
  const seen = { atData: [] as number[], atBody: [] as number[], opened: [] as string[], accepted: [] as string[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, cb) => cb(null, { user: 'acc' }),
    onData(stream, session, cb) {
      const rcpt = session.envelope.rcptTo[0]!.address;
      seen.opened.push(rcpt);
      const atData = statusOf(campaignId(), rcpt).then((s) => seen.atData.push(s));
      let first = true;
      stream.on('data', () => {
        if (!first) return;
        first = false;
        void statusOf(campaignId(), rcpt).then((s) => seen.atBody.push(s));
      });
      stream.on('end', () => void atData.then(() => (seen.accepted.push(rcpt), cb())));
    },
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { seen, port: (server.server.address() as { port: number }).port };
}

async function campaignOn(n: number, port: number) {
  const owner = await t.user();
  const { list, other, user } = await bigList(t, owner, n, 0);
  const group = await f.smtpRelayGroup({ owner });
  await relayOn(t, { owner, groupId: group.id, port, account: 'acc', password: 'pw' });
  const campaign = await f.smtpCampaign({
    owner,
    emailListId: list.id,
    relayGroupId: group.id,
    mailProviderIds: [other],
  });
  return { campaign, user };
}

/** A trigger on the campaign's rows as they are marked sending (`body` is plpgsql ending in `return ...`). */
async function onMark(campaignId: number, body: string) {
  await db().query(`create or replace function test_on_mark() returns trigger language plpgsql as $$
    begin
      if new.campaign_id = ${campaignId} and new.status = ${RecipientStatus.sending} then ${body} end if;
      return new;
    end $$`);
  await db().query(`create trigger test_on_mark before update on campaign_recipients
                     for each row execute function test_on_mark()`);
}
const dropTrigger = () => db().query('drop trigger if exists test_on_mark on campaign_recipients');

const finished = async (id: number) =>
  (await db().query<{ status: number }>('select status from campaigns where id = $1', [id])).rows[0]!.status ===
  CampaignStatus.Finished;

const counters = async (id: number) =>
  (
    await db().query(
      `select total, sent, delivered, interrupted from campaign_counters where campaign_type = ${CampaignType.SMTP} and campaign_id = $1`,
      [id],
    )
  ).rows[0];

describe('the envelope while the row is marked', () => {
  it('sends no body before its row is marked sending, while the envelope went out before', async () => {
    let id = 0;
    const sink = await watchingSink(() => id);
    const { campaign } = await campaignOn(6, sink.port);
    id = campaign.id;
    await onMark(id, 'perform pg_sleep(1);');
    try {
      await startCampaign(t.ctx, id);
      await eventually(() => finished(id));
    } finally {
      await dropTrigger();
    }
    expect(sink.seen.accepted).toHaveLength(6);
    // DATA was answered while a mark was still running (the trigger holds each for a second)...
    expect(sink.seen.atData).toContain(RecipientStatus.claimed);
    // ...and no body began before its row was marked.
    expect(sink.seen.atBody).toEqual(Array(6).fill(RecipientStatus.sending));
    expect(await counters(id)).toMatchObject({ total: 6, sent: 6, delivered: 6, interrupted: 0 });
  });

  it('withdraws a message whose row the mark did not take, and sends it again later, once', async () => {
    let id = 0;
    const sink = await watchingSink(() => id);
    const { campaign, user } = await campaignOn(5, sink.port);
    id = campaign.id;
    const victim = user(3);
    // The first mark of `victim` is skipped (as if another worker held the row); later ones go through.
    await db().query('create table test_marks_skipped (email text primary key)');
    await onMark(
      id,
      `if new.email = '${victim}' and not exists (select from test_marks_skipped) then
         insert into test_marks_skipped values (new.email); return null;
       end if;`,
    );
    try {
      await startCampaign(t.ctx, id);
      await eventually(() => finished(id));
    } finally {
      await dropTrigger();
    }
    expect((await db().query('select email from test_marks_skipped')).rows).toEqual([{ email: victim }]);
    // Its first DATA was answered, the session ended before the body; the second went through.
    expect(sink.seen.opened.filter((e) => e === victim)).toHaveLength(2);
    expect(sink.seen.accepted.filter((e) => e === victim)).toHaveLength(1);
    expect(sink.seen.accepted).toHaveLength(5);
    expect(await statusOf(id, victim)).toBe(RecipientStatus.delivered);
    expect(await counters(id)).toMatchObject({ total: 5, sent: 5, delivered: 5, interrupted: 0 });
  });
});
