import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import crypto from 'node:crypto';
import { ROLE_ADMIN, ROLE_USER } from '@console/shared/enums';
import type { Env } from './env.ts';
import type { AppContext } from './core/context.ts';
import { createDb, ensureDatabase, runMigrations } from './db/client.ts';
import { namedStatements, sessionUrl } from './db/pooler.ts';
import { whenDatabaseReady } from './db/ready.ts';
import { startEmbeddedPostgres, type EmbeddedDb } from './db/embedded.ts';
import { users } from './db/schema/index.ts';
import { Hub } from './core/hub.ts';
import { AuthUsers } from './core/auth-users.ts';
import { Jobs } from './core/jobs.ts';
import { loadSecret } from './core/secret.ts';
import { hashPassword } from './core/passwords.ts';
import { jobDefinitions } from './workers.ts';
import { stopCampaignLive } from './core/campaign-live.ts';
import { startSender } from './sending/sender/sender.ts';
import { indicatorsAtStart } from './features/pmta-relay-indicators/pmta-relay-indicators.jobs.ts';
import { startHeartbeat } from './features/processes/processes.repo.ts';
import { metrics, startMetrics } from './core/metrics.ts';
import { logOf } from './core/log.ts';

export interface Started {
  ctx: AppContext;
  stop: () => Promise<void>;
}

/** The database the app uses: DATABASE_URL, or an embedded PostgreSQL kept under DATA_DIR. */
export async function openDatabase(
  env: Env,
  /** More PostgreSQL settings for an embedded cluster (a bench's `shared_preload_libraries=pg_stat_statements`). */
  postgresFlags: string[] = [],
): Promise<{ url: string; embedded?: EmbeddedDb }> {
  if (env.DATABASE_URL) {
    // A pooler knows only the databases of its configuration: PostgreSQL itself creates a missing one.
    await whenDatabaseReady(() => ensureDatabase(env.DATABASE_DIRECT_URL ?? env.DATABASE_URL!), console.warn);
    return { url: env.DATABASE_URL };
  }
  const embedded = await startEmbeddedPostgres(path.join(env.DATA_DIR, 'postgres'), {
    silent: true,
    flags: postgresFlags,
    ownProcessGroup: true,
  });
  const url = embedded.url('console');
  await ensureDatabase(url);
  return { url, embedded };
}

/**
 * database -> migrations -> jobs -> hub: everything but the HTTP listener. `sender: true` also starts the
 * campaign sender loop when the role works (all, worker); test apps leave it off and start their own.
 */
export async function startContext(
  env: Env,
  databaseUrl: string,
  opts: { schedules?: boolean; sender?: boolean } = {},
): Promise<Started> {
  // Behind a transaction-pooling PgBouncer, what keeps session state goes to PostgreSQL itself (decision 1410).
  const direct = await sessionUrl(databaseUrl, env.DATABASE_DIRECT_URL);
  const pooled = direct !== databaseUrl;
  namedStatements(!pooled);
  const db = createDb(databaseUrl, env.DATABASE_POOL_MAX, () => metrics.dbErrors.inc());
  const directDb = pooled ? createDb(direct, 4, () => metrics.dbErrors.inc()) : db;
  const readDb = env.DATABASE_READ_URL
    ? createDb(env.DATABASE_READ_URL, Math.ceil(env.DATABASE_POOL_MAX / 2), () => metrics.dbErrors.inc())
    : db;
  const hub = new Hub(db.$client);
  const jobs = new Jobs(direct, logOf({ env }));
  const authUsers = new AuthUsers(db, hub);
  const secret = loadSecret(env.DATA_DIR, env.APP_SECRET);
  const ctx: AppContext = {
    env,
    db,
    databaseUrl: direct,
    direct: directDb.$client,
    readDb,
    secret,
    hub,
    jobs,
    authUsers,
  };
  let sender: Awaited<ReturnType<typeof startSender>> | undefined;
  let heartbeat: ReturnType<typeof startHeartbeat> | undefined;
  let metricsServer: Awaited<ReturnType<typeof startMetrics>>;
  let jobsStarted = false;
  // Also what a start that failed half-way had opened: a start retried (whenDatabaseReady) leaks nothing. Each
  // step runs whatever the one before did (a failed stop of the jobs still closes the pools); the first error
  // is thrown at the end.
  const stop = async () => {
    const steps = [
      () => metricsServer?.close(),
      () => heartbeat?.stop(),
      () => sender?.stop(),
      () => jobsStarted && jobs.stop(),
      () => hub.stop(),
      () => authUsers.stop(),
      () => stopCampaignLive(ctx),
      () => db.$client.end(),
      () => directDb !== db && directDb.$client.end(),
      () => readDb !== db && readDb.$client.end(),
    ];
    const failures: unknown[] = [];
    for (const step of steps)
      await Promise.resolve()
        .then(step)
        .catch((e: unknown) => failures.push(e));
    if (failures.length) throw failures[0];
  };
  try {
    await runMigrations(directDb);
    await hub.start(direct);
    jobs.register(...jobDefinitions(ctx));
    const works = env.ROLE === 'all' || env.ROLE === 'worker';
    jobsStarted = true;
    await jobs.start({ work: works, schedule: opts.schedules ?? true, only: env.JOBS });
    if (works) await indicatorsAtStart(ctx);
    sender = opts.sender && works ? await startSender(ctx) : undefined;
    const running = sender;
    heartbeat = startHeartbeat(db.$client, {
      role: env.ROLE,
      sender: running && (() => ({ worker: running.worker, inFlight: running.inFlight, sending: running.alive })),
    });
    metricsServer = await startMetrics(env);
  } catch (e) {
    await stop().catch(() => {});
    throw e;
  }
  return { ctx, stop };
}

/**
 * On the first start there is no administrator: create one from ADMIN_EMAIL / ADMIN_PASSWORD, or
 * admin@localhost with a random password that is printed once.
 */
export async function ensureAdmin(ctx: AppContext, log: (msg: string) => void) {
  const [existing] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`${ROLE_ADMIN} = any(${users.roles})`)
    .limit(1);
  if (existing) return;
  const email = ctx.env.ADMIN_EMAIL ?? 'admin@localhost';
  const password = ctx.env.ADMIN_PASSWORD ?? crypto.randomBytes(12).toString('base64url');
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) {
    await ctx.db
      .update(users)
      .set({ roles: [ROLE_ADMIN, ROLE_USER], isActive: true })
      .where(eq(users.id, taken.id));
    return log(`Made ${email} an administrator.`);
  }
  // Several processes may start at once on an empty database (an API and its workers): one creates it.
  const created = await ctx.db
    .insert(users)
    .values({
      username: 'admin',
      email,
      passwordHash: await hashPassword(password),
      roles: [ROLE_ADMIN, ROLE_USER],
      isActive: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!created.length) return;
  log(
    ctx.env.ADMIN_PASSWORD
      ? `Administrator ${email} created.`
      : `Administrator created: ${email} / ${password} (shown once; change it in Users).`,
  );
}
