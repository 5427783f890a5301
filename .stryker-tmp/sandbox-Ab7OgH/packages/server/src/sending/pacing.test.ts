// @ts-nocheck
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CampaignStatus } from '@console/shared/enums';
import { createTestApp, eventually, type TestApp } from '../../test/harness.ts';
import { factories } from '../../test/factories.ts';
import { startSmtpSink, type SmtpSink } from '../../test/peers/smtp-sink.ts';
import { startCampaign } from './campaign-state.ts';
import { bigList, exited, relayOn, spawnWorker, workerReady } from './test-setup.ts';

/*
 * Pacing holds across processes: a relay with normalSpeed 1 served by two sender processes delivers at
 * most one message a second (measured on the sink's receive times, with a tolerance for the latency of a
 * process's first SMTP session).
 */

let t: TestApp;
let sink: SmtpSink;
const children: ReturnType<typeof spawnWorker>[] = [];

beforeAll(async () => {
  t = await createTestApp();
  sink = await startSmtpSink({ credentials: { user: 'paced', password: 'pw' } });
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await Promise.all(children.map(exited));
  await sink?.close();
  await t?.close();
});

it('sends one message per second per relay with two sender processes', { timeout: 60_000 }, async () => {
  const f = factories(t);
  const owner = await t.user();
  const { list, other } = await bigList(t, owner, 8, 1);
  const group = await f.smtpRelayGroup({ owner });
  await relayOn(t, { owner, groupId: group.id, port: sink.port, account: 'paced', password: 'pw', normalSpeed: 1 });
  const campaign = await f.smtpCampaign({
    owner,
    emailListId: list.id,
    relayGroupId: group.id,
    mailProviderIds: [other],
  });
  const workers = [spawnWorker(t), spawnWorker(t)];
  children.push(...workers);
  // Both senders run before the campaign starts: on a loaded machine a slow start would leave one idle.
  await Promise.all(workers.map(workerReady));
  await startCampaign(t.ctx, campaign.id);
  await eventually(async () => {
    const { rows } = await t.ctx.db.$client.query<{ status: number }>('select status from campaigns where id = $1', [
      campaign.id,
    ]);
    return rows[0]!.status === CampaignStatus.Finished;
  }, 40_000);
  expect(sink.messages).toHaveLength(8);
  const at = sink.messages.map((m) => m.at).sort((x, y) => x - y);
  const gaps = at.slice(1).map((x, i) => x - at[i]!);
  // The console paces the hand-over; a process's first message also waits for its SMTP session to be set
  // up (connect, EHLO, AUTH), which can bring it closer to the next one: hence the tolerance.
  // The mean gap is the span over 7 gaps: only its two ends' latencies move it (a first message that waited
  // 350 ms for its session brought a loaded run to 948 ms). Two unpaced processes would give about 500.
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(700);
  expect((at.at(-1)! - at[0]!) / gaps.length).toBeGreaterThanOrEqual(900);
  // Both processes took their turns.
  const { rows } = await t.ctx.db.$client.query<{ workers: number }>(
    'select count(distinct worker)::int as workers from campaign_recipients where campaign_id = $1',
    [campaign.id],
  );
  expect(rows[0]!.workers).toBe(2);
});
