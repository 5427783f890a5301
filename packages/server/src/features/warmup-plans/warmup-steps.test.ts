import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { recordEvents, type EventInput } from '../../tracking/events.ts';
import { inTransaction } from '../../db/transaction.ts';
import { pmtaPeer } from '../../../test/peers/pmta.ts';
import { runDailySteps, uploadMovedServers } from './warmup-plans.service.ts';

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
        expect(await uploadMovedServers(t.ctx, decided)).toEqual([serverId]);
        const config = fs.readFileSync(path.join(peer.sim.root, 'etc/pmta/config'), 'utf8');
        const vmta = config.split(`<virtual-mta vmta-${relay.id}>`)[1]!.split('</virtual-mta>')[0]!;
        expect(vmta).toContain('<domain gmail.com>\n    max-msg-rate 4/h\n');
        expect((await peer.sim.command(['show', 'settings', `gmail.com/vmta-${relay.id}`])).stdout).toMatch(
          /max-msg-rate\s+4\/h/,
        );
        // A held relay moves no configuration.
        expect(await uploadMovedServers(t.ctx, [{ relayType: 1, relayId: relay.id, decision: 'held' }])).toEqual([]);
      } finally {
        await peer.close();
      }
    },
  );
});
