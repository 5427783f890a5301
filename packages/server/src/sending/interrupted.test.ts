import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RecipientStatus } from '@console/shared/campaigns';
import { CampaignStatus, CampaignType, EventKind } from '@console/shared/enums';
import { createTestApp, eventually, type TestApp } from '../../test/harness.ts';
import { factories } from '../../test/factories.ts';
import { startFaultSink, type FaultSink } from '../../test/peers/fault-sink.ts';
import { inTransaction } from '../db/transaction.ts';
import { startCampaign } from './campaign-state.ts';
import { startSender, type Sender } from './sender/sender.ts';
import { bigList, relayOn } from './test-setup.ts';

/*
 * Decision 1100 through the real fault path: a sink on loopback that cuts the connection after the final
 * dot of some recipients (the message arrived, its 250 never came). Those recipients are interrupted: an
 * `interrupted` event each, counted apart in every counter and rollup, never as sent or delivered, and shown
 * apart by the statistics; progress stays (delivered + bounced) / total.
 */

let t: TestApp;
let sender: Sender;
let sink: FaultSink;
let finished: { campaignId: number; ownerId: number } | undefined;

beforeAll(async () => {
  t = await createTestApp({ env: { SENDER_RETRY_SECONDS: '0.2' } });
  sender = await startSender(t.ctx);
  const cut = (rcpt: string) => Number(/^user(\d+)@/.exec(rcpt)?.[1] ?? 0) % 10 === 3;
  sink = await startFaultSink({
    password: 'pw',
    fault: (rcpt, tries) => (tries === 1 && cut(rcpt) ? 'dropAfterDot' : null),
  });
});
afterAll(async () => {
  await sender?.stop();
  await sink?.close();
  await t?.close();
});

it(
  'a connection cut after the final dot is interrupted: counted apart, never as sent or delivered',
  { timeout: 60_000 },
  async () => {
    const f = factories(t);
    const n = 60;
    const owner = await t.user();
    const { list, other } = await bigList(t, owner, n, 0);
    const group = await f.smtpRelayGroup({ owner });
    await relayOn(t, { owner, groupId: group.id, port: sink.port, account: 'acc', password: 'pw' });
    const campaign = await f.smtpCampaign({
      owner,
      emailListId: list.id,
      relayGroupId: group.id,
      mailProviderIds: [other],
      status: CampaignStatus.Inactive,
    });
    await startCampaign(t.ctx, campaign.id);
    const q = t.ctx.db.$client;
    await eventually(async () => {
      const { rows } = await q.query<{ status: number }>('select status from campaigns where id = $1', [campaign.id]);
      return rows[0]!.status === CampaignStatus.Finished;
    }, 45_000);

    // Every sixth recipient's session was cut after its dot; none of them was resent.
    expect(sink.unanswered.size).toBe(6);
    expect([...sink.arrived.values()].filter((k) => k > 1)).toEqual([]);
    const { rows: recipients } = await q.query<{ email: string; status: number }>(
      'select email, status from campaign_recipients where campaign_id = $1',
      [campaign.id],
    );
    const interrupted = recipients.filter((r) => r.status === RecipientStatus.interrupted).map((r) => r.email);
    expect(interrupted.sort()).toEqual([...sink.unanswered].sort());

    // The counters: interrupted apart; sent and delivered only the 54 answered 250.
    const { rows: k } = await q.query(
      `select total, sent, delivered, bounced, interrupted from campaign_counters where campaign_type = ${CampaignType.SMTP} and campaign_id = $1`,
      [campaign.id],
    );
    expect(k[0]).toEqual({ total: n, sent: n - 6, delivered: n - 6, bounced: 0, interrupted: 6 });
    const { rows: events } = await q.query<{ kind: number; n: number }>(
      `select kind, count(*)::int as n from events where campaign_id = $1 and campaign_type = ${CampaignType.SMTP} group by kind order by kind`,
      [campaign.id],
    );
    expect(events).toEqual([
      { kind: EventKind.sent, n: n - 6 },
      { kind: EventKind.delivered, n: n - 6 },
      { kind: EventKind.interrupted, n: 6 },
    ]);
    // The rollups and the per-service and per-domain counters say the same.
    for (const table of [
      'event_rollup_hourly',
      'event_rollup_daily',
      'campaign_provider_counters',
      'campaign_domain_counters',
    ]) {
      const { rows } = await q.query(
        `select sum(sent)::int as sent, sum(delivered)::int as delivered, sum(interrupted)::int as interrupted
         from ${table} where campaign_type = ${CampaignType.SMTP} and campaign_id = $1`,
        [campaign.id],
      );
      expect(rows[0], table).toEqual({ sent: n - 6, delivered: n - 6, interrupted: 6 });
    }

    finished = { campaignId: campaign.id, ownerId: owner.id };

    // The statistics show them apart; processed is what was sent.
    const res = await t.as(owner, { method: 'GET', url: `/api/smtp_campaign_statistics/${campaign.id}/overall/0` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().overallStats).toMatchObject({ total: n, processed: n - 6, delivered: n - 6, interrupted: 6 });
    const providers = await t.as(owner, {
      method: 'GET',
      url: `/api/smtp_campaign_statistics/${campaign.id}/perProviders/0`,
    });
    expect(providers.json().perProvidersStats.find((p: { id: number }) => p.id === other)).toMatchObject({
      processed: n - 6,
      delivered: n - 6,
      interrupted: 6,
    });
  },
);

const COUNTERS = [
  'campaign_counters',
  'campaign_provider_counters',
  'campaign_domain_counters',
  'event_rollup_hourly',
  'event_rollup_daily',
];

it('the migration moves the `sent` events of recipients interrupted before decision 1100 to `interrupted`', async () => {
  expect(finished).toBeDefined();
  const { campaignId } = finished!;
  const q = t.ctx.db.$client;
  const snapshot = async () => {
    const out: Record<string, unknown[]> = {};
    for (const table of COUNTERS)
      out[table] = (
        await q.query(
          `select * from ${table} where campaign_type = ${CampaignType.SMTP} and campaign_id = $1 order by 1, 2, 3, 4`,
          [campaignId],
        )
      ).rows;
    out.events = (
      await q.query('select email_id, kind from events where campaign_id = $1 order by email_id, kind', [campaignId])
    ).rows;
    return out;
  };
  const now = await snapshot();
  // The campaign as the engine used to leave it: its interrupted recipients with a `sent` event each.
  await q.query(
    `update events set kind = ${EventKind.sent} where campaign_id = $1 and kind = ${EventKind.interrupted}`,
    [campaignId],
  );
  for (const table of COUNTERS)
    await q.query(
      `update ${table} set sent = sent + interrupted, interrupted = 0 where campaign_type = ${CampaignType.SMTP} and campaign_id = $1`,
      [campaignId],
    );
  expect(await snapshot()).not.toEqual(now);
  // By name, not number: migrations are renumbered when branches merge.
  const folder = new URL('../db/migrations/', import.meta.url);
  const file = fs.readdirSync(folder).find((name) => name.endsWith('_interrupted_counters.sql'))!;
  const migration = fs.readFileSync(new URL(file, folder), 'utf8');
  const data = migration.split('--> statement-breakpoint').filter((st) => !/ALTER TABLE/.test(st));
  await inTransaction(t.ctx.db, async (client) => {
    for (const st of data) await client.query(st);
  });
  expect(await snapshot()).toEqual(now);
});
