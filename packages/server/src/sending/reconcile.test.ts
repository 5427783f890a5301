import { afterAll, beforeAll, expect, it } from 'vitest';
import { RecipientStatus } from '@console/shared/campaigns';
import { CampaignStatus } from '@console/shared/enums';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { factories } from '../../test/factories.ts';
import { addRecipients } from '../tracking/test-helpers.ts';
import { holdLiveness, newWorkerId, reconcile } from './reconcile.ts';
import pg from 'pg';

/*
 * The dead-worker check (decision 1501): every 5 s it reads only the partitions of campaigns a worker may hold
 * rows of (not finished, or finished within the hour); a process starting reads every partition once.
 */

let t: TestApp;
let alive: pg.Client;
const live = newWorkerId();
beforeAll(async () => {
  t = await createTestApp();
  alive = new pg.Client({ connectionString: t.ctx.databaseUrl });
  await alive.connect();
  await holdLiveness(alive, live);
});
afterAll(async () => {
  await alive?.end();
  await t?.close();
});

const { pending, claimed, sending, interrupted } = RecipientStatus;

/** A campaign in `status` whose four recipients a worker holds: two claimed, two sending (the second pair by `worker2`). */
async function held(status: number, worker: string, worker2 = worker, endedAgo = '0 s') {
  const f = factories(t);
  const c = await f.smtpCampaign({
    status,
    emails: ['a@one.example', 'b@one.example', 'c@one.example', 'd@one.example'],
  });
  const rows = await addRecipients(t, c);
  await t.ctx.db.$client.query(
    `update campaign_recipients set status = case when email < 'c' then ${claimed} else ${sending} end,
            worker = case when email < 'c' or email = 'c@one.example' then $2 else $3 end, done_at = null
      where campaign_id = $1`,
    [c.id, worker, worker2],
  );
  if (status === CampaignStatus.Finished)
    await t.ctx.db.$client.query(`update campaigns set end_date = now() - $2::interval where id = $1`, [
      c.id,
      endedAgo,
    ]);
  return { id: c.id, emailIds: rows.map((r) => r.emailId) };
}

const statuses = async (campaignId: number) =>
  (
    await t.ctx.db.$client.query<{ status: number; worker: string | null }>(
      'select status, worker from campaign_recipients where campaign_id = $1 order by email',
      [campaignId],
    )
  ).rows;

it("settles a dead worker's rows in campaigns still sending, and leaves a live worker's", async () => {
  const dead = newWorkerId();
  const active = await held(CampaignStatus.Active, dead, live);
  const paused = await held(CampaignStatus.Paused, dead);
  const stopped = await held(CampaignStatus.Finished, dead, dead, '10 minutes');
  const r = await reconcile(t.ctx.direct, null);
  expect(r).toEqual({ released: 6, interrupted: 5 });
  // a, b claimed by the dead worker: pending again; c sending by it: interrupted; d the live worker's: kept.
  expect(await statuses(active.id)).toEqual([
    { status: pending, worker: null },
    { status: pending, worker: null },
    { status: interrupted, worker: dead },
    { status: sending, worker: live },
  ]);
  for (const c of [paused, stopped])
    expect((await statuses(c.id)).map((s) => s.status)).toEqual([pending, pending, interrupted, interrupted]);
  const { rows } = await t.ctx.db.$client.query<{ n: number }>(
    'select interrupted as n from campaign_counters where campaign_id = $1',
    [paused.id],
  );
  expect(rows[0]?.n).toBe(2);
});

it('reads no campaign finished over an hour ago every 5 s; a process starting settles those too', async () => {
  const dead = newWorkerId();
  const old = await held(CampaignStatus.Finished, dead, dead, '2 hours');
  expect(await reconcile(t.ctx.direct, null)).toEqual({ released: 0, interrupted: 0 });
  expect((await statuses(old.id)).map((s) => s.status)).toEqual([claimed, claimed, sending, sending]);
  expect(await reconcile(t.ctx.direct, null, 'all')).toEqual({ released: 2, interrupted: 2 });
  expect((await statuses(old.id)).map((s) => s.status)).toEqual([pending, pending, interrupted, interrupted]);
});
