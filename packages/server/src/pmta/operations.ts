import { and, eq, inArray, sql } from 'drizzle-orm';
import { ownedBy } from '../core/access.ts';
import type { AppContext, AuthUser } from '../core/context.ts';
import { AppError, notFound } from '../core/errors.ts';
import { checkedFetch, httpUrl, outboundPolicy } from '../core/outbound.ts';
import { open } from '../core/sealed.ts';
import type { Executor } from '../db/client.ts';
import { pmtaRelayDkim, pmtaRelays, pmtaServers } from '../db/schema/index.ts';
import { CONFIG_PATH, dkimKeyPath, generateConfig, type ConfigData } from './config/generate.ts';
import { loadConfigData } from './config/load.ts';
import { validateConfig } from './config/validate.ts';
import { PmtaSshError, pmtaConnections, type PmtaTarget } from './ssh/connection.ts';

/*
 * The three operations of a PMTA server's edit page (spec 2, issue 12 parts 3-4, decision 0903): software
 * readiness, config dates, config upload. Connection failures answer `{error: 'Error: ...'}` (0903).
 */

type Ctx = AppContext;
export type PmtaServerRow = typeof pmtaServers.$inferSelect;

export const DKIM_DIR = '/etc/pmta/dkim';
export const ACCT_DIR = '/var/log/pmta';
/** The HTTP interface is asked with a short timeout: a readiness row, not a reason to wait. */
const HTTP_TIMEOUT_MS = 3_000;

/** A PmtaSshError as the API answers it: 504 for a timeout, 502 for any other failure to reach the host. */
export function sshFailure(e: unknown): never {
  if (e instanceof PmtaSshError) throw new AppError(e.kind === 'timeout' ? 504 : 502, e.message);
  throw e;
}

export async function serverRow(ctx: Ctx, id: number): Promise<PmtaServerRow> {
  const [row] = await ctx.db.select().from(pmtaServers).where(eq(pmtaServers.id, id));
  if (!row) throw notFound();
  return row;
}

/** The server `user` may operate (its owner or an administrator); another user's is 404, as if absent. */
export async function operatedServer(ctx: Ctx, user: AuthUser, id: number): Promise<PmtaServerRow> {
  const [row] = await ctx.db
    .select()
    .from(pmtaServers)
    .where(and(eq(pmtaServers.id, id), ownedBy(pmtaServers.userId)(user)));
  if (!row) throw notFound();
  return row;
}

/** The server of a relay `user` may operate (owner or administrator), or 404. */
export async function serverOfRelay(ctx: Ctx, user: AuthUser, relayId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ serverId: pmtaRelays.pmtaServerId })
    .from(pmtaRelays)
    .where(and(eq(pmtaRelays.id, relayId), ownedBy(pmtaRelays.userId)(user)));
  if (!row) throw notFound();
  return row.serverId;
}

/** Whether the server's HTTP management interface answers `/status` (within 3 s). */
export async function httpReady(ctx: Ctx, server: PmtaServerRow): Promise<boolean> {
  // A user's address: the connection passes the outbound policy (core/outbound.ts).
  try {
    const url = httpUrl(server.serverIp, server.pmtaHttpPort, '/status?format=xml');
    const res = await checkedFetch(outboundPolicy(ctx.env), 'Server IP', url, {
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

/** What the console needs on the host, each ready or not. */
export async function softwareReadiness(ctx: Ctx, server: PmtaServerRow) {
  const pool = pmtaConnections(ctx);
  const ok = (command: string) => pool.exec(server, command).then((r) => r.code === 0, sshFailure);
  const [service, command, config, acct, http] = await Promise.all([
    ok('systemctl is-active pmta'),
    ok('pmta --version'),
    ok(`test -f ${CONFIG_PATH}`),
    ok(`test -d ${ACCT_DIR}`),
    httpReady(ctx, server),
  ]);
  return [
    { service: 'pmta service', ready: service },
    { service: 'pmta command', ready: command },
    { service: `config file ${CONFIG_PATH}`, ready: config },
    { service: `accounting directory ${ACCT_DIR}`, ready: acct },
    { service: `http interface :${server.pmtaHttpPort}`, ready: http },
  ];
}

async function dkimPaths(ctx: Ctx, serverId: number) {
  const rows = await ctx.db
    .select({ id: pmtaRelays.id })
    .from(pmtaRelays)
    .innerJoin(pmtaRelayDkim, eq(pmtaRelayDkim.relayId, pmtaRelays.id))
    .where(eq(pmtaRelays.pmtaServerId, serverId))
    .orderBy(pmtaRelays.id);
  return rows.map(dkimKeyPath);
}

/** The modification time of the config file, the DKIM directory and the relays' key files (null: missing). */
export async function configDates(ctx: Ctx, server: PmtaServerRow) {
  const paths = [CONFIG_PATH, DKIM_DIR, ...(await dkimPaths(ctx, server.id))];
  // One command for all: a missing file goes to stderr and is simply absent from stdout.
  const r = await pmtaConnections(ctx)
    .exec(server, `stat -c '%Y %n' ${paths.join(' ')}`)
    .catch(sshFailure);
  const seen = new Map(
    r.stdout
      .split('\n')
      .map((l) => /^(\d+) (.+)$/.exec(l))
      .filter((m) => m !== null)
      .map((m) => [m[2]!, new Date(Number(m[1]) * 1000).toISOString()]),
  );
  return { configsDates: paths.map((service) => ({ service, date: seen.get(service) ?? null })) };
}

const uploads = new Map<number, Promise<unknown>>();

/**
 * The server's upload turn across processes (issue 22 §2, decision 0921): a transaction-scoped advisory lock
 * on the server's id, taken before anything is read, so the configuration is generated from what was
 * committed when the turn began and the lock is let go only by the commit (or roll back) of the change it
 * carries. Without it an upload in another process (the worker's applied-config job, a second API) could
 * generate from the state before a switch's commit and write its file after the switch's: PMTA then ran a
 * configuration without the switch while the console stored it.
 */
const lockServer = (db: Executor, id: number) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext('pmta.config-upload'), ${id})`);

/** Runs `op` after the server's previous upload ends: one upload at a time per server in this process. */
function oneAtATime<T>(id: number, op: () => Promise<T>): Promise<T> {
  const run = (uploads.get(id) ?? Promise.resolve()).then(op, op);
  const tail = run.catch(() => {});
  uploads.set(id, tail);
  void tail.then(() => uploads.get(id) === tail && uploads.delete(id));
  return run;
}

/** PMTA's refusal as the UI shows it: its first line, as 'Error: ...'. */
const pmtaError = (out: string) => {
  const line =
    out
      .trim()
      .split('\n')[0]
      ?.replace(/^error:\s*/i, '') || 'pmta reload failed';
  return `Error: ${line}`;
};

/** The DKIM private keys of the relays the configuration names, opened, by their path on the server. */
async function dkimKeys(ctx: Ctx, db: Executor, relays: ConfigData['relays']) {
  const ids = relays.filter((r) => r.dkim).map((r) => r.id);
  if (!ids.length) return [];
  const rows = await db
    .select({ id: pmtaRelayDkim.relayId, sealed: pmtaRelayDkim.privateKeyEnc })
    .from(pmtaRelayDkim)
    .where(inArray(pmtaRelayDkim.relayId, ids));
  return rows.map((r) => ({ path: dkimKeyPath(r), pem: open(ctx.secret, r.sealed) }));
}

/** Writes DKIM private keys where the configuration names them (the directory made if missing). */
export async function putDkimKeys(ctx: Ctx, server: PmtaTarget, keys: { path: string; pem: string }[]) {
  if (!keys.length) return;
  const pool = pmtaConnections(ctx);
  const mkdir = await pool.exec(server, `mkdir -p ${DKIM_DIR}`);
  if (mkdir.code !== 0) throw new AppError(422, `Error: cannot create ${DKIM_DIR}: ${mkdir.stderr.trim()}`);
  // Private keys: 0600, the temporary and backup copies too (issue 24).
  for (const key of keys) await pool.writeFileAtomic(server, key.path, key.pem, { mode: 0o600 });
}

/**
 * Generates the server's configuration, validates it (refused: nothing is uploaded), writes the relays' DKIM
 * keys and then the configuration atomically (the old file kept as .bak) and reloads PMTA; a refused reload
 * puts the .bak back and reloads again.
 */
export function uploadConfig(ctx: Ctx, server: PmtaServerRow): Promise<void> {
  return changeAndUpload(ctx, server, async () => {});
}

/**
 * Makes `change` in a transaction and uploads the configuration that carries it; commits only once the
 * server has reloaded it (a switch, a key, a VMTA, a balancer flips only if the server took it). The
 * server's upload turn (in this process, and the advisory lock across processes) is held until the commit,
 * and the configuration is generated inside it, so a concurrent upload cannot leave the change out.
 */
export function changeAndUpload<T>(ctx: Ctx, server: PmtaServerRow, change: (tx: Executor) => Promise<T>) {
  return oneAtATime(server.id, () =>
    ctx.db.transaction(async (tx) => {
      await lockServer(tx, server.id);
      const result = await change(tx);
      await upload(ctx, server, tx);
      return result;
    }),
  );
}

async function upload(ctx: Ctx, server: PmtaServerRow, db: Executor): Promise<void> {
  const data = await loadConfigData(db, server.id);
  if (!data) throw notFound();
  const text = generateConfig(data);
  const errors = validateConfig(text);
  if (errors.length) throw new AppError(422, `Error: ${errors.map((e) => e.message).join('\n')}`);
  const pool = pmtaConnections(ctx);
  const target: PmtaTarget = server;
  const keys = await dkimKeys(ctx, db, data.relays);
  try {
    await putDkimKeys(ctx, target, keys);
    await pool.writeFileAtomic(target, CONFIG_PATH, text);
    const reload = await pool.exec(target, 'pmta reload');
    if (reload.code === 0) return;
    // The running PMTA kept its old config; the file must match it again.
    if (await pool.restoreBackup(target, CONFIG_PATH)) await pool.exec(target, 'pmta reload');
    throw new AppError(422, pmtaError(reload.stdout || reload.stderr));
  } catch (e) {
    return sshFailure(e);
  }
}
