import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { ensureAdmin, startContext } from './bootstrap.ts';
import { loadEnv } from './env.ts';
import { users } from './db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login_check', payload: { email, password } });

describe('first start', () => {
  it('creates admin@localhost with a random password printed once, then never again', async () => {
    const logs: string[] = [];
    await ensureAdmin(t.ctx, (m) => logs.push(m));
    expect(logs).toHaveLength(1);
    const password = /admin@localhost \/ (\S+)/.exec(logs[0]!)?.[1];
    expect(password).toBeTruthy();
    const res = await login('admin@localhost', password!);
    expect(res.statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString());
    expect(claims.roles).toContain('ROLE_ADMIN');

    await ensureAdmin(t.ctx, (m) => logs.push(m));
    expect(logs).toHaveLength(1);
    const [{ n }] = (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }];
    expect(n).toBe(1);
  });
});

describe('environment', () => {
  it('refuses bad values with a clear message', () => {
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadEnv({ APP_SECRET: 'short' })).toThrow(/APP_SECRET must have at least 32 characters/);
    expect(loadEnv({}).PORT).toBe(8080);
  });
});

describe('stop', () => {
  it('closes the pools even when a step before them fails, then throws that failure', async () => {
    const started = await startContext(t.ctx.env, t.ctx.databaseUrl, { schedules: false });
    const { jobs } = started.ctx;
    const stopJobs = jobs.stop.bind(jobs);
    jobs.stop = async () => {
      await stopJobs();
      throw new Error('the jobs would not stop');
    };
    await expect(started.stop()).rejects.toThrow('the jobs would not stop');
    expect(started.ctx.db.$client.ending).toBe(true);
    expect(started.ctx.db.$client.totalCount).toBe(0);
  });
});
