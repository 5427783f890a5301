// @ts-nocheck
import { loggable } from '../../core/errors.ts';
import type { Logger } from '../../core/log.ts';

/*
 * What the sender logs while the database is away (issue 23). Its poll fails every 250 ms, its runners and
 * its group commits retry every second: one line each would bury the log. The outage is told once when it
 * begins (with the error), then at most every STILL_MS as "still waiting", and once when the database
 * answers again, with how long it was away.
 */

export const STILL_MS = 30_000;

export class Outage {
  /** When the current outage began; undefined while the database answers. */
  private since?: number;
  private toldAt = 0;

  private readonly log: Pick<Logger, 'error' | 'warn' | 'info'>;
  /** What waits: 'sending', 'recording outcomes'. */
  private readonly what: string;
  private readonly now: () => number;

  constructor(log: Pick<Logger, 'error' | 'warn' | 'info'>, what: string, now: () => number = Date.now) {
    this.log = log;
    this.what = what;
    this.now = now;
  }

  get down() {
    return this.since !== undefined;
  }

  /** A database call failed. */
  failed(e: unknown) {
    const now = this.now();
    if (this.since === undefined) {
      this.since = this.toldAt = now;
      this.log.error({ err: loggable(e) }, `database failing: ${this.what} waits for it`);
    } else if (now - this.toldAt >= STILL_MS) {
      this.toldAt = now;
      this.log.warn(
        { downMs: now - this.since, err: loggable(e) },
        `database still failing: ${this.what} still waiting`,
      );
    }
  }

  /** A database call answered: ends the outage, if any. */
  answered() {
    if (this.since === undefined) return;
    const downMs = this.now() - this.since;
    this.since = undefined;
    this.log.info({ downMs }, `database back after ${(downMs / 1000).toFixed(1)} s: ${this.what} resumes`);
  }
}
