// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = (o: Record<string, string>) => ({
  payload: new URLSearchParams(o).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('register', () => {
  it('creates an inactive account and says so', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      ...form({ username: 'newbie', email: 'newbie@example.com', password: 'secret123' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      isActive: false,
      message: expect.stringContaining('administrator must activate'),
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { email: 'newbie@example.com', password: 'secret123' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().error).toMatch(/not active/);
  });

  it('answers each validation message of the spec', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      ...form({ username: ' ', email: 'nope', password: 'short' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      username: 'Username is required.',
      email: 'Invalid email.',
      password: 'Password must have at least 8 letters.',
    });
    const empty = await t.app.inject({ method: 'POST', url: '/api/register', ...form({}) });
    expect(empty.json().error).toEqual({
      username: 'Username is required.',
      email: 'Email is required.',
      password: 'Password is required.',
    });
  });

  it("refuses an address without a dotted domain: 'Invalid email.' (issue 22)", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      ...form({ username: 'op1', email: 'op1@example', password: 'secret123' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ email: 'Invalid email.' });
  });

  it('refuses a taken username or e-mail', async () => {
    await t.user({ username: 'taken' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      ...form({ username: 'TAKEN', email: 'x@example.com', password: 'secret123' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ username: 'This username is already used.' });
  });
});

describe('login_check', () => {
  it('returns a token with id, username and roles, and a refresh token', async () => {
    const u = await t.user();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { email: u.email, password: u.password },
    });
    expect(res.statusCode).toBe(200);
    const { token, refresh_token } = res.json();
    expect(refresh_token).toBeTypeOf('string');
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ id: u.id, username: u.username, roles: ['ROLE_USER'] });
  });

  it('refuses wrong credentials with a clear message and validates the form', async () => {
    const u = await t.user();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { email: u.email, password: 'wrongpass' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid credentials.' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { email: 'x', password: '1' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toEqual({ email: 'Email is invalid.', password: 'Minimum 8 symbols' });
  });
});

describe('login throttling (per e-mail and address together)', () => {
  const attempt = (email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/login_check', payload: { email, password }, remoteAddress, headers });

  it('makes a stranger wait, with growing delays, while the owner still signs in from elsewhere', async () => {
    const u = await t.user({ admin: true });
    for (let i = 0; i < 4; i++) expect((await attempt(u.email, 'wrongpass', '198.51.100.7')).statusCode).toBe(401);
    const locked = await attempt(u.email, u.password, '198.51.100.7');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(/Too many failed login attempts. Try again in (29|30) seconds./);
    // the owner, from their own address, is not locked out
    expect((await attempt(u.email, u.password, '203.0.113.9')).statusCode).toBe(200);
    // once the delay has passed the stranger may try again, and the next delay doubles
    await t.ctx.db.$client.query(
      `update login_failures set at = at - interval '31 seconds' where key like 'pair:%198.51.100.7'`,
    );
    expect((await attempt(u.email, 'wrongpass', '198.51.100.7')).statusCode).toBe(401);
    expect((await attempt(u.email, 'wrongpass', '198.51.100.7')).json().error).toMatch(/in (59|60) seconds/);
  });

  it("never locks the owner out with a stranger's wrong passwords (an administrator either)", async () => {
    const boss = await t.user({ admin: true });
    const stranger = [];
    for (let i = 0; i < 10; i++) stranger.push((await attempt(boss.email, 'wrongpass', '198.51.100.20')).statusCode);
    const owner = await attempt(boss.email, boss.password, '203.0.113.20');
    expect(owner.statusCode).toBe(200);
    expect(stranger.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(stranger.slice(4).every((s) => s === 429)).toBe(true);
  });

  it('grows the delay from 30 seconds to at most 15 minutes', async () => {
    const { pairDelay } = await import('./auth.service.ts');
    expect([0, 3, 4, 5, 6, 9, 20].map(pairDelay)).toEqual([0, 0, 30, 60, 120, 900, 900]);
  });

  it('ignores X-Forwarded-For unless the proxy is trusted: rotating it does not escape the limit', async () => {
    const u = await t.user();
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        (await attempt(u.email, 'wrongpass', '192.0.2.50', { 'x-forwarded-for': `10.9.8.${i}` })).statusCode,
      );
    }
    expect(answers).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('believes X-Forwarded-For from a configured proxy (TRUST_PROXY)', async () => {
    const { buildApp } = await import('../../app.ts');
    const behind = await buildApp({ ...t.ctx, env: { ...t.ctx.env, TRUST_PROXY: ['127.0.0.1'] } });
    const u = await t.user();
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await behind.inject({
        method: 'POST',
        url: '/api/login_check',
        payload: { email: u.email, password: 'wrongpass' },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `198.18.0.${i}` },
      });
      statuses.push(res.statusCode);
    }
    await behind.close();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
  });

  it('does not let a burst of parallel guesses through the free tries', async () => {
    const u = await t.user();
    const burst = await Promise.all(Array.from({ length: 12 }, () => attempt(u.email, 'wrongpass', '192.0.2.77')));
    const statuses = burst.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    // the owner, elsewhere, is not locked out by the burst
    expect((await attempt(u.email, u.password, '203.0.113.77')).statusCode).toBe(200);
  });

  it('does not let a parallel spray from one address past its cap', async () => {
    const spray = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(`sprayed${i}@example.com`, 'wrongpass', '192.0.2.88')),
    );
    const statuses = spray.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(20);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
  });

  it('caps one address spraying many accounts', async () => {
    const answers = [];
    for (let i = 0; i < 21; i++)
      answers.push((await attempt(`nobody${i}@example.com`, 'wrongpass', '192.0.2.99')).statusCode);
    expect(answers.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(answers[20]).toBe(429);
  });
});

describe('token/refresh and logout', () => {
  it('rotates: a used refresh token is refused, and reuse ends the whole login', async () => {
    const u = await t.user();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh_token: u.refreshToken },
    });
    expect(first.statusCode).toBe(200);
    const next = first.json().refresh_token;
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh_token: u.refreshToken },
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toBe('Invalid refresh token.');
    const afterReuse = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh_token: next },
    });
    expect(afterReuse.statusCode).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const u = await t.user();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/logout', payload: { refresh_token: u.refreshToken } }))
        .statusCode,
    ).toBe(204);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh_token: u.refreshToken },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    const u = await t.user();
    await t.ctx.db.$client.query(
      `update refresh_tokens set expires_at = now() - interval '1 second' where user_id = $1`,
      [u.id],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh_token: u.refreshToken },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('profile and deactivation', () => {
  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
    expect(
      (await t.as(null, { method: 'GET', url: '/api/profile', headers: { authorization: 'Bearer forged' } }))
        .statusCode,
    ).toBe(401);
  });

  it('shows the signed-in user', async () => {
    const u = await t.user();
    const res = await t.as(u, { method: 'GET', url: '/api/profile' });
    expect(res.json()).toMatchObject({ id: u.id, username: u.username, email: u.email, roles: ['ROLE_USER'] });
  });

  it('a deactivated user is refused at once: no API, no refresh', async () => {
    const u = await t.user();
    await t.ctx.db.$client.query('update users set is_active = false where id = $1', [u.id]);
    expect((await t.as(u, { method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: { refresh_token: u.refreshToken },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('forgot-password', () => {
  it('tells the administrators without revealing whether the e-mail exists', async () => {
    const admin = await t.user({ admin: true });
    const u = await t.user();
    const known = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: u.email } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: 'ghost@example.com' },
    });
    expect(known.json()).toEqual(unknown.json());
    const list = await t.as(admin, { method: 'GET', url: '/api/notifications' });
    expect(list.json().map((n: { subject: string }) => n.subject)).toContain('Password reset requested');
  });
});

describe('the sign-in records sweep', () => {
  it('deletes failures older than the longest rule and expired refresh tokens, nothing else', async () => {
    const { sweepSignInRecords } = await import('./auth.repo.ts');
    const { FAILURES_KEPT_S } = await import('./auth.service.ts');
    const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params);
    const user = await t.user();
    await q(
      `insert into login_failures (key, at) values ('sweep:old', now() - interval '2 hours'), ('sweep:new', now())`,
    );
    await q(
      `insert into refresh_tokens (user_id, token_hash, family, expires_at) values
       ($1, 'sweep-expired', 'f1', now() - interval '1 minute'), ($1, 'sweep-live', 'f2', now() + interval '1 day')`,
      [user.id],
    );
    await sweepSignInRecords(t.ctx.db, FAILURES_KEPT_S);
    const keys = await q(`select key from login_failures where key like 'sweep:%'`);
    expect(keys.rows.map((r) => r.key)).toEqual(['sweep:new']);
    const tokens = await q(`select token_hash from refresh_tokens where token_hash like 'sweep-%'`);
    expect(tokens.rows.map((r) => r.token_hash)).toEqual(['sweep-live']);
  });
});
