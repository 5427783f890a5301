// @ts-nocheck
import { expect } from 'vitest';
import { createParser } from 'eventsource-parser';
import type { Harness } from './harness.ts';

/*
 * What journeys do through the API beside the screens: sign in, make people, read the live hub as the
 * browser does, make the categories several areas' journeys file their lists and offers under.
 */

export async function apiLogin(h: Harness, email: string, password: string): Promise<string> {
  const res = await h.api<{ token: string }>('/login_check', { json: { email, password } });
  expect(res.status).toBe(200);
  return res.body.token;
}

/** A user who registered on the sign-up page and whom the administrator (`adminToken`) made active. */
export async function registerActiveUser(h: Harness, adminToken: string, name: string) {
  const id = Date.now().toString(36);
  const user = { username: `${name}${id}`, email: `${name}${id}@example.com`, password: `${name}-pass-1234` };
  const reg = await fetch(`${h.baseUrl}/api/register`, { method: 'POST', body: new URLSearchParams(user) });
  expect(reg.status).toBe(201);
  const { id: userId } = (await reg.json()) as { id: number };
  const activate = await h.api(`/users/${userId}`, {
    method: 'PUT',
    token: adminToken,
    json: { username: user.username, email: user.email, isActive: true, profitRate: 100 },
  });
  expect(activate.status).toBe(200);
  return { ...user, id: userId };
}

export type ActiveUser = Awaited<ReturnType<typeof registerActiveUser>>;

/** A root category and one child under it, made through the API; their ids. */
export async function categoryTree(h: Harness, token: string, root: string, child: string) {
  const post = async (json: unknown) => {
    const res = await h.api<{ id: number }>('/categories', { json, token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  };
  const rootId = await post({ name: root, parent: null });
  return { root: rootId, child: await post({ name: child, parent: rootId }) };
}

/**
 * The messages of one live topic that the server sends to `token`'s own stream, from now until stop():
 * the hub as the browser reads it (GET /api/events, server-sent events).
 */
export async function listen<T>(h: Harness, token: string, topic: string) {
  const events: T[] = [];
  const abort = new AbortController();
  const res = await fetch(`${h.baseUrl}/api/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  // Subscribed once the answer's headers have arrived.
  expect(res.status).toBe(200);
  const parser = createParser({ onEvent: (e) => e.event === topic && events.push(JSON.parse(e.data) as T) });
  const reading = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        parser.feed(value);
      }
    } catch {
      /* stopped */
    }
  })();
  return {
    events,
    stop: async () => {
      abort.abort();
      await reading;
    },
  };
}
