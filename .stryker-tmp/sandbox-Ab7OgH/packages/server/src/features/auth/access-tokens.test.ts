// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { startContext, type Started } from '../../bootstrap.ts';
import { loadEnv } from '../../env.ts';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';

/*
 * Issue 37: an access token stayed valid for its 15 minutes after a password change or a logout. Each user
 * has a token generation, carried by the token and compared on every request against a cache that every
 * process keeps current through the hub (decision 1331).
 */

let t: TestApp;
let admin: TestUser;
/** A second API process on the same database (ROLE=api x N). */
let other: { started: Started; app: FastifyInstance };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.user({ admin: true });
  const env = loadEnv({ DATA_DIR: t.dataDir, APP_SECRET: t.ctx.env.APP_SECRET!, LOG_LEVEL: 'silent', ROLE: 'api' });
  const started = await startContext(env, t.ctx.databaseUrl, { schedules: false });
  other = { started, app: await buildApp(started.ctx) };
  await other.app.ready();
});
afterAll(async () => {
  await other?.app.close();
  await other?.started.stop();
  await t.close();
});

const profile = (app: FastifyInstance, u: TestUser) =>
  app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${u.token}` } });
/** Bound for another process: the hub's notification takes milliseconds; far below the cache's 60 s backstop. */
const OTHER_PROCESS_MS = 5_000;

const put = (u: TestUser, body: Record<string, unknown>) =>
  t.as(admin, {
    method: 'PUT',
    url: `/api/users/${u.id}`,
    payload: { username: u.username, email: u.email, isActive: true, profitRate: 100, ...body },
  });

const ends: [string, (u: TestUser) => Promise<{ statusCode: number }>][] = [
  ['a password change', (u) => put(u, { password: 'another-pass-1', confirmPassword: 'another-pass-1' })],
  ['a deactivation', (u) => put(u, { isActive: false })],
  [
    'a logout of all sessions',
    (u) => t.app.inject({ method: 'POST', url: '/api/logout', payload: { refresh_token: u.refreshToken, all: true } }),
  ],
  ['a logout', (u) => t.app.inject({ method: 'POST', url: '/api/logout', payload: { refresh_token: u.refreshToken } })],
];

describe('access tokens end with', () => {
  it.each(ends)('%s, at once in this process and within the bound in another', async (_what, end) => {
    const u = await t.user();
    const bystander = await t.user();
    // Both processes have seen (and cached) the user.
    expect((await profile(t.app, u)).statusCode).toBe(200);
    expect((await profile(other.app, u)).statusCode).toBe(200);

    expect([200, 204]).toContain((await end(u)).statusCode);
    expect((await profile(t.app, u)).statusCode).toBe(401);
    await eventually(async () => (await profile(other.app, u)).statusCode === 401, OTHER_PROCESS_MS);
    // Nobody else's token.
    expect((await profile(t.app, bystander)).statusCode).toBe(200);
    expect((await profile(other.app, bystander)).statusCode).toBe(200);
  });

  it('a password change: signing in again gives a token that works in both processes', async () => {
    const u = await t.user();
    await put(u, { password: 'another-pass-1', confirmPassword: 'another-pass-1' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { email: u.email, password: 'another-pass-1' },
    });
    const fresh = { ...u, token: login.json().token as string };
    expect((await profile(t.app, fresh)).statusCode).toBe(200);
    expect((await profile(other.app, fresh)).statusCode).toBe(200);
  });

  it('a logout of all sessions revokes every refresh token; a plain logout only its own', async () => {
    const u = await t.user();
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { email: u.email, password: u.password },
    });
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: token } });

    await t.app.inject({ method: 'POST', url: '/api/logout', payload: { refresh_token: u.refreshToken } });
    // The other login renews its access token and goes on.
    const renewed = await refresh(second.json().refresh_token);
    expect(renewed.statusCode).toBe(200);
    expect((await profile(t.app, { ...u, token: renewed.json().token })).statusCode).toBe(200);

    await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { refresh_token: renewed.json().refresh_token, all: true },
    });
    expect((await profile(t.app, { ...u, token: renewed.json().token })).statusCode).toBe(401);
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { email: u.email, password: u.password },
    });
    expect((await profile(t.app, { ...u, token: third.json().token })).statusCode).toBe(200);
  });

  it('a logout with an unknown refresh token ends nothing', async () => {
    const u = await t.user();
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', payload: { refresh_token: 'x', all: true } });
    expect(res.statusCode).toBe(204);
    expect((await profile(t.app, u)).statusCode).toBe(200);
  });

  it('a token without a generation (issued before) is refused', async () => {
    const { SignJWT } = await import('jose');
    const u = await t.user();
    const old = await new SignJWT({ id: u.id, username: u.username, roles: u.roles })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(u.id))
      .setExpirationTime('5m')
      .sign(t.ctx.secret);
    expect((await profile(t.app, { ...u, token: old })).statusCode).toBe(401);
  });
});

describe('the token check', () => {
  it('reads a user from memory, not the database, once seen; a change made anywhere reaches it', async () => {
    const u = await t.user();
    expect((await profile(other.app, u)).statusCode).toBe(200);
    // Deactivated behind the trigger's back (replica mode fires no trigger): the other process, which no
    // longer reads the row on each request, does not see it.
    const c = await t.ctx.db.$client.connect();
    try {
      await c.query('set session_replication_role = replica');
      await c.query('update users set is_active = false where id = $1', [u.id]);
      await c.query('set session_replication_role = origin');
    } finally {
      c.release();
    }
    expect((await profile(other.app, u)).statusCode).toBe(200);
    // Any ordinary write (psql, a test, the console) is heard by every process.
    await t.ctx.db.$client.query('update users set roles = roles where id = $1', [u.id]);
    await eventually(async () => (await profile(other.app, u)).statusCode === 401, OTHER_PROCESS_MS);
  });

  it('forgets what it cached when the connection that hears changes was lost', async () => {
    const u = await t.user();
    expect((await profile(other.app, u)).statusCode).toBe(200);
    const hub = other.started.ctx.hub;
    // Every hub listener of this database loses its connection; a change made meanwhile is heard by no one
    // (replica mode: the trigger stays silent, as a lost notification would).
    const c = await t.ctx.db.$client.connect();
    try {
      await c.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'listen console_hub'`,
      );
      await eventually(async () => !hub.listening, OTHER_PROCESS_MS);
      await c.query('set session_replication_role = replica');
      await c.query('update users set is_active = false where id = $1', [u.id]);
      await c.query('set session_replication_role = origin');
    } finally {
      c.release();
    }
    await eventually(async () => hub.listening, OTHER_PROCESS_MS);
    expect((await profile(other.app, u)).statusCode).toBe(401);
  });

  it('takes a role changed in the database (roles have no screen) in every process', async () => {
    const boss = await t.user({ admin: true });
    const users = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${boss.token}` } });
    expect((await users(t.app)).statusCode).toBe(200);
    expect((await users(other.app)).statusCode).toBe(200);
    await t.ctx.db.$client.query(`update users set roles = '{ROLE_USER}' where id = $1`, [boss.id]);
    await eventually(async () => (await users(t.app)).statusCode === 403, OTHER_PROCESS_MS);
    await eventually(async () => (await users(other.app)).statusCode === 403, OTHER_PROCESS_MS);
  });
});
