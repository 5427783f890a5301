import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryMessages, type DeliveryQueue, type DeliveryServer } from '@console/shared/delivery';
import { Topics } from '@console/shared/hub';
import { TEST_CONFIG, eventually, inject } from '@console/pmta-sim/testing';
import { pmtaServers } from '../../db/schema/index.ts';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { closedPort, pmtaPeer } from '../../../test/peers/pmta.ts';
import { storeReading } from './delivery.repo.ts';
import { notifyLongBackoffs, readServer, runPolling } from './delivery.service.ts';

/*
 * The Delivery screen's PMTA side against a real simulator (its HTTP interface and its SSH side on loopback):
 * a queue entering backoff shows with its reply (how soon: bench/queues/backoff.ts), the actions reach the simulator, owner scoping,
 * bad input, the SSH fallback, the backoff notice.
 */

const REPLY = '421 4.7.0 SERVICE NOT AVAILABLE: too many connections from your IP';

let t: TestApp;
let f: ReturnType<typeof factories>;
let owner: TestUser;
let peer: Awaited<ReturnType<typeof pmtaPeer>>;
let serverId: number;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  owner = await t.user();
  peer = await pmtaPeer(t, f, {
    config: TEST_CONFIG,
    outcomes: [{ match: 'outlook.com', result: 'deferred', reply: REPLY }],
  });
  serverId = await peer.server(owner);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const view = async (u: TestUser = owner) => {
  const res = await t.as(u, { method: 'GET', url: `/api/delivery/pmta_servers/${serverId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { server: DeliveryServer; items: DeliveryQueue[] };
};
const act = (body: object, u: TestUser = owner, id = serverId) =>
  t.as(u, { method: 'POST', url: `/api/delivery/pmta_servers/${id}/queue_actions`, payload: body });
const simQueue = (name: string) => peer.sim.queues.select(name)[0];

describe('the Delivery screen, PMTA servers', () => {
  it('shows a queue entering backoff with its reply, live', async () => {
    expect((await t.as(owner, { method: 'GET', url: '/api/delivery/pmta_servers' })).statusCode).toBe(200);
    const events: unknown[] = [];
    const unsubscribe = t.ctx.hub.subscribe({
      userId: owner.id,
      isAdmin: false,
      send: (topic, data) => topic === Topics.delivery && events.push(data),
    });
    let stop = false;
    const polling = runPolling(t.ctx, Date.now() + 60_000, () => stop);
    try {
      await inject(peer.sim.smtpPort, { to: ['a@gmail.com', 'b@gmail.com'], vmta: 'v1' });
      // Delivered before the pause, so that the two after it are all the queue holds.
      await eventually(() => expect(simQueue('gmail.com/v1')?.messages).toHaveLength(0), 15_000);
      await peer.sim.command(['pause', 'queue', 'gmail.com/v1']);
      await inject(peer.sim.smtpPort, { to: ['a@gmail.com', 'b@gmail.com'], vmta: 'v1' });
      await inject(peer.sim.smtpPort, { to: ['x@outlook.com', 'y@hotmail.com'], vmta: 'v2' });
      await eventually(() => expect(simQueue('outlook.com/v2')?.mode).toBe('backoff'), 15_000);
      // One response: its queues and its per-service summary are read together (a later call may find the
      // simulator's retry already past the backoff).
      const { queue, server } = await eventually(async () => {
        const v = await view();
        const q = v.items.find((i) => i.queue === 'outlook.com/v2');
        expect(q?.mode).toBe('backoff');
        return { queue: q!, server: v.server };
      }, 30_000);
      expect(queue).toMatchObject({
        domain: 'outlook.com',
        vmta: 'v2',
        mailService: 'Outlook',
        recipients: 1,
        backoffReason: REPLY,
        lastError: REPLY,
        paused: false,
      });
      expect(queue.modeSince).toMatch(/^20\d\d-/);
      expect(queue.deferred1h).toBeGreaterThanOrEqual(1);
      await eventually(() => expect(events).toContainEqual({ kind: 'pmta', id: serverId }), 3_000);

      expect(server).toMatchObject({ id: serverId, source: 'http', error: null, inBackoff: 1 });
      const outlook = server.services.find((s) => s.mailService === 'Outlook')!;
      expect(outlook).toMatchObject({ inBackoff: 1, recipients: 1, backoffReply: REPLY }); // hotmail.com delivered
      expect(outlook.topDomains).toEqual([
        { domain: 'outlook.com', recipients: 1 },
        { domain: 'hotmail.com', recipients: 0 },
      ]);
      expect(server.services[0]!.mailService).toBe('Outlook'); // the one in backoff first
      const gmail = server.services.find((s) => s.mailService === 'Gmail')!;
      expect(gmail).toMatchObject({ paused: 1, recipients: 2, topDomains: [{ domain: 'gmail.com', recipients: 2 }] });
    } finally {
      stop = true;
      unsubscribe();
      await polling;
    }
  }, 60_000);

  it('pauses, resumes, sets back to normal and deletes a queue on the simulator', async () => {
    await inject(peer.sim.smtpPort, { to: ['c@outlook.com'], vmta: 'v2' });
    await eventually(() => expect(simQueue('outlook.com/v2')?.messages.length).toBe(2));

    let res = await act({ queue: 'outlook.com/v2', action: 'pause' });
    expect(res.statusCode, res.body).toBe(200);
    expect(simQueue('outlook.com/v2')!.paused).toBe(true);
    expect((await view()).items.find((i) => i.queue === 'outlook.com/v2')!.paused).toBe(true);

    res = await act({ queue: 'outlook.com/v2', action: 'resume' });
    expect(res.statusCode, res.body).toBe(200);
    expect(simQueue('outlook.com/v2')!.paused).toBe(false);

    res = await act({ queue: 'outlook.com/v2', action: 'normal' });
    expect(res.statusCode, res.body).toBe(200);
    expect(simQueue('outlook.com/v2')!.mode).toBe('normal');
    expect((await view()).items.find((i) => i.queue === 'outlook.com/v2')!.mode).toBe('normal');

    res = await act({ queue: 'outlook.com/v2', action: 'delete' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ queue: 'outlook.com/v2', action: 'delete', deleted: 2 });
    expect(simQueue('outlook.com/v2')!.messages).toHaveLength(0);
    expect((await view()).items.find((i) => i.queue === 'outlook.com/v2')!.recipients).toBe(0);
  });

  it('answers the server’s refusal as 422 with its words', async () => {
    await peer.sim.service('stop');
    try {
      const res = await act({ queue: 'gmail.com/v1', action: 'pause' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: 'Error: cannot connect to PowerMTA (is the service running?)' });
    } finally {
      await peer.sim.service('start');
    }
  });

  it('keeps another user’s server out of sight and out of reach; administrators see and act', async () => {
    const stranger = await t.user();
    const list = (await t.as(stranger, { method: 'GET', url: '/api/delivery/pmta_servers' })).json() as {
      items: DeliveryServer[];
    };
    expect(list.items.map((s) => s.id)).not.toContain(serverId);
    expect((await t.as(stranger, { method: 'GET', url: `/api/delivery/pmta_servers/${serverId}` })).statusCode).toBe(
      404,
    );
    expect((await act({ queue: 'gmail.com/v1', action: 'resume' }, stranger)).statusCode).toBe(404);
    expect(simQueue('gmail.com/v1')!.paused).toBe(true);

    const admin = await t.user({ admin: true });
    const all = (await t.as(admin, { method: 'GET', url: '/api/delivery/pmta_servers' })).json() as {
      items: DeliveryServer[];
    };
    expect(all.items.map((s) => s.id)).toContain(serverId);
    expect((await act({ queue: 'gmail.com/v1', action: 'resume' }, admin)).statusCode).toBe(200);
    expect(simQueue('gmail.com/v1')!.paused).toBe(false);

    await expectAccess(t, {
      method: 'POST',
      url: '/api/delivery/pmta_servers/:id/queue_actions',
      owned: (o) => peer.server(o),
      payload: { queue: 'gmail.com/v1', action: 'pause' },
    });
    expect(simQueue('gmail.com/v1')!.paused).toBe(false);
    await expectAccess(t, { method: 'GET', url: '/api/delivery/pmta_servers/:id', owned: (o) => peer.server(o) });
    expect((await t.as(null, { method: 'GET', url: '/api/delivery/pmta_servers' })).statusCode).toBe(401);
  });

  it.each([
    [{ action: 'pause' }, { queue: DeliveryMessages.queueRequired }],
    [{ queue: '', action: 'pause' }, { queue: DeliveryMessages.queueRequired }],
    [{ queue: 'gmail.com', action: 'pause' }, { queue: DeliveryMessages.queueInvalid }],
    [{ queue: 'gmail.com/v1;reboot', action: 'pause' }, { queue: DeliveryMessages.queueInvalid }],
    [{ queue: 'gmail.com/v1 *', action: 'pause' }, { queue: DeliveryMessages.queueInvalid }],
    [{ queue: '*/*', action: 'delete' }, { queue: DeliveryMessages.queueInvalid }],
    [{ queue: `${'a'.repeat(400)}.com/v1`, action: 'pause' }, { queue: DeliveryMessages.queueInvalid }],
    [{ queue: 'gmail.com/v1\u0000', action: 'pause' }, { queue: 'Must not contain a NUL character.' }],
    [{ queue: 5, action: 'pause' }, { queue: DeliveryMessages.queueRequired }],
    [{ queue: 'gmail.com/v1', action: 'reboot' }, { action: DeliveryMessages.actionInvalid }],
    [{ queue: 'gmail.com/v1' }, { action: DeliveryMessages.actionInvalid }],
  ])('refuses %j: 422, nothing done', async (body, error) => {
    await peer.sim.command(['pause', 'queue', 'gmail.com/v1']);
    const res = await act(body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ error });
    expect(simQueue('gmail.com/v1')!.paused).toBe(true);
  });

  it.each(['abc', '0x10', '-1', '2147483648'])('answers a malformed id %s with 4xx', async (id) => {
    const res = await t.as(owner, { method: 'GET', url: `/api/delivery/pmta_servers/${id}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('reads `pmta show queues` over SSH when the HTTP interface does not answer, and keeps the last queues on failure', async () => {
    const id = await peer.server(owner);
    await t.ctx.db
      .update(pmtaServers)
      .set({ pmtaHttpPort: await closedPort() })
      .where(eq(pmtaServers.id, id));
    await inject(peer.sim.smtpPort, { to: ['z@outlook.com'], vmta: 'v1' });
    await eventually(() => expect(simQueue('outlook.com/v1')?.mode).toBe('backoff'));
    await readServer(t.ctx, id);
    const read = async () =>
      (await t.as(owner, { method: 'GET', url: `/api/delivery/pmta_servers/${id}` })).json() as {
        server: DeliveryServer;
        items: DeliveryQueue[];
      };
    const bySsh = await read();
    expect(bySsh.server).toMatchObject({ source: 'ssh', error: null });
    expect(bySsh.items.find((q) => q.queue === 'outlook.com/v1')).toMatchObject({
      mode: 'backoff',
      mailService: 'Outlook',
      lastError: REPLY,
      recipients: 1,
    });

    await t.ctx.db
      .update(pmtaServers)
      .set({ sshPort: await closedPort() })
      .where(eq(pmtaServers.id, id));
    await readServer(t.ctx, id);
    const failed = await read();
    expect(failed.server.error).toMatch(/^Error: /);
    expect(failed.items.find((q) => q.queue === 'outlook.com/v1')?.mode).toBe('backoff');
  });

  it('tells the owner once of a queue in backoff longer than the setting, with the reply', async () => {
    const id = await peer.server(owner);
    const since = new Date(Date.now() - (t.ctx.env.DELIVERY_BACKOFF_ALERT_MINUTES + 5) * 60_000).toISOString();
    const recent = new Date().toISOString();
    const queue = (name: string, modeSince: string) => ({
      queue: name,
      domain: name.split('/')[0]!,
      vmta: 'v1',
      recipients: 3,
      kb: 1,
      connections: 0,
      paused: false,
      mode: 'backoff' as const,
      modeSince,
      backoffReason: REPLY,
      lastError: REPLY,
      nextRetry: null,
      delivered1h: 0,
      deferred1h: 4,
    });
    await storeReading(t.ctx.db, id, {
      source: 'http',
      queues: [queue('yahoo.com/v1', since), queue('aol.com/v1', recent)],
    });
    const notices = async () =>
      (
        await t.ctx.db.$client.query<{ subject: string; message: string; status: string }>(
          `select subject, message, status from notifications where user_id = $1 and subject like '%in backoff on%'`,
          [owner.id],
        )
      ).rows;
    await notifyLongBackoffs(t.ctx);
    await notifyLongBackoffs(t.ctx);
    const rows = await notices();
    const server = (await t.ctx.db.select().from(pmtaServers).where(eq(pmtaServers.id, id)))[0]!;
    expect(rows).toEqual([
      {
        subject: `yahoo.com/v1 in backoff on ${server.name}`,
        message: expect.stringContaining(`Queue yahoo.com/v1 on PMTA server ${server.name} is in backoff since `),
        status: 'error',
      },
    ]);
    expect(rows[0]!.message).toContain(`: ${REPLY}`);
  });
});
