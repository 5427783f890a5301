import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { ROLE_ADMIN, ROLE_USER } from '@console/shared/enums';
import { buildApp } from '../src/app.ts';
import { startContext, type Started } from '../src/bootstrap.ts';
import { loadEnv } from '../src/env.ts';
import { hashPassword } from '../src/core/passwords.ts';
import { issueTokens } from '../src/core/tokens.ts';
import { users, type DbUser } from '../src/db/schema/index.ts';
import { withDatabase } from './global-setup.ts';

export interface TestUser extends DbUser {
  token: string;
  refreshToken: string;
  password: string;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: Started['ctx'];
  dataDir: string;
  /** Creates an active user (or admin) and signs it in. */
  user: (opts?: { admin?: boolean; username?: string; isActive?: boolean }) => Promise<TestUser>;
  /** `inject` with the user's bearer token. */
  as: (u: TestUser | null, opts: InjectOptions) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

let counter = 0;

/** The pool of each test app and worker process (DATABASE_POOL_MAX). */
export const TEST_POOL_MAX = '8';

/** A fresh database copied from the migrated template, the real app on it, and helpers. */
/**
 * `env` overrides settings; `schedules: true` lets the cron jobs (sweeps, recovery) fire on their own,
 * which a test rarely wants: by default they only run when a test calls them.
 */
export async function createTestApp(
  /** `databaseUrl`: a database of the test's own (migrated here, left in place: the fault tests' cluster). */
  opts: { env?: Record<string, string>; schedules?: boolean; databaseUrl?: string } = {},
): Promise<TestApp> {
  const adminUrl = opts.databaseUrl ?? inject('adminUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  if (!opts.databaseUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('template')}`);
    await admin.end();
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-test-data-'));
  const env = loadEnv({
    DATA_DIR: dataDir,
    APP_SECRET: crypto.randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    // The console's own unsubscribe (issue 26): SMTP campaigns without an unsubscribe group can start.
    TRACKER_URL: 'https://tracker.test',
    // Every peer of the tests (SMTP sinks, the PMTA simulator, socks, DNS) listens on loopback: the
    // outbound policy (core/outbound.ts) lets the test apps reach loopback only. A test of the policy
    // itself passes ALLOW_INTERNAL_URLS: '' (nothing internal).
    ALLOW_INTERNAL_URLS: 'loopback',
    // Two test files run side by side, each with its app and sometimes three workers: at the default 20 a
    // connection each, they outgrew a shared server's max_connections of 100 (DATABASE_URL runs).
    DATABASE_POOL_MAX: TEST_POOL_MAX,
    ...opts.env,
  });
  const url = opts.databaseUrl ?? withDatabase(adminUrl, name);
  const started = await startContext(env, url, { schedules: opts.schedules ?? false });
  const app = await buildApp(started.ctx);
  await app.ready();

  const user: TestApp['user'] = async (opts = {}) => {
    const n = ++counter;
    const username = opts.username ?? `${opts.admin ? 'admin' : 'user'}${n}`;
    const password = 'password123';
    const [row] = await started.ctx.db
      .insert(users)
      .values({
        username,
        email: `${username}@example.com`,
        passwordHash: await hashPassword(password),
        roles: opts.admin ? [ROLE_ADMIN, ROLE_USER] : [ROLE_USER],
        isActive: opts.isActive ?? true,
      })
      .returning();
    const tokens = await issueTokens(started.ctx.db, started.ctx.secret, row!);
    return { ...row!, token: tokens.token, refreshToken: tokens.refresh_token, password };
  };

  return {
    app,
    ctx: started.ctx,
    dataDir,
    user,
    as: (u, opts) =>
      app.inject({ ...opts, headers: { ...(u ? { authorization: `Bearer ${u.token}` } : {}), ...opts.headers } }),
    close: async () => {
      await app.close();
      await started.stop();
      if (opts.databaseUrl) return fs.rmSync(dataDir, { recursive: true, force: true });
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` returns a truthy value (background jobs finish on their own schedule). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
