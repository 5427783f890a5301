// @ts-nocheck
import type { AppContext } from '../../core/context.ts';
import { loggable } from '../../core/errors.ts';
import type { Logger } from '../../core/log.ts';
import { metrics } from '../../core/metrics.ts';
import { recordOutcomes, type CampaignRef, type Outcome, type RetryPolicy } from '../outcomes.ts';
import { SUPPRESS_BOUNCED } from '../suppress.ts';
import { Outage } from './outage.ts';

/*
 * The sender's group commit (decision 0802), shaped like the tracker's (tracking/group-commit.ts): outcomes
 * wait in a buffer that is committed FLUSH_MS after the first one arrives, at once when it holds FLUSH_AT,
 * one commit at a time per campaign and process. A failed commit is retried every second until the
 * database answers: the rows stay `sending` by this worker meanwhile, so nothing is lost or sent twice.
 */

/** Outcomes wait at most this long for their group commit: the window a crash can catch is kept short. */
const FLUSH_MS = 25;
const FLUSH_AT = 200;
const RETRY_MS = 1_000;

export interface OutcomeBufferOptions {
  campaign: CampaignRef;
  worker: string;
  retry: RetryPolicy;
  log: Logger;
  /** After each commit (the runner wakes up, the campaign's live figures are published). */
  recorded: () => void;
}

export class OutcomeBuffer {
  private buffer: Outcome[] = [];
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  /** Outcomes pushed and not committed yet (in the buffer or in a commit under way). */
  unrecorded = 0;
  private readonly outage: Outage;

  private readonly ctx: AppContext;
  private readonly o: OutcomeBufferOptions;

  constructor(ctx: AppContext, o: OutcomeBufferOptions) {
    this.ctx = ctx;
    this.o = o;
    this.outage = new Outage(o.log, 'recording outcomes');
  }

  /** Outcomes waiting for their commit to start. */
  get waiting() {
    return this.buffer.length;
  }

  push(outcome: Outcome) {
    this.buffer.push(outcome);
    this.unrecorded++;
    if (this.buffer.length >= FLUSH_AT) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** Starts committing what is buffered (after the commit under way). */
  flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.buffer.splice(0);
    if (!batch.length) return;
    this.flushing = this.flushing.then(() => this.commit(batch));
  }

  /** Resolves once every outcome pushed so far is committed. */
  async close() {
    this.flush();
    await this.flushing;
  }

  /** Resolves once the commits started so far are done. */
  settled() {
    return this.flushing;
  }

  private async commit(batch: Outcome[]) {
    for (;;) {
      try {
        const endTimer = metrics.commitLatency.startTimer({ what: 'outcomes' });
        const suppressed = await recordOutcomes(this.ctx.db, this.o.campaign, this.o.worker, batch, this.o.retry);
        endTimer();
        for (const o of batch) metrics.outcomes.inc({ outcome: o.kind });
        this.unrecorded -= batch.length;
        this.outage.answered();
        this.o.recorded();
        for (let i = 0; i < suppressed.length; i += 1000)
          await this.ctx.jobs
            .send(SUPPRESS_BOUNCED, { emails: suppressed.slice(i, i + 1000) })
            .catch((e) => this.o.log.error({ err: loggable(e) }, 'sending the suppression job failed'));
        return;
      } catch (e) {
        // The rows stay in `sending` until recorded: keep trying (a restart would settle them instead).
        this.outage.failed(e);
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  }
}
