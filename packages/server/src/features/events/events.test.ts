import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParser } from 'eventsource-parser';
import { Topics } from '@console/shared/hub';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { notifyUser } from '../../core/notify.ts';

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
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body!) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch {
      /* aborted */
    }
  })();
  return { res, events, close: () => controller.abort() };
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
});
