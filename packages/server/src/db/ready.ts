import { setTimeout as sleep } from 'node:timers/promises';
import { pgError } from './pg-error.ts';

/*
 * A process that starts while its database cannot take it yet (PostgreSQL still starting or restarting, no
 * connection free: "sorry, too many clients already", the network not up) waits and starts again, as an
 * operator's process manager would have it: crashing there left a restarted worker dead while its campaign
 * waited (a test run beside others on a server with max_connections = 100). A start refused for any other
 * reason (a wrong password, a pooler without DATABASE_DIRECT_URL, a failed migration) stops at once.
 */

// too_many_connections, cannot_connect_now (starting up), admin and crash shutdown, connection exceptions.
const NOT_READY_CODES = new Set(['53300', '57P03', '57P01', '57P02', '08000', '08001', '08003', '08004', '08006']);
const NOT_READY_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'EPIPE',
]);

/** Why the database cannot take this process yet, or undefined when `e` is another failure. */
export function notReady(e: unknown): string | undefined {
  const pe = pgError(e);
  if (pe && NOT_READY_CODES.has(pe.code)) return (e as Error).message;
  const errno = (e as { code?: unknown } | undefined)?.code;
  if (typeof errno === 'string' && NOT_READY_ERRNOS.has(errno)) return `${errno} ${(e as Error).message}`.trim();
  // node-postgres's own words when the server closes the connection during the start.
  if (e instanceof Error && /^Connection terminated/.test(e.message)) return e.message;
  return undefined;
}

/** Runs `start` until the database takes it: 1, 2, 4 ... then every 10 s, saying why each time. */
export async function whenDatabaseReady<T>(
  start: () => Promise<T>,
  log: (message: string) => void,
  wait: (ms: number) => Promise<unknown> = sleep,
): Promise<T> {
  for (let seconds = 1; ; seconds = Math.min(seconds * 2, 10)) {
    try {
      return await start();
    } catch (e) {
      const why = notReady(e);
      if (!why) throw e;
      log(`the database cannot take this process yet (${why}): starting again in ${seconds} s`);
      await wait(seconds * 1000);
    }
  }
}
