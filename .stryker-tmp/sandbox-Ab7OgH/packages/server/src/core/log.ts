// @ts-nocheck
import { pino, type Logger } from 'pino';
import type { AppContext } from './context.ts';

/*
 * The process's log (pino, as the HTTP app's): JSON lines with structured fields (campaignId, relayId, err)
 * instead of text, one level setting (LOG_LEVEL) for both. The engine (sending/, tracking/, pmta/) runs in
 * worker processes that have no Fastify app, so it takes its logger from here: `logOf(ctx).child({...})`.
 */

/**
 * Request logs carry the method, the path without its query string (searches, tokens in links) and the
 * client; no headers (the bearer token), no bodies.
 */
export const loggerOptions = (level: string) => ({
  level,
  // In case a header object is ever logged whole: these never reach the log.
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
    censor: '[redacted]',
  },
  serializers: {
    req: (req: { method: string; url: string; ip?: string }) => ({
      method: req.method,
      path: req.url.split('?')[0],
      ip: req.ip,
    }),
    res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
  },
});

export type { Logger };

/** One logger per app context (tests run several contexts in one process, each with its own level). */
const logs = new WeakMap<object, Logger>();

/** The context's logger at its LOG_LEVEL, on stdout. */
export function logOf(ctx: Pick<AppContext, 'env'>): Logger {
  let log = logs.get(ctx);
  if (!log) {
    log = pino(loggerOptions(ctx.env.LOG_LEVEL));
    logs.set(ctx, log);
  }
  return log;
}
