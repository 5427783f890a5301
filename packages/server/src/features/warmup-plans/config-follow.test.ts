import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, inject } from '@console/pmta-sim/testing';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { closedPort, pmtaPeer } from '../../../test/peers/pmta.ts';
import { serverRow, uploadConfig } from '../../pmta/operations.ts';

/*
 * The PMTA configuration follows the plans without a click (decision 1486), against a real simulator over
 * SSH: attaching a plan and editing it at once is one upload, whose VMTA rate the simulator paces by; detaching
 * takes the rate away; each upload is in the relay's history; an upload that fails is there too and
 * notifies the owner.
 */

let t: TestApp;
let make: ReturnType<typeof factories>;
let owner: TestUser;
let peer: Awaited<ReturnType<typeof pmtaPeer>>;
let gmail: number;

beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  owner = await t.user();
  peer = await pmtaPeer(t, make);
  gmail = (await q(`select id from mail_providers where name = 'Gmail'`))[0].id;
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
const history = (relayId: number) =>
  q(`select decision, reason from warmup_steps where relay_type = 1 and relay_id = $1 order by id`, [relayId]);
const uploadJobs = () => q(`select state from pgboss.job where name = 'warmup.config-upload' order by created_on`);
const settings = async (queue: string) => (await peer.sim.command(['show', 'settings', queue])).stdout;
const plan = (perHour: number[]) => ({
  name: 'Follows',
  services: [{ mailProvider: gmail, perDay: [24, 48], perHour }],
});

describe('the PMTA configuration follows the plan', () => {
  it(
    'uploads once after attach and edit, the simulator paces by the rate, and detach takes it away',
    { timeout: 120_000 },
    async () => {
      const serverId = await peer.server(owner);
      const warm = await make.pmtaRelay({ owner, pmtaServerId: serverId });
      const other = await make.pmtaRelay({ owner, pmtaServerId: serverId });
      // The server as its owner left it: both VMTAs, no warm-up rates.
      await uploadConfig(t.ctx, await serverRow(t.ctx, serverId));
      expect(await settings(`gmail.com/vmta-${warm.id}`)).not.toMatch(/max-msg-rate\s+\d+\/h/);

      let res = await t.as(owner, { method: 'POST', url: '/api/warmup_plans', payload: plan([5, 10]) });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().id as number;
      // A burst: attached, then edited straight away to 1 an hour.
      res = await t.as(owner, {
        method: 'POST',
        url: `/api/warmup_plans/${id}/attach`,
        payload: { kind: 'pmta', relays: [warm.id] },
      });
      expect(res.statusCode, res.body).toBe(200);
      res = await t.as(owner, { method: 'PUT', url: `/api/warmup_plans/${id}`, payload: plan([1, 2]) });
      expect(res.statusCode, res.body).toBe(200);

      await eventually(
        async () => expect((await history(warm.id)).map((s) => s.decision)).toContain('configuration uploaded'),
        60_000,
      );
      expect(await history(warm.id)).toEqual([
        { decision: 'attached', reason: 'Attached; starts on day 1.' },
        {
          decision: 'configuration uploaded',
          reason: `Configuration uploaded to PMTA server "${(await serverRow(t.ctx, serverId)).name}": the VMTA paces by today's allowance.`,
        },
      ]);
      expect(await history(other.id)).toEqual([]); // not in a plan: not concerned
      expect(await uploadJobs()).toEqual([{ state: 'completed' }]); // one upload for the burst
      expect(await settings(`gmail.com/vmta-${warm.id}`)).toMatch(/max-msg-rate\s+1\/h/); // the edit's rate
      expect(await settings(`gmail.com/vmta-${other.id}`)).not.toMatch(/max-msg-rate\s+\d+\/h/);

      // The simulator paces by it: one message goes, the next may leave only an hour later; the VMTA without
      // a plan goes at the relay's own speed.
      const queue = `gmail.com/vmta-${warm.id}`;
      const free = `gmail.com/vmta-${other.id}`;
      await inject(peer.sim.smtpPort, { to: ['a@gmail.com', 'b@gmail.com', 'c@gmail.com'], vmta: `vmta-${warm.id}` });
      await inject(peer.sim.smtpPort, { to: ['a@gmail.com', 'b@gmail.com', 'c@gmail.com'], vmta: `vmta-${other.id}` });
      await eventually(() => expect(peer.sim.queues.select(queue)[0]?.messages).toHaveLength(2), 30_000);
      await eventually(() => expect(peer.sim.queues.select(free)[0]?.messages.length).toBeLessThan(3), 30_000);
      expect(peer.sim.queues.select(queue)[0]!.nextSendAt - peer.sim.now()).toBeGreaterThan(3_000_000);
      expect(peer.sim.queues.select(free)[0]!.nextSendAt - peer.sim.now()).toBeLessThan(60_000);

      // An edit on its own uploads too.
      res = await t.as(owner, { method: 'PUT', url: `/api/warmup_plans/${id}`, payload: plan([2, 4]) });
      expect(res.statusCode, res.body).toBe(200);
      await eventually(async () => expect((await history(warm.id)).length).toBe(3), 60_000);
      expect(await settings(queue)).toMatch(/max-msg-rate\s+2\/h/);

      res = await t.as(owner, {
        method: 'POST',
        url: '/api/warmup_plans/detach',
        payload: { kind: 'pmta', relays: [warm.id] },
      });
      expect(res.statusCode, res.body).toBe(200);
      await eventually(async () => expect((await history(warm.id)).length).toBe(5), 60_000);
      expect((await history(warm.id)).slice(3)).toEqual([
        { decision: 'detached', reason: 'Detached by hand.' },
        {
          decision: 'configuration uploaded',
          reason: expect.stringMatching(/: the VMTA no longer paces by a plan\.$/),
        },
      ]);
      expect(await settings(queue)).not.toMatch(/max-msg-rate\s+\d+\/h/);
    },
  );

  it('says in the history and in a notification when the upload fails', { timeout: 60_000 }, async () => {
    const serverId = await peer.server(owner, await closedPort());
    const relay = await make.pmtaRelay({ owner, pmtaServerId: serverId });
    const { name } = await serverRow(t.ctx, serverId);
    const p = await make.warmupPlan({ owner });
    const res = await t.as(owner, {
      method: 'POST',
      url: `/api/warmup_plans/${p.id}/attach`,
      payload: { kind: 'pmta', relays: [relay.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const failed = await eventually(async () => {
      const steps = await history(relay.id);
      expect(steps[1]?.decision).toBe('upload failed');
      return steps[1]!;
    }, 45_000);
    expect(failed.reason).toMatch(
      new RegExp(
        `^Configuration not uploaded to PMTA server "${name}" \\(.+\\): the server paces as before until the next upload; the console still limits what it injects\\.$`,
      ),
    );
    // The notice follows the history's step.
    const notice = await eventually(async () => {
      const [n] = await q(`select subject, message, status from notifications where user_id = $1`, [owner.id]);
      expect(n).toBeDefined();
      return n;
    });
    expect(notice).toMatchObject({ subject: `Warm-up: configuration not uploaded to ${name}`, status: 'error' });
    expect(notice.message).toContain('Upload its configuration once the server is reachable.');
  });
});
