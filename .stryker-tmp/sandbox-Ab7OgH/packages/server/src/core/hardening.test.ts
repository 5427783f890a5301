// @ts-nocheck
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { fitPayload } from './hub.ts';

/** Issue 6, items 3, 4 and 9: bad input is a 4xx that changes nothing, logs hold no secrets, streams end. */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.user({ admin: true });
});
afterAll(() => t.close());

const count = async (table: string) =>
  (await t.ctx.db.$client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

describe('a NUL byte', () => {
  it.each([
    ['a body field', 'POST', '/api/categories', { name: 'a\u0000b' }, 'name'],
    ['a nested body field', 'POST', '/api/email_lists', { name: 'ok', category: { id: '1\u0000' } }, 'category.id'],
    [
      'a username',
      'POST',
      '/api/register',
      { username: 'x\u0000', email: 'n@example.com', password: 'secret123' },
      'username',
    ],
    ['a search', 'GET', '/api/users?username=a%00b', undefined, 'username'],
    ['a path id', 'GET', '/api/users/1%00', undefined, 'id'],
  ])('in %s is 422 naming the field, and nothing changes', async (_what, method, url, payload, field) => {
    const before = [await count('users'), await count('categories'), await count('email_lists')];
    const res = await t.as(admin, { method: method as 'GET', url, payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ [field]: 'Must not contain a NUL character.' });
    expect([await count('users'), await count('categories'), await count('email_lists')]).toEqual(before);
  });
});

describe('eight parallel registrations of one name', () => {
  it('create one account and answer 409 to the seven others; the log holds no hash or parameter', async () => {
    const log = new PassThrough();
    let text = '';
    log.on('data', (c) => (text += c));
    const app = await buildApp(
      { ...t.ctx, env: { ...t.ctx.env, LOG_LEVEL: 'info' } },
      { logger: true, logStream: log },
    );
    await app.ready();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/register?secret=query-secret-value',
          payload: { username: 'racer', email: `racer${i}@example.com`, password: 'secret123' },
        }),
      ),
    );
    await app.close();
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json()).toEqual({ error: { username: 'This username is already used.' } });
    }
    expect(
      (await t.ctx.db.$client.query("select count(*)::int as n from users where username = 'racer'")).rows[0].n,
    ).toBe(1);
    expect(text).toContain('/api/register');
    expect(text).not.toMatch(/argon2|query-secret-value|params:|password|authorization/i);
  });
});

describe('live payloads', () => {
  it('never exceed the NOTIFY limit, whatever the texts', () => {
    const text = fitPayload({
      topic: 'notifications',
      userId: 1,
      data: { message: 'x'.repeat(20_000), status: 'success', userId: 1 },
    });
    expect(Buffer.byteLength(text)).toBeLessThan(8000);
    expect(JSON.parse(text).data).toMatchObject({
      status: 'success',
      userId: 1,
      message: expect.stringMatching(/^x+…$/),
    });
  });

  it('a notification with a 10,000-character text still reaches the user', async () => {
    const { notifyUser } = await import('./notify.ts');
    await expect(notifyUser(t.ctx, admin.id, { subject: 's', message: 'm'.repeat(10_000) })).resolves.toBeTypeOf(
      'number',
    );
  });
});

describe('an open live stream', () => {
  it('is closed when its user is deactivated', async () => {
    const u = await t.user();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(res.status).toBe(200);
    const ended = (async () => {
      for await (const _ of res.body!) void _;
      return 'ended';
    })();
    await new Promise((r) => setTimeout(r, 100));
    const put = await t.as(admin, {
      method: 'PUT',
      url: `/api/users/${u.id}`,
      payload: { username: u.username, email: u.email, isActive: false, profitRate: 100 },
    });
    expect(put.statusCode).toBe(200);
    const outcome = await Promise.race([ended, new Promise((r) => setTimeout(() => r('still open'), 5000))]);
    expect(outcome).toBe('ended');
  });
});
