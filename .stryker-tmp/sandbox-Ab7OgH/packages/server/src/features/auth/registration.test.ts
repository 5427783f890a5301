// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';

/*
 * Issue 37: POST /api/register accepted 25 sign-ups a second from one address, each notifying every
 * administrator. Sign-ups are throttled per client address, administrators can turn self-registration
 * off, and they are told once per burst (decision 1332).
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.user({ admin: true });
});
afterAll(() => t.close());

let n = 0;
const signUp = (remoteAddress: string, name = `visitor${++n}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username: name, email: `${name}@example.com`, password: 'secret123' },
    remoteAddress,
  });
const users = async () =>
  (await t.ctx.db.$client.query<{ n: number }>('select count(*)::int as n from users')).rows[0]!.n;
/** The administrator's unread notices about new accounts. */
const notices = async (u: TestUser = admin) =>
  (
    await t.ctx.db.$client.query<{ id: number; subject: string; message: string }>(
      `select id, subject, message from notifications where user_id = $1 and subject like 'New account%' and read_at is null order by id`,
      [u.id],
    )
  ).rows;
const readAll = () => t.ctx.db.$client.query('update notifications set read_at = now() where read_at is null');
const setting = (u: TestUser | null, selfRegistration: unknown) =>
  t.as(u, { method: 'PUT', url: '/api/registration', payload: { selfRegistration } });

describe('sign-ups per address', () => {
  it('takes 10 an hour from one address, then 429 with the wait, and nothing is created', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < 10; i++) expect((await signUp(ip)).statusCode).toBe(201);
    const before = await users();
    const refused = await signUp(ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Too many sign-ups from this address. Try again in \d+ seconds.$/);
    expect(await users()).toBe(before);
    // Another address is not concerned.
    expect((await signUp('198.51.100.21')).statusCode).toBe(201);
  });

  it('counts a burst sent at once: 25 parallel sign-ups create 10 accounts', async () => {
    const before = await users();
    const answers = await Promise.all(Array.from({ length: 25 }, () => signUp('198.51.100.30')));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    expect(await users()).toBe(before + 10);
  });

  it('counts a refused name too (each try costs), but not a refusal for the limit', async () => {
    const ip = '198.51.100.40';
    await t.user({ username: 'taken40' });
    for (let i = 0; i < 10; i++) expect((await signUp(ip, 'taken40')).statusCode).toBe(409);
    expect((await signUp(ip)).statusCode).toBe(429);
    expect((await signUp(ip)).statusCode).toBe(429);
    const rows = await t.ctx.db.$client.query<{ n: number }>(
      `select count(*)::int as n from login_failures where key = 'signup:198.51.100.40'`,
    );
    expect(rows.rows[0]!.n).toBe(10);
  });
});

describe('administrators are told once per burst', () => {
  it('one notice "N new accounts wait for activation", pushed live once, for a burst', async () => {
    await readAll();
    const other = await t.user({ admin: true });
    const pushed: number[] = [];
    const unsubscribe = t.ctx.hub.subscribe({
      userId: admin.id,
      isAdmin: true,
      send: (topic, data) => {
        if (topic === 'notifications') pushed.push((data as { userId: number }).userId);
      },
    });
    try {
      expect((await signUp('203.0.113.1', 'burst1')).statusCode).toBe(201);
      expect(await notices()).toMatchObject([
        { subject: 'New account', message: 'burst1 (burst1@example.com) registered and waits for activation.' },
      ]);
      expect((await signUp('203.0.113.2', 'burst2')).statusCode).toBe(201);
      expect((await signUp('203.0.113.3', 'burst3')).statusCode).toBe(201);
      for (const u of [admin, other]) {
        expect(await notices(u)).toMatchObject([
          {
            subject: 'New accounts',
            message: '3 new accounts wait for activation; the latest: burst3 (burst3@example.com).',
          },
        ]);
      }
      // The hub delivers every notification to an administrator's stream, in order: once a marker sent
      // after the burst has arrived, so has everything the burst pushed.
      await t.ctx.hub.publish('notifications', admin.id, { message: 'marker', status: 'success', userId: -1 });
      await eventually(async () => pushed.includes(-1));
      expect(pushed.filter((id) => id === admin.id)).toHaveLength(1);
      expect(pushed.filter((id) => id === other.id)).toHaveLength(1);
    } finally {
      unsubscribe();
    }
  });

  it('counts only the accounts still waiting (one activated meanwhile is not)', async () => {
    await readAll();
    const first = await signUp('203.0.113.10', 'wait1');
    await signUp('203.0.113.11', 'wait2');
    await t.ctx.db.$client.query('update users set is_active = true where id = $1', [first.json().id]);
    await signUp('203.0.113.12', 'wait3');
    expect((await notices())[0]!.message).toBe(
      '2 new accounts wait for activation; the latest: wait3 (wait3@example.com).',
    );
  });

  it('a notice read, or older than the window, starts a new one', async () => {
    await readAll();
    await signUp('203.0.113.20', 'next1');
    await readAll();
    await signUp('203.0.113.21', 'next2');
    expect(await notices()).toMatchObject([{ subject: 'New account', message: expect.stringContaining('next2') }]);
    await t.ctx.db.$client.query(`update notifications set date = date - interval '16 minutes' where read_at is null`);
    await signUp('203.0.113.22', 'next3');
    expect((await notices()).map((x) => x.message)).toEqual([
      expect.stringContaining('next2'),
      'next3 (next3@example.com) registered and waits for activation.',
    ]);
  });
});

describe('self-registration setting', () => {
  it('is open by default, and says so to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/registration' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ selfRegistration: true });
  });

  it('turned off by an administrator, sign-ups are refused (403) and nobody is told', async () => {
    await readAll();
    const off = await setting(admin, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ selfRegistration: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/registration' })).json()).toEqual({
      selfRegistration: false,
    });
    const before = await users();
    const res = await signUp('203.0.113.50');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Registration is closed: an administrator creates the accounts.' });
    expect(await users()).toBe(before);
    expect(await notices()).toEqual([]);
    // Administrators still create accounts.
    const created = await t.as(admin, {
      method: 'POST',
      url: '/api/users',
      payload: { username: 'made50', email: 'made50@example.com', password: 'secret123', confirmPassword: 'secret123' },
    });
    expect(created.statusCode).toBe(201);
    expect((await setting(admin, true)).json()).toEqual({ selfRegistration: true });
    expect((await signUp('203.0.113.51')).statusCode).toBe(201);
  });

  it('is the administrators’: 401 without a token, 403 for a user, nothing changed', async () => {
    const user = await t.user();
    expect((await setting(null, false)).statusCode).toBe(401);
    expect((await setting(user, false)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/registration' })).json()).toEqual({
      selfRegistration: true,
    });
  });

  it.each([['no'], [null], [1], [undefined]])('refuses %j with 422, nothing changed', async (value) => {
    const res = await setting(admin, value);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ selfRegistration: 'Self-registration must be on or off.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/registration' })).json()).toEqual({
      selfRegistration: true,
    });
  });
});
