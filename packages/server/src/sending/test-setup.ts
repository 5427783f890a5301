import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_POOL_MAX, type TestApp, type TestUser } from '../../test/harness.ts';
import { factories } from '../../test/factories.ts';
import { seal } from '../core/sealed.ts';

/** Test helpers of the engine: a list built set-based in SQL, relays on sinks, sender processes. */

export async function providerId(t: TestApp, name: string) {
  const { rows } = await t.ctx.db.$client.query<{ id: number }>('select id from mail_providers where name = $1', [
    name,
  ]);
  return rows[0]!.id;
}

/**
 * A list of `n` valid e-mails `user<i>@d<i % 20>.<tld>` (mail service Other; a new top-level domain per
 * list), plus the ones that must not get anything: `un<i>@d1.<tld>` unsubscribed from the list's category,
 * `sp<i>@d2.<tld>` spam-trap e-mails, `ex<i>@excluded.<tld>` of an excluded mail service (Gmail). All stored valid: the prepare step must
 * re-check the suppressions itself.
 */
export async function bigList(t: TestApp, owner: TestUser, n: number, extra = 100) {
  const tld = `t${Math.random().toString(36).slice(2, 8)}`;
  const f = factories(t);
  const list = await f.emailList({ owner });
  const other = await providerId(t, 'Other');
  const gmail = await providerId(t, 'Gmail');
  const db = t.ctx.db.$client;
  await db.query(
    `insert into emails (email_list_id, email, mail_provider_id, valid, name)
     select $1::int, 'user' || i || '@d' || (i % 20) || '.' || $6, $2::int, true, 'Name' || i from generate_series(1, $4::int) i
     union all select $1, 'un' || i || '@d1.' || $6, $2, true, null from generate_series(1, $5::int) i
     union all select $1, 'sp' || i || '@d2.' || $6, $2, true, null from generate_series(1, $5::int) i
     union all select $1, 'ex' || i || '@excluded.' || $6, $3, true, null from generate_series(1, $5::int) i`,
    [list.id, other, gmail, n, extra, tld],
  );
  await db.query(
    `insert into unsubscribers (email, category_id) select 'un' || i || '@d1.' || $3, $1 from generate_series(1, $2::int) i`,
    [list.categoryId, extra, tld],
  );
  await db.query(
    `insert into spam_emails (email, info) select 'sp' || i || '@d2.' || $2, 'trap' from generate_series(1, $1::int) i`,
    [extra, tld],
  );
  /** The i-th valid address. */
  const user = (i: number) => `user${i}@d${i % 20}.${tld}`;
  return { list, other, gmail, tld, user };
}

/** An SMTP server row for a sink and a relay account on it (password sealed as the console does). */
export async function relayOn(
  t: TestApp,
  o: {
    owner: TestUser;
    groupId: number;
    port: number;
    account: string;
    password: string;
    socksId?: number;
    normalSpeed?: number;
    backoffSpeed?: number;
    status?: number;
  },
) {
  const db = t.ctx.db.$client;
  const { rows: s } = await db.query<{ id: number }>(
    `insert into smtp_servers (name, host, port, user_id) values ($1, '127.0.0.1', $2, $3) returning id`,
    [`sink ${o.port} ${o.account}`, o.port, o.owner.id],
  );
  const { rows } = await db.query<{ id: number }>(
    `insert into smtp_relays (user_id, group_id, smtp_server_id, socks_id, sender_email, account, password_enc, active,
                              status, normal_speed, backoff_speed)
     values ($1, $2, $3, $4, $5, $6, $7, true, $8, $9, $10) returning id`,
    [
      o.owner.id,
      o.groupId,
      s[0]!.id,
      o.socksId ?? null,
      `${o.account}@sender-${o.account}.test`,
      o.account,
      seal(t.ctx.secret, o.password),
      o.status ?? 1,
      o.normalSpeed ?? 0,
      o.backoffSpeed ?? 0,
    ],
  );
  return rows[0]!.id;
}

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/** A sender worker process (`ROLE=worker`) on the test's database, as an operator starts one. */
export function spawnWorker(t: TestApp, env: Record<string, string> = {}): ChildProcess & { output: string[] } {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      ROLE: 'worker',
      DATABASE_URL: t.ctx.databaseUrl,
      APP_SECRET: t.ctx.env.APP_SECRET!,
      DATA_DIR: t.dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      DATABASE_POOL_MAX: TEST_POOL_MAX,
      SENDER_RETRY_SECONDS: '0.5',
      // The peers live on loopback (as for the test apps, test/harness.ts).
      ALLOW_INTERNAL_URLS: 'loopback',
      // The app's own unsubscribe (issue 26): a worker renders what the app let start.
      ...(t.ctx.env.TRACKER_URL ? { TRACKER_URL: t.ctx.env.TRACKER_URL } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as ChildProcess & { output: string[] };
  child.output = [];
  child.stdout!.on('data', (d: Buffer) => child.output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => child.output.push(d.toString()));
  return child;
}

export const exited = (c: ChildProcess) =>
  c.exitCode !== null || c.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => c.once('exit', () => resolve()));

/** Resolves once the worker says it runs (its sender loop is started by then). */
export const workerReady = (c: ReturnType<typeof spawnWorker>) =>
  new Promise<void>((resolve, reject) => {
    const seen = () => c.output.some((o) => o.includes('worker started'));
    if (seen()) return resolve();
    const check = () => {
      if (seen()) {
        c.stdout!.off('data', check);
        resolve();
      }
    };
    c.stdout!.on('data', check);
    c.once('exit', () => reject(new Error(`worker exited before it started: ${c.output.join('')}`)));
  });
