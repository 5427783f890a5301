import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecipientStatus } from '@console/shared/campaigns';
import { WarmupOverflow } from '@console/shared/warmup-plans';
import { createTestApp, eventually, type TestApp } from '../../test/harness.ts';
import { factories } from '../../test/factories.ts';
import { startSmtpSink, type SmtpSink } from '../../test/peers/smtp-sink.ts';
import { startCampaign } from './campaign-state.ts';
import { bigList, exited, relayOn, spawnWorker, workerReady } from './test-setup.ts';
import { allowanceOf, takeAllowance } from './warmup.ts';
import { eligiblePmtaRelays, eligibleSmtpRelays } from './relays.ts';

/*
 * Warm-up allowances in the engine (issue 40 §2, decision 1432): two SMTP relays on two sinks, each in a plan
 * of its own, two sender processes. Each relay sends each mail service exactly its day's allowance, however
 * the processes share the work; mail over it waits (its next attempt at the next UTC day) or, when the
 * campaign moves such mail, goes to the relay that still has room. Nothing is lost: sent + waiting = all.
 */

let t: TestApp;
const sinks: SmtpSink[] = [];
const children: ReturnType<typeof spawnWorker>[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await Promise.all(children.map(exited));
  for (const s of sinks) await s.close();
  await t?.close();
});

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.ctx.db.$client.query(text, params).then((r) => r.rows as T[]);

/**
 * Two relays on their own sinks, each on day 3 of its own plan: A Gmail 2 / others 5 that day, B Gmail 4 /
 * others 15 (days 1 and 2 are other numbers: a relay that read the wrong day would send those).
 */
async function setup(overflow: number) {
  const f = factories(t);
  const owner = await t.user();
  // 30 recipients at Other, 10 at Gmail (bigList's `ex` addresses), and suppressed ones that never count.
  const { list, other, gmail } = await bigList(t, owner, 30, 10);
  const group = await f.smtpRelayGroup({ owner });
  const relays = [];
  for (const [name, g, o] of [
    ['warm-a', 2, 5],
    ['warm-b', 4, 15],
  ] as const) {
    const sink = await startSmtpSink({ credentials: { user: name, password: 'pw' } });
    sinks.push(sink);
    const id = await relayOn(t, { owner, groupId: group.id, port: sink.port, account: name, password: 'pw' });
    const plan = await f.warmupPlan({
      owner,
      services: [
        { mailProviderId: gmail, perDay: [1, 3, g, 100], perHour: [1, 3, g, 100] },
        { mailProviderId: null, perDay: [1, 3, o, 100], perHour: [1, 3, o, 100] },
      ],
    });
    await q(
      `insert into warmup_relays (relay_type, relay_id, user_id, plan_id, day, day_started)
       values (2, $1, $2, $3, 3, (now() at time zone 'utc')::date)`,
      [id, owner.id, plan.id],
    );
    relays.push({ id, sink });
  }
  const campaign = await f.smtpCampaign({
    owner,
    emailListId: list.id,
    relayGroupId: group.id,
    mailProviderIds: [other, gmail],
  });
  await q('update campaigns set warmup_overflow = $2 where id = $1', [campaign.id, overflow]);
  return { campaign, relays, gmail, other };
}

/** Recipients by status, and the waiting ones' next attempt relative to the next UTC midnight. */
const states = (campaignId: number) =>
  q<{ status: number; n: number; tomorrow: boolean }>(
    `select status, count(*)::int as n,
            bool_and(next_attempt_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc' + interval '1 day') as tomorrow
       from campaign_recipients where campaign_id = $1 group by status order by status`,
    [campaignId],
  );

const atGmail = (s: SmtpSink) => s.messages.filter((m) => m.to[0]!.includes('@excluded.')).length;
const atOthers = (s: SmtpSink) => s.messages.filter((m) => m.to[0]!.startsWith('user')).length;

async function run(campaignId: number) {
  const workers = [spawnWorker(t), spawnWorker(t)];
  children.push(...workers);
  await Promise.all(workers.map(workerReady));
  await startCampaign(t.ctx, campaignId);
  return workers;
}

describe('a relay in a warm-up plan', () => {
  it(
    'sends exactly its allowance per mail service with two processes; the rest moves to the relay with room, then waits',
    { timeout: 90_000 },
    async () => {
      const { campaign, relays } = await setup(WarmupOverflow.move);
      const workers = await run(campaign.id);
      const [a, b] = relays;
      // Everything either left or waits for tomorrow: 6 Gmail and 20 others sent, 4 + 10 waiting.
      await eventually(async () => {
        const s = await states(campaign.id);
        return s.length === 2 && s[0]!.status === RecipientStatus.pending && s[0]!.n === 14 && s[0]!.tomorrow;
      }, 60_000);
      await Promise.all(workers.map((w) => (w.kill('SIGTERM'), exited(w))));
      expect([atGmail(a!.sink), atOthers(a!.sink)]).toEqual([2, 5]);
      expect([atGmail(b!.sink), atOthers(b!.sink)]).toEqual([4, 15]);
      const s = await states(campaign.id);
      expect(s.map((x) => [x.status, x.n])).toEqual([
        [RecipientStatus.pending, 14],
        [RecipientStatus.delivered, 26],
      ]);
      // The shared use says the same.
      expect(
        await q(
          `select relay_id as "relayId", sum(used)::int as used from warmup_usage where relay_id = any($1::int[])
            group by relay_id order by relay_id`,
          [relays.map((r) => r.id)],
        ),
      ).toEqual([
        { relayId: a!.id, used: 7 },
        { relayId: b!.id, used: 19 },
      ]);
    },
  );

  it(
    "waits for the relay whose turn it is when the campaign does not move mail (each relay's own allowance, never more)",
    { timeout: 90_000 },
    async () => {
      const { campaign, relays } = await setup(WarmupOverflow.wait);
      const workers = await run(campaign.id);
      const [a, b] = relays;
      await eventually(async () => {
        const s = await states(campaign.id);
        const sent = s.find((x) => x.status === RecipientStatus.delivered)?.n ?? 0;
        const waiting = s.find((x) => x.status === RecipientStatus.pending);
        // Nothing claimed or on its way, and what waits waits for tomorrow.
        return s.length === 2 && sent + (waiting?.n ?? 0) === 40 && Boolean(waiting?.tomorrow);
      }, 60_000);
      await Promise.all(workers.map((w) => (w.kill('SIGTERM'), exited(w))));
      // Relay A got its full share of turns: exactly its allowance; B never more than its own.
      expect([atGmail(a!.sink), atOthers(a!.sink)]).toEqual([2, 5]);
      expect(atGmail(b!.sink)).toBeLessThanOrEqual(4);
      expect(atOthers(b!.sink)).toBeLessThanOrEqual(15);
      const sent = a!.sink.messages.length + b!.sink.messages.length;
      const s = await states(campaign.id);
      expect(s.map((x) => [x.status, x.n])).toEqual([
        [RecipientStatus.pending, 40 - sent],
        [RecipientStatus.delivered, sent],
      ]);
    },
  );
});

describe('an hourly line', () => {
  it(
    "holds two processes to the hour's share of day 3; the rest waits for the next clock hour",
    { timeout: 240_000 },
    async () => {
      // The hour must not turn while the campaign runs (the next hour's share would go too).
      const [clock] = await q<{ left: number }>(
        `select extract(epoch from date_trunc('hour', now()) + interval '1 hour' - now())::float8 as left`,
      );
      if (clock!.left < 120) await new Promise((r) => setTimeout(r, (clock!.left + 1) * 1000));
      const f = factories(t);
      const owner = await t.user();
      // 6 recipients at Other, 4 at Gmail; the day allows more than the hour at both.
      const { list, other, gmail } = await bigList(t, owner, 6, 4);
      const group = await f.smtpRelayGroup({ owner });
      const sink = await startSmtpSink({ credentials: { user: 'warm-h', password: 'pw' } });
      sinks.push(sink);
      const id = await relayOn(t, { owner, groupId: group.id, port: sink.port, account: 'warm-h', password: 'pw' });
      const plan = await f.warmupPlan({
        owner,
        services: [
          { mailProviderId: gmail, perDay: [1, 1, 3], perHour: [1, 1, 2] },
          { mailProviderId: null, perDay: [1, 1, 100], perHour: [1, 1, 4] },
        ],
      });
      await q(
        `insert into warmup_relays (relay_type, relay_id, user_id, plan_id, day, day_started)
         values (2, $1, $2, $3, 3, (now() at time zone 'utc')::date)`,
        [id, owner.id, plan.id],
      );
      const campaign = await f.smtpCampaign({
        owner,
        emailListId: list.id,
        relayGroupId: group.id,
        mailProviderIds: [other, gmail],
      });
      const waiting = () =>
        q<{ n: number; nextHour: boolean }>(
          `select count(*)::int as n,
                  bool_and(next_attempt_at = date_trunc('hour', now()) + interval '1 hour') as "nextHour"
             from campaign_recipients where campaign_id = $1 and status = $2`,
          [campaign.id, RecipientStatus.pending],
        );
      const workers = await run(campaign.id);
      await eventually(async () => {
        const [w] = await waiting();
        return sink.messages.length === 6 && w!.n === 4 && w!.nextHour;
      }, 90_000);
      await Promise.all(workers.map((w) => (w.kill('SIGTERM'), exited(w))));
      expect([atGmail(sink), atOthers(sink)]).toEqual([2, 4]);
      expect(await waiting()).toEqual([{ n: 4, nextHour: true }]);
    },
  );
});

describe("a day's allowance", () => {
  it("is the plan's day for the service (else the plan's other services), spread over the clock hours", async () => {
    const plan = {
      day: 3,
      days: 3,
      services: [
        { mailProviderId: 7, perDay: [1, 2, 10], perHour: [1, 1, 3] },
        { mailProviderId: null, perDay: [5, 6, 48], perHour: null },
      ],
    };
    expect(allowanceOf(plan, 7)).toEqual({ perDay: 10, perHour: 3 });
    expect(allowanceOf(plan, 8)).toEqual({ perDay: 48, perHour: 2 });
    expect(allowanceOf({ ...plan, day: 4 }, 7)).toBeNull(); // the plan is over
    expect(allowanceOf(null, 7)).toBeNull();

    const relay = { type: 2, id: 987_654 };
    const take = () => takeAllowance(t.ctx.db.$client, relay, 7, { perDay: 10, perHour: 3 });
    expect([await take(), await take(), await take()]).toEqual([null, null, null]);
    const nextHour = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
    expect(await take()).toBe(nextHour); // the hour is spent: wait for the next one
    // The next hour (moved back by an hour here): three more, up to the day's ten.
    const back = () =>
      q(`update warmup_usage set hour = hour - interval '1 hour' where relay_id = $1 and relay_type = 2`, [relay.id]);
    for (const expected of [3, 3, 1]) {
      await back();
      let n = 0;
      while ((await take()) === null) n++;
      expect(n).toBe(expected);
    }
    // The day is spent: wait for the next UTC day.
    await back();
    expect(await take()).toBe(Math.ceil(Date.now() / 86_400_000) * 86_400_000);
    expect(await q('select used from warmup_usage where relay_id = $1', [relay.id])).toEqual([{ used: 10 }]);
  });
});

describe('the relays a campaign may use', () => {
  it('carry their plan and day, PMTA relays (injection) as SMTP relays', async () => {
    const f = factories(t);
    const owner = await t.user();
    const pmtaGroup = await f.pmtaRelayGroup({ owner });
    const smtpGroup = await f.smtpRelayGroup({ owner });
    const [warm, cold] = [
      await f.pmtaRelay({ owner, groupId: pmtaGroup.id }),
      await f.pmtaRelay({ owner, groupId: pmtaGroup.id }),
    ];
    const account = await f.smtpRelay({ owner, groupId: smtpGroup.id });
    const services = [{ mailProviderId: null, perDay: [5, 10], perHour: null }];
    const plan = await f.warmupPlan({ owner, services });
    await q(
      `insert into warmup_relays (relay_type, relay_id, user_id, plan_id, day, day_started)
       values (1, $1, $3, $4, 2, now()::date), (2, $2, $3, $4, 1, now()::date)`,
      [warm.id, account.id, owner.id, plan.id],
    );
    const pmta = await eligiblePmtaRelays(t.ctx, { id: 0, pmtaRelayGroupId: pmtaGroup.id, relayStatus: 1 });
    expect(pmta.map((r) => [r.id, r.warmup])).toEqual([
      [warm.id, { day: 2, days: 2, services }],
      [cold.id, null],
    ]);
    const smtp = await eligibleSmtpRelays(t.ctx, { id: 0, smtpRelayGroupId: smtpGroup.id, relayStatus: 1 });
    expect(smtp.map((r) => [r.id, r.warmup])).toEqual([[account.id, { day: 1, days: 2, services }]]);
    expect(allowanceOf(pmta[0]!.warmup, 42)).toEqual({ perDay: 10, perHour: 1 });
  });
});
