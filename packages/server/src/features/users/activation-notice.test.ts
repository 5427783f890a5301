import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

/* Issue 38: the administrators' "New account" notice is read once the account is activated. */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.user({ admin: true });
});
afterAll(() => t.close());

const register = async (username: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, email: `${username}@example.com`, password: 'secret123' }).toString(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
};
const unread = async () => {
  const res = await t.as(admin, { method: 'GET', url: '/api/notifications' });
  expect(res.statusCode).toBe(200);
  return (res.json() as { subject: string; message: string }[]).filter((n) => n.subject.startsWith('New account'));
};
const activate = async (id: number, username: string) => {
  const res = await t.as(admin, {
    method: 'PUT',
    url: `/api/users/${id}`,
    payload: { username, email: `${username}@example.com`, isActive: true, profitRate: 100 },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('activating an account', () => {
  it('marks its "New account" notice read; a burst\'s notice once the last of it is active', async () => {
    const a = await register('ada');
    expect(await unread()).toEqual([expect.objectContaining({ subject: 'New account' })]);
    await activate(a.id, 'ada');
    expect(await unread()).toEqual([]);

    // Two sign-ups in one burst: one notice, read once both are active.
    const b = await register('bea');
    const c = await register('cid');
    expect(await unread()).toEqual([expect.objectContaining({ subject: 'New accounts' })]);
    await activate(b.id, 'bea');
    expect(await unread()).toHaveLength(1);
    await activate(c.id, 'cid');
    expect(await unread()).toEqual([]);
  });
});
