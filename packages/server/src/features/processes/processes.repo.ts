import os from 'node:os';
import crypto from 'node:crypto';
import type pg from 'pg';
import { BEAT_SECONDS, LIVE_SECONDS, PRUNE_HOURS, type ProcessItem } from '@console/shared/processes';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/*
 * The process heartbeat (issue 23): each process upserts its row at start and every BEAT_SECONDS (role,
 * host, pid, version, started, last beat, messages in flight, whether its sender holds its lock); a clean
 * stop deletes it. Rows silent for PRUNE_HOURS are dropped by anyone's beat (decision 1341); an administrator
 * removes one not responding earlier (removeProcess).
 */

export interface Beating {
  role: string;
  /** The sender of this process, when it runs one. */
  sender?: () => { worker: string; inFlight: number; sending: boolean };
}

/** The checkout's commit as `git describe` says it (a tag when there is one), or null outside a git checkout. */
function gitVersion(): string | null {
  try {
    const out = execFileSync('git', ['describe', '--tags', '--always', '--dirty'], {
      cwd: fileURLToPath(new URL('.', import.meta.url)),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2_000,
    }).trim();
    return out || null;
  } catch {
    return null;
  }
}

/**
 * CONSOLE_VERSION when the deployment sets one (a release tag, a commit); else the package's version
 * with the commit it runs from (issue 38: every workspace package says 0.0.0, which told nothing):
 * '0.0.0+d442d35'; the package's version alone outside a git checkout.
 */
export const VERSION = (() => {
  if (process.env.CONSOLE_VERSION) return process.env.CONSOLE_VERSION;
  const pkg = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  const commit = gitVersion();
  return commit ? `${pkg.version}+${commit}` : pkg.version;
})();

export function startHeartbeat(pool: pg.Pool, who: Beating) {
  const id = crypto.randomUUID();
  const beat = async () => {
    const s = who.sender?.();
    await pool.query(
      `insert into processes (id, role, host, pid, version, worker, in_flight, sending)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (id) do update set beat_at = now(), worker = excluded.worker, in_flight = excluded.in_flight,
                                      sending = excluded.sending`,
      [id, who.role, os.hostname(), process.pid, VERSION, s?.worker ?? null, s?.inFlight ?? 0, s?.sending ?? false],
    );
    await pool.query(`delete from processes where beat_at < now() - interval '${PRUNE_HOURS} hours'`);
  };
  let running = beat().catch(() => {});
  const timer = setInterval(() => {
    running = running.then(() => beat().catch(() => {})); // the database may be away: the next beat tells
  }, BEAT_SECONDS * 1000);
  timer.unref();
  return {
    id,
    beat: () => (running = running.then(() => beat().catch(() => {}))),
    stop: async () => {
      clearInterval(timer);
      await running;
      await pool.query('delete from processes where id = $1', [id]).catch(() => {});
    },
  };
}

const live = `beat_at > now() - interval '${LIVE_SECONDS} seconds'`;

export async function listProcesses(pool: pg.Pool): Promise<ProcessItem[]> {
  const { rows } = await pool.query<Omit<ProcessItem, 'started' | 'lastBeat'> & { started: Date; lastBeat: Date }>(
    `select id, role, host, pid, version, started_at as started, beat_at as "lastBeat", in_flight as "inFlight",
            sending, ${live} as live
       from processes order by ${live} desc, role, host, pid`,
  );
  return rows.map((r) => ({ ...r, started: r.started.toISOString(), lastBeat: r.lastBeat.toISOString() }));
}

/** Removes a process's row unless it is live: 'removed', 'live' or 'missing'. */
export async function removeProcess(pool: pg.Pool, id: string): Promise<'removed' | 'live' | 'missing'> {
  // One statement: the select sees the rows as they were before the delete.
  const { rows } = await pool.query<{ removed: boolean; live: boolean }>(
    `with gone as (delete from processes where id = $1 and not (${live}) returning 1)
     select exists (select 1 from gone) as removed, exists (select 1 from processes where id = $1 and ${live}) as live`,
    [id],
  );
  const r = rows[0]!;
  return r.removed ? 'removed' : r.live ? 'live' : 'missing';
}

/** How many live processes send (hold their sender's lock). */
export async function liveSenders(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from processes where sending and ${live}`,
  );
  return rows[0]!.n;
}
