import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { recordEvents, type EventInput } from '../../tracking/events.ts';
import { inTransaction } from '../../db/transaction.ts';
import { pmtaPeer } from '../../../test/peers/pmta.ts';
import { eventually, inject } from '@console/pmta-sim/testing';
import { serverRow, uploadConfig } from '../../pmta/operations.ts';
import { readServer } from '../delivery/delivery.service.ts';
import { runDailySteps } from './warmup-plans.service.ts';
import { followMoves } from './config-follow.ts';
import { daySignals } from './warmup-relays.repo.ts';

/*
 * The daily step (issue 40 §2, decision 1433) from the real counters: events recorded as the engine and the
 * complaint loop record them fill event_rollup_daily, and the step reads it. A healthy day advances the
 * relay, a day of 421 storms holds it, complaints over the red line step it back, a day without mail holds
 * it; each decision is in the relay's history with its reason, and a second run changes nothing.
 */

let t: TestApp;
let make: ReturnType<typeof factories>;
let owner: TestUser;
let gmail: number;
let yahoo: number;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  owner = await t.user();
  const rows = await q(`select id, name from mail_providers where name in ('Gmail', 'Yahoo')`);
  gmail = rows.find((r) => r.name === 'Gmail').id;
  yahoo = rows.find((r) => r.name === 'Yahoo').id;
});
afterAll(() => t.close());

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);

/** A relay on day 2 of a 3-day plan, its day begun today. */
async function relayOnDay2(planId: number) {
  const relay = await make.smtpRelay({ owner });
  await q(
    `insert into warmup_relays (relay_type, relay_id, user_id, plan_id, day, day_started)
     values (2, $1, $2, $3, 2, (now() at time zone 'utc')::date)`,
    [relay.id, owner.id, planId],
  );
  return relay.id;
}

const events = (relayId: number, mailProviderId: number, kind: EventInput['kind'], n: number, detail?: string) =>
  Array.from({ length: n }, (): EventInput => ({
    kind,
    campaignType: 'smtp',
    campaignId: 1,
    userId: owner.id,
    relayId,
    mailProviderId,
    domain: 'gmail.com',
    detail: detail ?? null,
  }));

const state = async (relayId: number) => {
  const [w] = await q('select day from warmup_relays where relay_type = 2 and relay_id = $1', [relayId]);
  const steps = await q(
    `select decision, from_day as "fromDay", to_day as "toDay", reason from warmup_steps
      where relay_type = 2 and relay_id = $1 order by id`,
    [relayId],
  );
  return { day: w?.day, steps };
};

describe('the daily warm-up step', () => {
  it('advances a healthy day, holds on a 421 storm and on a silent day, steps back on complaints', async () => {
    const plan = await make.warmupPlan({ owner, name: 'Judged' });
    const healthy = await relayOnDay2(plan.id);
    const storm = await relayOnDay2(plan.id);
    const complained = await relayOnDay2(plan.id);
    const silent = await relayOnDay2(plan.id);
    await inTransaction(t.ctx.db, (client) =>
      recordEvents(client, [
        ...events(healthy, gmail, 'sent', 100),
        ...events(healthy, gmail, 'deferred', 2, '421 4.7.0 try again later'),
        ...events(healthy, yahoo, 'sent', 40),
        ...events(storm, gmail, 'sent', 100),
        ...events(storm, gmail, 'deferred', 15, '421 4.7.28 rate limited'),
        ...events(complained, gmail, 'sent', 100),
        ...events(complained, yahoo, 'sent', 200),
        ...events(complained, yahoo, 'complaint', 1),
      ]),
    );
    const today = (await q(`select (now() at time zone 'utc')::date::text as d`))[0].d as string;
    const decided = await runDailySteps(t.ctx, today);
    expect(decided.map((d) => d.decision)).toEqual(['advanced', 'held', 'stepped back', 'held']);

    expect(await state(healthy)).toEqual({
      day: 3,
      steps: [
        {
          decision: 'advanced',
          fromDay: 2,
          toDay: 3,
          reason: `${today}: Healthy at every mail service (Gmail 100 sent, Yahoo 40 sent).`,
        },
      ],
    });
    expect(await state(storm)).toEqual({
      day: 2,
      steps: [
        {
          decision: 'held',
          fromDay: 2,
          toDay: 2,
          reason: `${today}: Yellow: Gmail: deferrals 13.04% (yellow line 10%).`,
        },
      ],
    });
    expect(await state(complained)).toEqual({
      day: 1,
      steps: [
        {
          decision: 'stepped back',
          fromDay: 2,
          toDay: 1,
          reason: `${today}: Red: Yahoo: complaints 0.5% (red line 0.3%).`,
        },
      ],
    });
    expect(await state(silent)).toMatchObject({
      day: 2,
      steps: [{ decision: 'held', reason: `${today}: Nothing was sent that day: no signal to advance on.` }],
    });

    // Judged once a day: a second run decides nothing.
    expect(await runDailySteps(t.ctx, today)).toEqual([]);
    expect((await state(healthy)).day).toBe(3);
  });
});

describe('a PMTA relay that moves', () => {
  it(
    "gets its server's configuration with the new day's rate (the simulator holds it)",
    { timeout: 60_000 },
    async () => {
      const peer = await pmtaPeer(t, make);
      try {
        const serverId = await peer.server(owner);
        const relay = await make.pmtaRelay({ owner, pmtaServerId: serverId });
        const plan = await make.warmupPlan({
          owner,
          services: [{ mailProviderId: gmail, perDay: [24, 48, 96], perHour: [2, 4, 8] }],
        });
        await q(
          `insert into warmup_relays (relay_type, relay_id, user_id, plan_id, day, day_started)
         values (1, $1, $2, $3, 1, (now() at time zone 'utc')::date)`,
          [relay.id, owner.id, plan.id],
        );
        await inTransaction(t.ctx.db, (client) =>
          recordEvents(client, [
            ...events(relay.id, gmail, 'sent', 20).map((e) => ({ ...e, campaignType: 'pmta' as const })),
          ]),
        );
        const today = (await q(`select (now() at time zone 'utc')::date::text as d`))[0].d as string;
        const decided = await runDailySteps(t.ctx, today);
        expect(decided).toContainEqual({ relayType: 1, relayId: relay.id, decision: 'advanced' });
        expect(await followMoves(t.ctx, decided)).toEqual([serverId]);
        // The upload job (decision 1486) runs in this app's worker: it writes the file, then reloads PMTA, so the
        // test waits for both (the file alone was seen before the reload).
        await eventually(async () => {
          const config = fs.readFileSync(path.join(peer.sim.root, 'etc/pmta/config'), 'utf8');
          const block = config.split(`<virtual-mta vmta-${relay.id}>`)[1]!.split('</virtual-mta>')[0]!;
          expect(block).toContain('<domain gmail.com>\n    max-msg-rate 4/h\n');
          expect((await peer.sim.command(['show', 'settings', `gmail.com/vmta-${relay.id}`])).stdout).toMatch(
            /max-msg-rate\s+4\/h/,
          );
        }, 30_000);
        // A held relay moves no configuration.
        expect(await followMoves(t.ctx, [{ relayType: 1, relayId: relay.id, decision: 'held' }])).toEqual([]);
      } finally {
        await peer.close();
      }
    },
  );
});

describe("a PMTA relay's time in backoff", () => {
  it(
    "is its VMTA's queues in backoff at the service, read by the live view and summed over the day",
    { timeout: 90_000 },
    async () => {
      const STORM = '421 4.7.650 The mail server [127.0.0.1] has been temporarily rate limited due to IP reputation';
      const peer = await pmtaPeer(t, make, {
        outcomes: [{ match: 'storm-*@outlook.com', result: 'deferred', reply: STORM }],
      });
      try {
        const serverId = await peer.server(owner);
        const [outlook] = await q(`select id from mail_providers where name = 'Outlook'`);
        const plan = await make.warmupPlan({ owner, name: 'Backoff judged' });
        // A line a test can reach: 0.005% of the day is 4.3 s in backoff (the defaults are 10% and 30%).
        await q(
          `update warmup_plans set thresholds = jsonb_set(thresholds, '{backoff}', '{"yellow": 0.005, "red": 50}')
            where id = $1`,
          [plan.id],
        );
        const throttled = await make.pmtaRelay({ owner, pmtaServerId: serverId });
        const calm = await make.pmtaRelay({ owner, pmtaServerId: serverId });
        for (const r of [throttled, calm]) {
          await q(
            `insert into warmup_relays (relay_type, relay_id, user_id, plan_id, day, day_started)
             values (1, $1, $2, $3, 2, (now() at time zone 'utc')::date)`,
            [r.id, owner.id, plan.id],
          );
        }
        // The console's own configuration: the relays' VMTAs and its backoff patterns.
        await uploadConfig(t.ctx, await serverRow(t.ctx, serverId));
        const vmta = (r: { id: number }) => `vmta-${r.id}`;
        const queue = (r: { id: number }) => `outlook.com/${vmta(r)}`;
        const simMode = (r: { id: number }) => peer.sim.queues.select(queue(r))[0]?.mode;
        await inject(peer.sim.smtpPort, { to: ['storm-1@outlook.com'], vmta: vmta(throttled) });
        await inject(peer.sim.smtpPort, { to: ['someone@outlook.com'], vmta: vmta(calm) });
        await eventually(() => expect(simMode(throttled)).toBe('backoff'), 30_000);
        await eventually(() => expect(peer.sim.queues.select(queue(calm))[0]?.messages).toHaveLength(0), 30_000);

        // Two episodes, as the live view's readings see them: the simulator's backoff, back to normal by
        // hand, then a backoff set by hand.
        const episode = async (seconds: number) => {
          await readServer(t.ctx, serverId);
          await new Promise((r) => setTimeout(r, seconds * 1000));
          await readServer(t.ctx, serverId);
        };
        await episode(3);
        await peer.sim.command(['set', 'queue', '--mode=normal', queue(throttled)]);
        await readServer(t.ctx, serverId);
        await peer.sim.command(['set', 'queue', '--mode=backoff', queue(throttled)]);
        await episode(3);

        const episodes = await q(
          `select vmta, extract(epoch from coalesce(until, seen_at) - since)::float8 as seconds, until is null as open,
                  reply from pmta_queue_backoffs where pmta_server_id = $1 order by id`,
          [serverId],
        );
        expect(episodes.map((e) => [e.vmta, e.open])).toEqual([
          [vmta(throttled), false],
          [vmta(throttled), true],
        ]);
        expect(episodes[0]!.reply).toContain('rate limited due to IP reputation');
        expect(episodes[1]!.reply).toBe('set by operator');
        const seconds = episodes.reduce((n, e) => n + e.seconds, 0);
        expect(seconds).toBeGreaterThanOrEqual(6);

        const today = (await q(`select (now() at time zone 'utc')::date::text as d`))[0].d as string;
        // Outlook took mail from both relays that day; the calm one has no backoff anywhere.
        await inTransaction(t.ctx.db, (client) =>
          recordEvents(client, [
            ...events(throttled.id, outlook.id, 'sent', 50).map((e) => ({ ...e, campaignType: 'pmta' as const })),
            ...events(calm.id, outlook.id, 'sent', 50).map((e) => ({ ...e, campaignType: 'pmta' as const })),
          ]),
        );
        const signals = await daySignals(t.ctx.db.$client, today, 1, throttled.id);
        expect(signals).toHaveLength(1);
        expect(signals[0]!.service).toBe('Outlook');
        expect(signals[0]!.backoffPct).toBeCloseTo((100 * seconds) / 86_400, 6);
        expect((await daySignals(t.ctx.db.$client, today, 1, calm.id))[0]!.backoffPct).toBe(0);

        const decided = await runDailySteps(t.ctx, today);
        expect(decided).toContainEqual({ relayType: 1, relayId: throttled.id, decision: 'held' });
        expect(decided).toContainEqual({ relayType: 1, relayId: calm.id, decision: 'advanced' });
        const [step] = await q(`select reason from warmup_steps where relay_type = 1 and relay_id = $1`, [
          throttled.id,
        ]);
        expect(step.reason).toMatch(
          new RegExp(`^${today}: Yellow: Outlook: time in backoff [0-9.]+% \\(yellow line 0\\.005%\\)\\.$`),
        );
      } finally {
        await peer.close();
      }
    },
  );
});
