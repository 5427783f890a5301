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
    const res = await t.app.inject({ method: 'POST', url: '/api/register', ...form({ username: 'newbie', email: 'newbie@example.com', password: 'secret123' }) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ isActive: false, message: expect.stringContaining('administrator must activate') });
    const login = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { email: 'newbie@example.com', password: 'secret123' } });
    expect(login.statusCode).toBe(401);
    expect(login.json().error).toMatch(/not active/);
  });

  it('answers each validation message of the spec', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/register', ...form({ username: ' ', email: 'nope', password: 'short' }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ username: 'Username is required.', email: 'Invalid email.', password: 'Password must have at least 8 letters.' });
    const empty = await t.app.inject({ method: 'POST', url: '/api/register', ...form({}) });
    expect(empty.json().error).toEqual({ username: 'Username is required.', email: 'Email is required.', password: 'Password is required.' });
  });

  it('refuses a taken username or e-mail', async () => {
    await t.user({ username: 'taken' });
    const res = await t.app.inject({ method: 'POST', url: '/api/register', ...form({ username: 'TAKEN', email: 'x@example.com', password: 'secret123' }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ username: 'This username is already used.' });
  });
});

describe('login_check', () => {
  it('returns a token with id, username and roles, and a refresh token', async () => {
    const u = await t.user();
    const res = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { email: u.email, password: u.password } });
    expect(res.statusCode).toBe(200);
    const { token, refresh_token } = res.json();
    expect(refresh_token).toBeTypeOf('string');
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ id: u.id, username: u.username, roles: ['ROLE_USER'] });
  });

  it('refuses wrong credentials with a clear message and validates the form', async () => {
    const u = await t.user();
    const res = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { email: u.email, password: 'wrongpass' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid credentials.' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { email: 'x', password: '1' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toEqual({ email: 'Email is invalid.', password: 'Minimum 8 symbols' });
  });

  it('slows down repeated failures for one e-mail', async () => {
    const u = await t.user();
    for (let i = 0; i < 5; i++) {
      await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { email: u.email, password: 'wrongpass' } });
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { email: u.email, password: u.password } });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(/Too many failed login attempts/);
  });
});

describe('token/refresh and logout', () => {
  it('rotates: a used refresh token is refused, and reuse ends the whole login', async () => {
    const u = await t.user();
    const first = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: u.refreshToken } });
    expect(first.statusCode).toBe(200);
    const next = first.json().refresh_token;
    const reused = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: u.refreshToken } });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toBe('Invalid refresh token.');
    const afterReuse = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: next } });
    expect(afterReuse.statusCode).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const u = await t.user();
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', payload: { refresh_token: u.refreshToken } })).statusCode).toBe(204);
    const res = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: u.refreshToken } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    const u = await t.user();
    await t.ctx.db.$client.query(`update refresh_tokens set expires_at = now() - interval '1 second' where user_id = $1`, [u.id]);
    const res = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: u.refreshToken } });
    expect(res.statusCode).toBe(401);
  });
});

describe('profile and deactivation', () => {
  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
    expect((await t.as(null, { method: 'GET', url: '/api/profile', headers: { authorization: 'Bearer forged' } })).statusCode).toBe(401);
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
    const res = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: u.refreshToken } });
    expect(res.statusCode).toBe(401);
  });
});

describe('forgot-password', () => {
  it('tells the administrators without revealing whether the e-mail exists', async () => {
    const admin = await t.user({ admin: true });
    const u = await t.user();
    const known = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: u.email } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'ghost@example.com' } });
    expect(known.json()).toEqual(unknown.json());
    const list = await t.as(admin, { method: 'GET', url: '/api/notifications' });
    expect(list.json().map((n: { subject: string }) => n.subject)).toContain('Password reset requested');
  });
});
