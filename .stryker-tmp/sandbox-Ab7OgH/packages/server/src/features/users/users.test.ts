// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

let t: TestApp;
let admin: TestUser;
let plain: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.user({ admin: true });
  plain = await t.user();
});
afterAll(() => t.close());

const valid = {
  username: 'jane',
  email: 'jane@example.com',
  password: 'secret123',
  confirmPassword: 'secret123',
  isActive: true,
  profitRate: 40,
};

describe('users (admin only)', () => {
  it('refuses ordinary users and anonymous calls', async () => {
    for (const [method, url] of [
      ['GET', '/api/users'],
      ['POST', '/api/users'],
      ['GET', `/api/users/${admin.id}`],
      ['PUT', `/api/users/${admin.id}`],
      ['DELETE', `/api/users/${admin.id}`],
    ] as const) {
      expect((await t.as(plain, { method, url, payload: valid })).statusCode).toBe(403);
      expect((await t.as(null, { method, url, payload: valid })).statusCode).toBe(401);
    }
  });

  it('creates a user, lists it with search and paging, reads, updates and deletes it', async () => {
    const created = await t.as(admin, { method: 'POST', url: '/api/users', payload: valid });
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({
      username: 'jane',
      email: 'jane@example.com',
      isActive: true,
      profitRate: 40,
      roles: ['ROLE_USER'],
      emailLists: [],
    });
    expect(user).not.toHaveProperty('passwordHash');

    const list = await t.as(admin, { method: 'GET', url: '/api/users?username=JAN&_page=1&itemsPerPage=100' });
    expect(list.json()).toEqual({ 'hydra:member': [user], 'hydra:totalItems': 1 });
    const page2 = await t.as(admin, { method: 'GET', url: '/api/users?_page=2&itemsPerPage=1' });
    expect(page2.json()['hydra:member']).toHaveLength(1);
    expect(page2.json()['hydra:totalItems']).toBeGreaterThanOrEqual(3);

    const sorted = await t.as(admin, { method: 'GET', url: '/api/users?order[username]=desc' });
    const names = sorted.json()['hydra:member'].map((u: { username: string }) => u.username);
    expect(names).toEqual([...names].sort().reverse());

    const select = await t.as(admin, { method: 'GET', url: '/api/users?groups[]=select&pagination=false' });
    expect(select.json()['hydra:member']).toContainEqual({ id: user.id, name: 'jane' });

    const updated = await t.as(admin, {
      method: 'PUT',
      url: `/api/users/${user.id}`,
      payload: { ...valid, password: '', confirmPassword: '', profitRate: 0 },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().profitRate).toBe(0);
    // the password was kept: signing in still works
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { email: valid.email, password: valid.password },
    });
    expect(login.statusCode).toBe(200);

    expect((await t.as(admin, { method: 'DELETE', url: `/api/users/${user.id}` })).statusCode).toBe(204);
    expect((await t.as(admin, { method: 'GET', url: `/api/users/${user.id}` })).statusCode).toBe(404);
  });

  it('defaults profitRate to 100', async () => {
    const { profitRate: _, ...rest } = valid;
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/users',
      payload: { ...rest, username: 'dflt', email: 'dflt@example.com' },
    });
    expect(res.json().profitRate).toBe(100);
  });

  // One test per message: the first failure no longer hides the others. Each case is a valid body with
  // one thing wrong (fresh names, so a case that slipped through would be stored, not refused as taken).
  let n = 0;
  const post = (over: Record<string, unknown>) => () => ({
    method: 'POST' as const,
    url: '/api/users',
    payload: { ...valid, username: `valid${++n}`, email: `valid${n}@example.com`, ...over },
  });
  const put = (over: Record<string, unknown>) => () => ({
    method: 'PUT' as const,
    url: `/api/users/${plain.id}`,
    payload: { ...valid, username: plain.username, email: plain.email, ...over },
  });
  it.each<[string, () => { method: 'POST' | 'PUT'; url: string; payload: object }, Record<string, string>]>([
    ['a blank username', post({ username: '' }), { username: 'Username is required.' }],
    [
      'a long username',
      post({ username: 'x'.repeat(101) }),
      { username: 'Username must be no longer than 100 characters.' },
    ],
    ['no e-mail', post({ email: '' }), { email: 'Email is required.' }],
    ['an invalid e-mail', post({ email: 'bad' }), { email: 'Invalid email.' }],
    [
      'a short password',
      post({ password: 'short', confirmPassword: 'short' }),
      { password: 'Password must have at least 8 letters.' },
    ],
    ['no password', post({ password: undefined }), { password: 'Password is required.' }],
    ['no confirmation', post({ confirmPassword: undefined }), { confirmPassword: 'Confirm password is required.' }],
    [
      'different passwords',
      post({ confirmPassword: 'different1' }),
      { confirmPassword: 'Passwords must be identical.' },
    ],
    ['a profit rate over 100', post({ profitRate: 101 }), { profitRate: 'Must be in 0-100.' }],
    ['a negative profit rate', post({ profitRate: -1 }), { profitRate: 'Must be in 0-100.' }],
    ['a blank profit rate', post({ profitRate: '' }), { profitRate: 'Profit Rate is required.' }],
    [
      'a short new password on edit',
      put({ password: 'short', confirmPassword: 'short' }),
      { password: 'Password must have at least 8 letters.' },
    ],
    [
      'a new password without confirmation on edit',
      put({ password: 'newpass123', confirmPassword: '' }),
      { confirmPassword: 'Passwords must be identical.' },
    ],
    ['a blank profit rate on edit', put({ profitRate: null }), { profitRate: 'Profit Rate is required.' }],
    [
      'everything wrong at once (each field answered)',
      post({ username: '', email: 'bad', password: 'short', confirmPassword: 'other', profitRate: 101 }),
      {
        username: 'Username is required.',
        email: 'Invalid email.',
        password: 'Password must have at least 8 letters.',
        confirmPassword: 'Passwords must be identical.',
        profitRate: 'Must be in 0-100.',
      },
    ],
  ])('answers 422 for %s and changes nothing', async (_what, call, error) => {
    const rows = async () => (await t.ctx.db.$client.query('select * from users order by id')).rows;
    const before = await rows();
    const res = await t.as(admin, call());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error });
    expect(await rows()).toEqual(before);
  });

  it('refuses duplicates, unknown ids and bad ids', async () => {
    const dup = await t.as(admin, {
      method: 'POST',
      url: '/api/users',
      payload: { ...valid, username: plain.username.toUpperCase(), email: 'other@example.com' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toEqual({ username: 'This username is already used.' });
    expect((await t.as(admin, { method: 'PUT', url: '/api/users/999999', payload: valid })).statusCode).toBe(404);
    expect((await t.as(admin, { method: 'GET', url: '/api/users/abc' })).statusCode).toBe(422);
    expect((await t.as(admin, { method: 'DELETE', url: '/api/users/999999' })).statusCode).toBe(404);
  });

  it("toggling isActive off ends that user's session at once", async () => {
    const u = await t.user();
    const res = await t.as(admin, {
      method: 'PUT',
      url: `/api/users/${u.id}`,
      payload: { username: u.username, email: u.email, isActive: false, profitRate: 100 },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.as(u, { method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: u.refreshToken } }))
        .statusCode,
    ).toBe(401);
  });

  it('an administrator cannot lock themselves out', async () => {
    const res = await t.as(admin, {
      method: 'PUT',
      url: `/api/users/${admin.id}`,
      payload: { username: admin.username, email: admin.email, isActive: false, profitRate: 100 },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/users/${admin.id}` })).statusCode).toBe(403);
  });
});

describe('paging (a bug the suite once missed: the page offset ignored)', () => {
  it('page 2 holds the rows after page 1, none of them', async () => {
    for (let i = 0; i < 3; i++) await t.user();
    const ids = (body: { 'hydra:member': { id: number }[] }) => body['hydra:member'].map((u) => u.id);
    const page = async (n: number) =>
      ids((await t.as(admin, { method: 'GET', url: `/api/users?_page=${n}&itemsPerPage=2` })).json());
    const [first, second] = [await page(1), await page(2)];
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(2);
    expect(second.filter((id: number) => first.includes(id))).toEqual([]);
    const all = ids((await t.as(admin, { method: 'GET', url: '/api/users?pagination=false' })).json());
    expect([...first, ...second]).toEqual(all.slice(0, 4));
  });
});
