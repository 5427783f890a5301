/**
 * bench/reports under concurrent load (issue 28): the app listening on a loopback port, 16 users calling the
 * report endpoints over real HTTP from a process of their own (users.mjs), each user with its own token: 4
 * administrators (the seeded one and 3 more administrator rows: they see every user's data alike) and 12
 * ordinary users (the 4 seeded owners of data, each logged in from 3 sessions, a token each). Every user
 * calls its role's calls in turn, each as soon as the last answered, for `seconds`. Reports p50/p95/p99 per
 * call kind, the overall throughput, and the app's (this process) and PostgreSQL's CPU per call.
 */
import fs from 'node:fs';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { onExit, spawnTracked } from '../lib/hermetic.ts';
import { cpuMeter, ownCpuMs, perUnit, postgresCpu } from '../lib/measure.ts';
import type { Call } from './calls.ts';

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

interface Options {
  app: FastifyInstance;
  q: Query;
  token: (row: Record<string, unknown>) => Promise<string>;
  calls: Call[];
  admins: number;
  users: number;
  seconds: number;
  /** The report ranges each role's calls ask for, as the line printed says (default: bench/reports'). */
  ranges?: { admins: string; users: string };
  /** The ordinary users' rows, taken in turn (default: every user who is not an administrator). */
  owners?: Record<string, unknown>[];
  /** bench-app's: with PG_STATS=1, resets pg_stat_statements and returns a printer. */
  statements: () => Promise<(top?: number) => Promise<void>>;
}

interface UsersResult {
  latencies: Record<string, number[]>;
  failures: string[];
  seconds: number;
  cpuMs: number;
}

const TARGET_P95_MS = 300;

function runUsers(planFile: string): Promise<UsersResult> {
  return new Promise((resolve, reject) => {
    const child = spawnTracked('the 16 report users', process.execPath, [
      path.join(import.meta.dirname, 'users.mjs'),
      planFile,
    ]);
    let text = '';
    child.stdout!.on('data', (d) => (text += d));
    child.stderr!.pipe(process.stderr);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(text)) : reject(new Error(`users exited ${code}`))));
  });
}

const pct = (sorted: number[], x: number) => sorted[Math.min(sorted.length - 1, Math.ceil(x * sorted.length) - 1)]!;

/** Runs the load; the lines it printed (for RESULTS.md). */
export async function concurrentUsers(o: Options, log: (s: string) => void): Promise<boolean> {
  // 3 more administrators; the ordinary users are the seeded owners of data (users 2-5).
  await o.q(`insert into users (username, email, password_hash, roles, is_active)
    select 'admin' || g, 'admin' || g || '@example.com', 'x', '{ROLE_ADMIN,ROLE_USER}', true
      from generate_series(2, ${o.admins}) g`);
  const admins = (await o.q(`select * from users where 'ROLE_ADMIN' = any(roles) order by id`)).rows;
  const owners = o.owners ?? (await o.q(`select * from users where not 'ROLE_ADMIN' = any(roles) order by id`)).rows;
  const kinds = (as: Call['as']) =>
    o.calls
      .filter((c) => c.as === as)
      .map((c) => ({ key: `${c.label} (${c.as})`, method: c.method, url: c.url, body: c.body }));
  const users = [
    ...(await Promise.all(
      admins.slice(0, o.admins).map(async (r) => ({ token: await o.token(r), calls: kinds('admin') })),
    )),
    ...(await Promise.all(
      Array.from({ length: o.users }, async (_, i) => ({
        token: await o.token(owners[i % owners.length]!),
        calls: kinds('user'),
      })),
    )),
  ];

  // bench/scale's app is already listening (its import came over HTTP).
  const address = o.app.server.listening
    ? `http://127.0.0.1:${(o.app.server.address() as AddressInfo).port}`
    : await o.app.listen({ host: '127.0.0.1', port: 0 });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reports-users-'));
  onExit('the users plan', () => fs.rmSync(tmp, { recursive: true, force: true }));
  const measure = async (plan: typeof users, seconds: number) => {
    const planFile = path.join(tmp, 'plan.json');
    fs.writeFileSync(planFile, JSON.stringify({ base: address, seconds, users: plan }));
    const meter = cpuMeter({ app: ownCpuMs, postgres: await postgresCpu(o.q) });
    const r = await runUsers(planFile);
    const used = meter.used();
    const total = Object.values(r.latencies).reduce((s, l) => s + l.length, 0);
    const all = Object.values(r.latencies)
      .flat()
      .sort((a, b) => a - b);
    const overall =
      `${total.toLocaleString('en')} calls in ${r.seconds.toFixed(1)} s = ${(total / r.seconds).toFixed(1)} calls/s, ` +
      `p50 ${pct(all, 0.5).toFixed(1)} / p95 ${pct(all, 0.95).toFixed(1)} / p99 ${pct(all, 0.99).toFixed(1)} ms, ` +
      `${r.failures.length} failed; CPU per call: ${perUnit(used, total)} (the users' process: ${((r.cpuMs * 1000) / total).toFixed(0)} µs)`;
    return { r, overall, p95: pct(all, 0.95) };
  };

  log(
    `${users.length} concurrent users over HTTP (${address}): ${o.admins} administrators (${o.ranges?.admins ?? '90 days'}, ` +
      `every user), ${o.users} ordinary users (own data, ${o.ranges?.users ?? '7 days'}), each call as soon as the last answered`,
  );
  // The floor beside it: the same users, connections and machine, one authenticated call that reads nothing.
  const floorSeconds = Math.max(3, Math.round(o.seconds / 4));
  const floorCall = [{ key: 'server clock', method: 'GET' as const, url: '/api/dashboard/date-time', body: undefined }];
  const floor = await measure(
    users.map((u) => ({ ...u, calls: floorCall })),
    floorSeconds,
  );
  log(`reference, GET /api/dashboard/date-time (auth, no query), ${floorSeconds} s: ${floor.overall}`);

  const printStatements = await o.statements();
  const { r, overall, p95 } = await measure(users, o.seconds);
  log(`report calls, ${o.seconds} s: ${overall}`);
  log(`overall p95 ${(p95 / floor.p95).toFixed(1)} x the reference's`);
  log('call                                                               calls   p50 ms   p95 ms   p99 ms');
  let met = true;
  for (const [key, samples] of Object.entries(r.latencies).sort()) {
    samples.sort((a, b) => a - b);
    const p95 = pct(samples, 0.95);
    met &&= p95 < TARGET_P95_MS;
    log(
      `  ${key.padEnd(64)} ${String(samples.length).padStart(5)} ${pct(samples, 0.5).toFixed(1).padStart(8)} ` +
        `${p95.toFixed(1).padStart(8)} ${pct(samples, 0.99).toFixed(1).padStart(8)}${p95 < TARGET_P95_MS ? '' : '  OVER'}`,
    );
  }
  for (const f of r.failures.slice(0, 5)) log(`  failed: ${f}`);
  log(`target p95 < ${TARGET_P95_MS} ms for every call kind: ${met && !r.failures.length ? 'met' : 'NOT met'}`);
  await printStatements(12);
  return met && !r.failures.length;
}
