// @ts-nocheck
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecipientStatus } from '@console/shared/campaigns';
import { CampaignStatus, CampaignType } from '@console/shared/enums';
import { readAcct } from '@console/pmta-sim/testing';
import { createTestApp, eventually, type TestApp } from '../../test/harness.ts';
import { factories } from '../../test/factories.ts';
import { pmtaPeer } from '../../test/peers/pmta.ts';
import { decodeTrackingId } from '../tracking/uuid.ts';
import { pullAccounting } from '../pmta/accounting/pull.ts';
import { serverRow, uploadConfig } from '../pmta/operations.ts';
import { pmtaConnections } from '../pmta/ssh/connection.ts';
import { startCampaign } from './campaign-state.ts';
import { bigList, exited, spawnWorker } from './test-setup.ts';

/*
 * A PMTA campaign end to end (issue 13, decision 0910): 10,000 recipients injected by worker processes into
 * two simulated PMTA servers (two relays on one, one on the other). Both servers answer from one outcome
 * table: recipients of d3.* bounce as bad-mailbox, those of d5.* are deferred once, the rest are delivered.
 * The first worker is killed with SIGKILL mid-injection and a new one started: every recipient must be
 * injected exactly once (never twice; at most the few caught mid-injection not at all), through its relay's
 * VMTA on its relay's server, with its tracking id as ENVID; the accounting pull (0911), across a rotation
 * and a new SSH session, makes the counters equal the servers' files and suppresses the bad mailboxes.
 */

const N = 10_000;

let t: TestApp;
let f: ReturnType<typeof factories>;
const peers: Awaited<ReturnType<typeof pmtaPeer>>[] = [];
const children: ReturnType<typeof spawnWorker>[] = [];

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await Promise.all(children.map(exited));
  await Promise.all(peers.map((p) => p.close()));
  await t?.close();
});

const injectedInto = (peer: (typeof peers)[number]) => peer.sim.traffic.inRcp;
const status = async (id: number) =>
  (await t.ctx.db.$client.query<{ status: number }>('select status from campaigns where id = $1', [id])).rows[0]!
    .status;

async function setup() {
  const owner = await t.user();
  const { list, other, tld } = await bigList(t, owner, N, 100);
  const outcomes = [
    { match: `d3.${tld}`, result: 'bounced' as const, bounceCat: 'bad-mailbox', reply: '550 5.1.1 User unknown' },
    {
      match: `d5.${tld}`,
      result: 'deferred' as const,
      times: 1,
      then: 'delivered' as const,
      reply: '421 4.7.0 try later',
    },
  ];
  // 600 simulated seconds per second: the 10-minute retry of a deferral takes one real second.
  for (let i = 0; i < 2; i++) peers.push(await pmtaPeer(t, f, { outcomes, timeScale: 600 }));
  const [a, b] = peers as [(typeof peers)[number], (typeof peers)[number]];
  const serverA = await a.server(owner);
  const serverB = await b.server(owner);
  const group = await f.pmtaRelayGroup({ owner });
  const relays = [
    await f.pmtaRelay({ owner, pmtaServerId: serverA, groupId: group.id }),
    await f.pmtaRelay({ owner, pmtaServerId: serverA, groupId: group.id }),
    await f.pmtaRelay({ owner, pmtaServerId: serverB, groupId: group.id }),
  ];
  // No pace of their own: PMTA delivers as fast as the outcome table answers (a paced queue is another test's).
  await t.ctx.db.$client.query('update pmta_relays set normal_speed = 0, backoff_speed = 0 where group_id = $1', [
    group.id,
  ]);
  for (const id of [serverA, serverB]) await uploadConfig(t.ctx, await serverRow(t.ctx, id));
  const campaign = await f.pmtaCampaign({
    owner,
    emailListId: list.id,
    relayGroupId: group.id,
    mailProviderIds: [other],
  });
  return { campaign, a, b, relays, serverA, serverB, tld };
}

describe('a PMTA campaign across processes', () => {
  it('injects 10,000 recipients exactly once through a SIGKILL and a restart', { timeout: 400_000 }, async () => {
    const { campaign, a, b, relays, serverA, serverB, tld } = await setup();
    await startCampaign(t.ctx, campaign.id);
    const first = spawnWorker(t);
    children.push(first);
    await eventually(async () => injectedInto(a) + injectedInto(b) >= 2000, 120_000);
    first.kill('SIGKILL');
    await exited(first);
    expect(injectedInto(a) + injectedInto(b)).toBeLessThan(N);
    const second = spawnWorker(t);
    children.push(second);
    await eventually(async () => (await status(campaign.id)) === CampaignStatus.Finished, 240_000);
    second.kill('SIGTERM');
    await exited(second);

    const db = t.ctx.db.$client;
    // Each server's final records (d, b) once its queues are empty: one per recipient it took.
    const final = (peer: typeof a) => accounting(peer).filter((r) => r.type === 'd' || r.type === 'b');
    await eventually(async () => final(a).length + final(b).length === injectedInto(a) + injectedInto(b), 60_000);

    // The results: pulled from both servers' accounting files, a rotation and a fresh SSH session in between.
    await pullUntilDone(serverA);
    await a.sim.command(['rotate', 'acct']);
    pmtaConnections(t.ctx).forget(serverA);
    await pullUntilDone(serverA);
    await pullUntilDone(serverB);
    // A record written while a pull read the file (the simulator's clock moves files every few seconds) is
    // the next pull's: pull both until no recipient is left injected. A record never applied still fails.
    const injected = async () =>
      (
        await db.query<{ n: number }>(
          'select count(*)::int as n from campaign_recipients where campaign_id = $1 and status = $2',
          [campaign.id, RecipientStatus.injected],
        )
      ).rows[0]!.n;
    await eventually(async () => {
      await pullUntilDone(serverA);
      await pullUntilDone(serverB);
      return (await injected()) === 0;
    }, 60_000);

    const { rows } = await db.query<{ email: string; status: number; relayId: number }>(
      'select email, status, relay_id as "relayId" from campaign_recipients where campaign_id = $1',
      [campaign.id],
    );
    expect(rows).toHaveLength(N);
    const interrupted = rows.filter((r) => r.status === 6);
    expect(interrupted.length).toBeLessThanOrEqual(200);

    const records: Record<string, string>[] = [
      ...final(a).map((r) => ({ ...r, server: 'A' })),
      ...final(b).map((r) => ({ ...r, server: 'B' })),
    ];
    const perRcpt = new Map<string, number>();
    for (const r of records) perRcpt.set(r.rcpt!, (perRcpt.get(r.rcpt!) ?? 0) + 1);
    // Nobody was injected twice; nobody suppressed (unsubscribed, spam-trapped, other services) at all.
    expect([...perRcpt.entries()].filter(([, n]) => n > 1)).toEqual([]);
    expect([...perRcpt.keys()].filter((r) => !r.startsWith('user'))).toEqual([]);
    // Every recipient reached a server and is settled by its record, except the few caught mid-injection.
    const outcome = new Map(records.map((r) => [r.rcpt!, r.type === 'd' ? 3 : 4]));
    expect(rows.filter((r) => outcome.has(r.email) && r.status !== outcome.get(r.email))).toEqual([]);
    expect(rows.filter((r) => !outcome.has(r.email) && r.status !== 6)).toEqual([]);
    expect(records.length).toBe(N - interrupted.length);

    // Through its relay's VMTA on its relay's server, with its tracking id as ENVID.
    const relayOf = new Map(rows.map((r) => [r.email, r.relayId]));
    const serverOf = new Map(relays.map((r) => [r.id, r.pmtaServerId]));
    for (const r of records) {
      const relayId = relayOf.get(r.rcpt!)!;
      expect(r.vmta).toBe(`vmta-${relayId}`);
      expect(serverOf.get(relayId) === serverA).toBe(r.server === 'A');
      expect(r.jobId).toBe(`campaign-${campaign.id}`);
      expect(decodeTrackingId(t.ctx.secret, r.envId!)).toMatchObject({
        campaignType: 'pmta',
        campaignId: campaign.id,
        relayId,
      });
    }
    // Both servers and all three relays were used; the outcome table applied.
    expect(new Set(records.map((r) => r.vmta)).size).toBe(3);
    const bounced = records.filter((r) => r.type === 'b');
    expect(bounced.every((r) => r.rcpt!.endsWith(`@d3.${tld}`) && r.bounceCat === 'bad-mailbox')).toBe(true);
    expect(bounced.length).toBe(records.filter((r) => r.rcpt!.endsWith(`@d3.${tld}`)).length);

    // The counters equal the accounting files, read once: per campaign and per mail service.
    const delivered = records.length - bounced.length;
    const counters = (table: string) =>
      db
        .query(
          `select sum(total)::int as total, sum(sent)::int as sent, sum(delivered)::int as delivered,
                  sum(bounced)::int as bounced from ${table} where campaign_type = ${CampaignType.PMTA} and campaign_id = $1`,
          [campaign.id],
        )
        .then((r) => r.rows[0]);
    // Sent: what PowerMTA took, as its accounting says; an injection cut by the SIGKILL that never reached it
    // stays interrupted and is never counted as sent (decision 1100).
    const expected = { total: N, sent: records.length, delivered, bounced: bounced.length };
    expect(await counters('campaign_counters')).toEqual(expected);
    expect(await counters('campaign_provider_counters')).toEqual(expected);
    // The deferred ones were counted as deferrals, then delivered.
    expect(await deferrals(campaign.id)).toBeGreaterThan(0);
    // The bad mailboxes are suppressed.
    const { rows: suppressed } = await db.query<{ n: number }>(
      'select count(*)::int as n from bounced_emails where email = any($1::text[])',
      [bounced.map((r) => r.rcpt)],
    );
    expect(suppressed[0]!.n).toBe(bounced.length);
  });
});

/**
 * Every record of a simulator's accounting files, the rotated ones (acct-*.csv) and the current one. Its
 * clock runs 600 times faster, so it moves the file every few seconds (move-interval 1h): a read that a move
 * overtook is read again.
 */
function accounting(peer: (typeof peers)[number]) {
  const dir = path.join(peer.sim.root, 'var/log/pmta');
  const rotated = () => fs.readdirSync(dir).filter((f) => /^acct-.*\.csv$/.test(f));
  for (;;) {
    const before = rotated();
    const rows = [...before.map((f) => `/var/log/pmta/${f}`), '/var/log/pmta/acct.csv'].flatMap((f) =>
      fs.existsSync(path.join(peer.sim.root, f)) ? readAcct(peer.sim.root, f) : [],
    );
    if (rotated().join() === before.join()) return rows;
  }
}

/** Pulls a server's accounting until a pull was not refused as busy (a worker's job may hold it). */
async function pullUntilDone(serverId: number) {
  await eventually(async () => (await pullAccounting(t.ctx, serverId))?.busy === false, 30_000);
}

const deferrals = async (campaignId: number) =>
  (
    await t.ctx.db.$client.query<{ n: number }>(
      `select deferred::int as n from campaign_counters where campaign_type = ${CampaignType.PMTA} and campaign_id = $1`,
      [campaignId],
    )
  ).rows[0]!.n;
