import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../test/harness.ts';
import { factories } from '../../test/factories.ts';
import { startReplicaPair, type ReplicaPair } from '../../test/peers/replica.ts';
import { addRecipients, smtpTrackingId } from '../tracking/test-helpers.ts';
import { DATA_AGE_HEADER } from './replica.ts';

/*
 * Reports on a streaming read replica (issue 42 §4, decision 1411): a primary and a replica of Debian's
 * PostgreSQL made by the test (pg_basebackup -R), the console on the primary with DATABASE_READ_URL on the
 * replica. A report reads the replica and says how old its data is; the writes (tracking hits) go to the
 * primary, also while the replica's replay is paused.
 */

let pair: ReplicaPair;
let t: TestApp;
let owner: TestUser;
let campaign: { id: number; emailListId: number };
let emailIds: number[];

async function onReplica<R extends pg.QueryResultRow>(text: string) {
  const c = new pg.Client({ connectionString: pair.replicaUrl('console') });
  await c.connect();
  try {
    return (await c.query<R>(text)).rows;
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  pair = await startReplicaPair();
  const admin = new pg.Client({ connectionString: pair.primaryUrl('postgres') });
  await admin.connect();
  await admin.query('create database console');
  await admin.end();
  // The new database reaches the replica.
  await eventually(
    () =>
      onReplica('select 1').then(
        () => true,
        () => false,
      ),
    30_000,
  );
  t = await createTestApp({
    databaseUrl: pair.primaryUrl('console'),
    env: { DATABASE_READ_URL: pair.replicaUrl('console') },
  });
  const f = factories(t);
  owner = await t.user();
  const emails = Array.from({ length: 6 }, (_, i) => `reader${i}@replica-test.example`);
  campaign = await f.smtpCampaign({ owner, emails });
  emailIds = (await addRecipients(t, campaign)).map((r) => Number(r.emailId));
}, 240_000);

afterAll(async () => {
  await t?.close();
  await pair?.stop();
});

const today = () => new Date().toISOString().slice(0, 10);

/** The mail-provider report of today as the owner sees it: its opens and the data age header. */
async function report() {
  const res = await t.as(owner, {
    method: 'POST',
    url: '/api/mail-provider-report',
    payload: { fromDate: today(), toDate: today() },
  });
  expect(res.statusCode, res.body).toBe(200);
  const rows = (res.json() as { report: { open: number }[] }).report;
  return { opens: rows.reduce((n, r) => n + r.open, 0), age: res.headers[DATA_AGE_HEADER] as string | undefined };
}

const open = (emailId: number) =>
  t.app.inject({ method: 'GET', url: `/t/o/${smtpTrackingId(t, campaign.id, emailId)}` }).then((r) => r.statusCode);

const primaryOpens = async () =>
  (
    await t.ctx.db.$client.query<{ n: number }>(
      'select coalesce(sum(unique_opens), 0)::int as n from campaign_counters where campaign_id = $1',
      [campaign.id],
    )
  ).rows[0]!.n;

describe('a read replica for reports', () => {
  it('is where a report reads, with its lag in x-data-age; writes go to the primary even while it lags', async () => {
    expect(t.ctx.readDb).not.toBe(t.ctx.db);
    for (const id of emailIds.slice(0, 3)) expect(await open(id)).toBe(200);
    // Caught up: the opens show, and the data is current.
    const caughtUp = await eventually(async () => {
      const r = await report();
      return r.opens === 3 ? r : undefined;
    }, 30_000);
    expect(Number(caughtUp.age)).toBeLessThanOrEqual(1);

    // The replica stops replaying: what the primary takes from now on is not in the report yet.
    await onReplica('select pg_wal_replay_pause()');
    try {
      for (const id of emailIds.slice(3)) expect(await open(id)).toBe(200);
      // The hits were written, on the primary (the replica refuses any write: one sent there would be a 500).
      expect(await primaryOpens()).toBe(6);
      await new Promise((r) => setTimeout(r, 2_500));
      const behind = await report();
      expect(behind.opens).toBe(3);
      expect(Number(behind.age)).toBeGreaterThanOrEqual(2);
    } finally {
      await onReplica('select pg_wal_replay_resume()');
    }
    const resumed = await eventually(async () => {
      const r = await report();
      return r.opens === 6 ? r : undefined;
    }, 30_000);
    expect(Number(resumed.age)).toBeLessThanOrEqual(1);
  });

  it('is where the message report list reads (`serveList` with `report`, decision 1490); other lists read the primary', async () => {
    const list = await t.as(owner, { method: 'GET', url: '/api/message_reports' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers[DATA_AGE_HEADER]).toMatch(/^\d+$/);
    const offers = await t.as(owner, { method: 'GET', url: '/api/offers' });
    expect(offers.statusCode, offers.body).toBe(200);
    expect(offers.headers[DATA_AGE_HEADER]).toBeUndefined();
  });
});
