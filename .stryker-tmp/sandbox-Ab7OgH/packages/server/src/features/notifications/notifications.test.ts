// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { notifyUser } from '../../core/notify.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('notifications', () => {
  it("lists the user's own unread notifications and marks one read with 204", async () => {
    const a = await t.user();
    const b = await t.user();
    const id = await notifyUser(t.ctx, a.id, { subject: 'Hello', message: 'World' });
    await notifyUser(t.ctx, b.id, { subject: 'For B', message: 'only' });

    const list = await t.as(a, { method: 'GET', url: '/api/notifications' });
    expect(list.json()).toEqual([{ id, subject: 'Hello', message: 'World', date: expect.any(String) }]);

    // B can neither see nor mark A's notification
    expect((await t.as(b, { method: 'PUT', url: `/api/notifications/${id}` })).statusCode).toBe(404);
    const put = await t.as(a, { method: 'PUT', url: `/api/notifications/${id}` });
    expect(put.statusCode).toBe(204);
    expect((await t.as(a, { method: 'GET', url: '/api/notifications' })).json()).toEqual([]);
    expect((await t.as(a, { method: 'PUT', url: '/api/notifications/abc' })).statusCode).toBe(422);
  });

  it('needs a token', async () => {
    expect((await t.as(null, { method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('dashboard/date-time', () => {
  it('answers the server time', async () => {
    const u = await t.user();
    const res = await t.as(u, { method: 'GET', url: '/api/dashboard/date-time' });
    const { serverDateTime } = res.json();
    expect(Math.abs(Date.parse(serverDateTime) - Date.now())).toBeLessThan(60_000);
    expect((await t.as(null, { method: 'GET', url: '/api/dashboard/date-time' })).statusCode).toBe(401);
  });
});

describe('openapi', () => {
  it('is served at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/login_check');
  });
});
