/**
 * The real app for an in-process benchmark: a fresh database (on DATABASE_URL's server when set, else an
 * embedded PostgreSQL in a temp DATA_DIR), migrations, jobs, buildApp; `stop()` drops and removes it all.
 * Hermetic (lib/hermetic.ts): only `jobs` run, here and in every process the bench starts afterwards (JOBS;
 * none when empty); DNS goes to a server on loopback; the run ends by `deadlineS`; whatever way the bench
 * exits, the app, its database and every tracked process are stopped.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadEnv } from '../../packages/server/src/env.ts';
import { buildApp } from '../../packages/server/src/app.ts';
import type { FastifyInstance } from 'fastify';
import { openDatabase, startContext, type Started } from '../../packages/server/src/bootstrap.ts';
import { issueTokens } from '../../packages/server/src/core/tokens.ts';
import { deadline, hermeticEnv, onExit } from './hermetic.ts';

export async function startBenchApp(
  name: string,
  opts: { schedules?: boolean; jobs: readonly string[]; deadlineS: number; doing?: () => string },
) {
  deadline(opts.deadlineS, opts.doing ?? (() => name));
  await hermeticEnv(opts.jobs);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  fs.chmodSync(tmp, 0o755); // as root, the embedded PostgreSQL runs as another user that must reach DATA_DIR
  const dbName = `bench_${name}_${crypto.randomBytes(4).toString('hex')}`;
  const url = process.env.DATABASE_URL
    ? Object.assign(new URL(process.env.DATABASE_URL), { pathname: `/${dbName}` }).toString()
    : undefined;
  const env = loadEnv({ ...process.env, DATA_DIR: path.join(tmp, 'data'), DATABASE_URL: url, LOG_LEVEL: 'silent' });
  // PG_STATS=1: pg_stat_statements in the embedded cluster; `statements()` then prints where PostgreSQL's time went.
  const pgStats = process.env.PG_STATS === '1';
  const database = await openDatabase(
    env,
    pgStats ? ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track_planning=on'] : [],
  );
  const live: { started?: Started; app?: FastifyInstance } = {};
  let stopping: Promise<void> | undefined;
  // Registered before the app starts: a failed start still stops the database it left behind.
  const stop = () =>
    (stopping ??= (async () => {
      await live.app?.close();
      await live.started?.stop();
      if (url) {
        const c = new pg.Client({
          connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
        });
        await c.connect();
        await c.query(`drop database if exists ${dbName} with (force)`);
        await c.end();
      }
      await database.embedded?.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    })());
  onExit('the app and its database', stop);
  const started = (live.started = await startContext(env, database.url, opts));
  const app = (live.app = await buildApp(started.ctx));
  const ctx = started.ctx;
  return {
    app,
    ctx,
    q: (text: string, params: unknown[] = []) => ctx.db.$client.query(text, params),
    /** The bench database's connection string (for a reference process of the bench's own). */
    url: database.url,
    /** A bearer token for a users row. */
    token: async (row: Record<string, unknown>) => {
      // A raw `select *` row: the user is read again by id, so the token carries its generation (decision 1331).
      const { rows } = await ctx.db.$client.query(
        `select id, username, email, roles, token_generation as "tokenGeneration" from users where id = $1`,
        [row.id],
      );
      return (await issueTokens(ctx.db, ctx.secret, rows[0])).token;
    },
    stop,
    /** With PG_STATS=1: resets pg_stat_statements; returns a function printing the statements by total time. */
    async statements() {
      if (!pgStats) return () => Promise.resolve();
      await ctx.db.$client.query('create extension if not exists pg_stat_statements');
      await ctx.db.$client.query('select pg_stat_statements_reset()');
      return async (top = 8) => {
        const { rows } = await ctx.db.$client.query(
          `select calls, round(total_exec_time)::int as ms, round(total_plan_time)::int as plan, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query
             from pg_stat_statements order by total_exec_time desc limit $1`,
          [top],
        );
        console.log('PostgreSQL statements by time (pg_stat_statements):');
        for (const r of rows)
          console.log(
            `  ${String(r.ms).padStart(7)} ms (planning ${String(r.plan).padStart(5)} ms) ${String(r.calls).padStart(7)} calls ${String(r.rows).padStart(8)} rows  ${r.query}`,
          );
      };
    },
  };
}

/** Waits until an upload row has ended; its outcome. */
export async function uploadEnded(q: (text: string, params?: unknown[]) => Promise<pg.QueryResult>, id: number) {
  for (;;) {
    const { rows } = await q('select status, inserted, error from uploads where id = $1', [id]);
    if (['done', 'failed'].includes(rows[0]?.status))
      return rows[0] as { status: string; inserted: number; error: string | null };
    await new Promise((r) => setTimeout(r, 20));
  }
}
