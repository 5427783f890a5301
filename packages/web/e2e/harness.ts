import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const ADMIN = { email: 'admin@example.com', password: 'admin-pass-123' };

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const webDist = path.join(repoRoot, 'packages/web/dist');
export const screenshotDir = fileURLToPath(new URL('./screenshots/', import.meta.url));

export interface Harness {
  baseUrl: string;
  browser: Browser;
  /** A fresh browser context (its own storage, like another person) with one page. */
  open: (width?: number) => Promise<{ context: BrowserContext; page: Page }>;
  /** Calls the API directly (setup and checks that the UI cannot show). */
  api: <T = unknown>(
    p: string,
    init?: { method?: string; json?: unknown; token?: string },
  ) => Promise<{ status: number; body: T }>;
  /** The server's output so far, for failure messages. */
  log: () => string;
  /** Runs SQL on the spec's database (setup the API has no call for, such as more mail providers). */
  sql: (text: string, params?: unknown[]) => Promise<pg.QueryResult>;
  /** Starts a sender worker (`ROLE=worker`) on the spec's database, as an operator adds one; `stop` ends it (SIGTERM). */
  worker: () => Promise<{ stop: () => Promise<void> }>;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A fresh database of this spec file on the run's one PostgreSQL (global-setup.ts), dropped at the end. */
function specDatabase(): { url: string; drop: () => Promise<void> } {
  const admin = inject('e2eAdminUrl');
  if (!admin) throw new Error('No e2e PostgreSQL: run the specs through vitest.config.ts (e2e/global-setup.ts).');
  const name = `e2e_${crypto.randomBytes(6).toString('hex')}`;
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`).finally(() => client.end());
    },
  };
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited(child);
  clearTimeout(killer);
}

async function waitForServer(baseUrl: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${log()}`);
    // Any answer from the API (401 without a token) means it listens.
    const status = await fetch(`${baseUrl}/api/profile`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 401) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer in time:\n${log()}`);
}

/**
 * The real server (built web app included) in a process of its own on a free port, with its own data
 * directory and its own database (DATABASE_URL) on the run's one PostgreSQL, and a headless Chromium.
 * One per spec file (beforeAll / afterAll): the spec files run side by side without sharing a row.
 */
/** `env`: settings of this spec's server (e.g. the socks check target of a peer the spec started). */
export async function startHarness(
  /**
   * `readReplica`: DATABASE_READ_URL on the spec's own database, so the reports take the replica's path (the
   * `x-data-age` header, the page's note) without a second server; a real streaming replica is the server
   * tests' (src/db/replica.test.ts).
   */
  opts: { env?: Record<string, string>; readReplica?: boolean } = {},
): Promise<Harness> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('packages/web/dist is missing: run `npm run build -w @console/web` first.');
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'));
  const db = specDatabase();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    // The offers' test landing pages are served from this machine.
    ALLOW_INTERNAL_URLS: 'true',
    ...opts.env,
  };
  env.DATABASE_URL = db.url;
  if (opts.readReplica) env.DATABASE_READ_URL = db.url;

  let output = '';
  const server = spawn(process.execPath, ['packages/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: 'pipe',
  });
  server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const log = () => output.slice(-4000);

  let browser: Browser | undefined;
  const workers: ChildProcess[] = [];
  const stop = async () => {
    await browser?.close().catch(() => {});
    // The processes close their jobs and pools on SIGTERM; then the database is dropped.
    await Promise.all([...workers, server].map(stopChild));
    await db.drop().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForServer(baseUrl, server, log);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  } catch (e) {
    await stop();
    throw e;
  }
  fs.mkdirSync(screenshotDir, { recursive: true });

  return {
    baseUrl,
    browser,
    log,
    stop,
    worker: async () => {
      let out = '';
      const child = spawn(process.execPath, ['packages/server/src/main.ts'], {
        cwd: repoRoot,
        env: { ...env, ROLE: 'worker' },
        stdio: 'pipe',
      });
      workers.push(child);
      child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
      const deadline = Date.now() + 120_000;
      while (!out.includes('worker started')) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The worker did not start:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return { stop: () => stopChild(child) };
    },
    sql: async (text, params) => {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        return await client.query(text, params);
      } finally {
        await client.end();
      }
    },
    open: async (width = 1400) => {
      const context = await browser!.newContext({ baseURL: baseUrl, viewport: { width, height: 900 } });
      const page = await context.newPage();
      page.on('pageerror', (e) => console.error(`[browser error] ${e.message}`));
      return { context, page };
    },
    api: async <T>(p: string, init: { method?: string; json?: unknown; token?: string } = {}) => {
      const res = await fetch(`${baseUrl}/api${p}`, {
        method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
        headers: {
          ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: body as T };
    },
  };
}
