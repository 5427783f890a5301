// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParser } from 'eventsource-parser';
import { Topics } from '@console/shared/hub';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';
import { notifyUser } from '../../core/notify.ts';
import { endUserSessions } from '../../core/tokens.ts';
import { streamTiming } from './events.routes.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** Opens the SSE stream as `u` and collects the events it receives. */
async function stream(u: TestUser) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${u.token}` },
    signal: controller.signal,
  });
  const events: { event?: string; data: unknown }[] = [];
  const parser = createParser({ onEvent: (e) => events.push({ event: e.event, data: JSON.parse(e.data) }) });
  let ended = false;
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body!) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
      ended = true; // the server closed it
    } catch {
      /* aborted */
    }
  })();
  return { res, events, close: () => controller.abort(), ended: () => ended };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
};

describe('live hub', () => {
  it('refuses anonymous streams', async () => {
    expect((await fetch(`${base}/api/events`)).status).toBe(401);
  });

  it("delivers a user's notifications to that user and to admins, not to others", async () => {
    const a = await t.user();
    const b = await t.user();
    const admin = await t.user({ admin: true });
    const [sa, sb, sadmin] = await Promise.all([stream(a), stream(b), stream(admin)]);
    expect(sa.res.headers.get('content-type')).toBe('text/event-stream');
    await new Promise((r) => setTimeout(r, 100));
    await notifyUser(t.ctx, a.id, { subject: 'Import', message: 'done', status: 'success' });
    await until(() => sa.events.length > 0 && sadmin.events.length > 0);
    expect(sa.events).toEqual([
      { event: Topics.notifications, data: { message: 'done', status: 'success', userId: a.id } },
    ]);
    expect(sadmin.events).toHaveLength(1);
    expect(sb.events).toEqual([]);
    for (const s of [sa, sb, sadmin]) s.close();
  });

  it('closes a stream whose user is deactivated even when no notice arrives (the heartbeat re-reads the user)', async () => {
    const u = await t.user();
    streamTiming.heartbeatMs = 200;
    try {
      const s = await stream(u);
      await t.ctx.db.$client.query('update users set is_active = false where id = $1', [u.id]);
      await until(s.ended);
      expect(s.ended()).toBe(true);
    } finally {
      streamTiming.heartbeatMs = 25_000;
    }
  });

  it("closes an administrator's stream when the role is taken away (it would keep every user's events)", async () => {
    const boss = await t.user({ admin: true });
    streamTiming.heartbeatMs = 200;
    try {
      const s = await stream(boss);
      await t.ctx.db.$client.query(`update users set roles = '{ROLE_USER}' where id = $1`, [boss.id]);
      await until(s.ended);
      expect(s.ended()).toBe(true);
    } finally {
      streamTiming.heartbeatMs = 25_000;
    }
  });

  it('endUserSessions revokes the refresh tokens and closes the streams at once', async () => {
    const u = await t.user();
    const other = await t.user();
    const [mine, theirs] = await Promise.all([stream(u), stream(other)]);
    await new Promise((r) => setTimeout(r, 100));
    await endUserSessions(t.ctx, u.id);
    await until(mine.ended);
    expect(mine.ended()).toBe(true);
    expect(theirs.ended()).toBe(false);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh_token: u.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    theirs.close();
  });

  it('keeps delivering after the hub loses its LISTEN connection (it reconnects)', async () => {
    const u = await t.user();
    const listeners = async () =>
      (
        await t.ctx.db.$client.query<{ pid: number }>(
          // The hub's own listener (pg-boss holds another one for its jobs).
          `select pid from pg_stat_activity where datname = current_database() and query ilike 'listen console_hub%'`,
        )
      ).rows.map((r) => r.pid);
    const [killed] = await listeners();
    expect(killed).toBeTypeOf('number');
    await t.ctx.db.$client.query('select pg_terminate_backend($1)', [killed]);
    let now: number[] = [];
    await eventually(async () => (now = await listeners()).some((pid) => pid !== killed), 5000);
    expect(now).not.toContain(killed);
    const s = await stream(u);
    await new Promise((r) => setTimeout(r, 100));
    await notifyUser(t.ctx, u.id, { subject: 'After', message: 'reconnected' });
    await until(() => s.events.length > 0);
    expect(s.events).toEqual([
      { event: Topics.notifications, data: { message: 'reconnected', status: 'success', userId: u.id } },
    ]);
    await endUserSessions(t.ctx, u.id);
    await until(s.ended);
    expect(s.ended()).toBe(true);
  });
});
