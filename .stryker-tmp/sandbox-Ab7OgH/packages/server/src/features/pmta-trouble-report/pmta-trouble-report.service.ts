// @ts-nocheck
import type { AppContext, AuthUser } from '../../core/context.ts';
import { found } from '../../core/access.ts';
import type { PmtaServerRow } from '../../pmta/operations.ts';
import { logOf } from '../../core/log.ts';
import { checkServer, type CheckResult } from './pmta-trouble-report.remote.ts';
import { reportEntries, serversToCheck, storeCheck, type TroubleOrder } from './pmta-trouble-report.repo.ts';

/*
 * The report reads the cache (pmta_server_troubles) that the periodic job refreshes; a recheck, and the
 * first report of a server never checked, check now (decision 0906).
 */

/** Servers checked at once: each check holds an SSH connection and two HTTP calls. */
export const CHECK_CONCURRENCY = 4;
/** The report call starts checks of never-checked servers for this long; the job checks the rest. */
const REPORT_CHECK_BUDGET_MS = 5_000;
/** The job starts no new check after this, so that one run ends before the next (every 5 minutes). */
export const REFRESH_BUDGET_MS = 4 * 60_000;

/** One check per server at a time in this process: a report or the job joins a check under way. */
const running = new Map<number, Promise<CheckResult>>();

/** Checks the server and stores the result; `fresh` (a recheck) does not join a check under way. */
export function checkAndStore(ctx: AppContext, server: PmtaServerRow, fresh = false): Promise<CheckResult> {
  const known = running.get(server.id);
  if (known && !fresh) return known;
  const startedAt = new Date();
  const run = checkServer(ctx, server)
    .then(async (r) => (await storeCheck(ctx.db, server.id, r, startedAt), r))
    .finally(() => running.get(server.id) === run && running.delete(server.id));
  running.set(server.id, run);
  return run;
}

/** Checks `servers`, `CHECK_CONCURRENCY` at a time, starting none after `deadline`; the number checked. */
export async function checkMany(ctx: AppContext, servers: PmtaServerRow[], deadline: number): Promise<number> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < servers.length && Date.now() < deadline) {
      const server = servers[next++]!;
      try {
        await checkAndStore(ctx, server);
        done++;
      } catch (e) {
        // One server's failure (its row deleted meanwhile, a database hiccup) must not stop the others.
        logOf(ctx).error({ serverId: server.id, err: (e as Error).message }, 'pmta trouble report check failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CHECK_CONCURRENCY, servers.length) }, worker));
  return done;
}

/** The periodic refresh: every server, never-checked and oldest first. */
export async function refreshTroubles(ctx: AppContext): Promise<number> {
  return checkMany(ctx, await serversToCheck(ctx.db), Date.now() + REFRESH_BUDGET_MS);
}

/**
 * The report: administrators see every server or one user's (`userId`); anyone else their own, whatever
 * `userId` says. Servers never checked are checked first (bounded by REPORT_CHECK_BUDGET_MS).
 */
export async function troubleReport(
  ctx: AppContext,
  user: AuthUser,
  q: { userId?: number | null; orderBy: TroubleOrder; asc: boolean },
) {
  const where = { owner: user.isAdmin ? (q.userId ?? undefined) : user.id };
  let report = await reportEntries(ctx.db, where, q.orderBy, q.asc);
  const unchecked = report.filter((e) => e.checkedAt === null).map((e) => e.pmtaServerId);
  if (unchecked.length) {
    await checkMany(ctx, await serversToCheck(ctx.db, unchecked), Date.now() + REPORT_CHECK_BUDGET_MS);
    report = await reportEntries(ctx.db, where, q.orderBy, q.asc);
  }
  return report;
}

/** Checks one server now (404 unless the user may see it) and answers its new entry. */
export async function recheck(ctx: AppContext, user: AuthUser, id: number) {
  const where = { id, owner: user.isAdmin ? undefined : user.id };
  found((await reportEntries(ctx.db, where))[0]);
  const [server] = await serversToCheck(ctx.db, [id]);
  await checkAndStore(ctx, found(server), true);
  return found((await reportEntries(ctx.db, where))[0]);
}
