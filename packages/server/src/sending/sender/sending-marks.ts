import type pg from 'pg';
import { loggable } from '../../core/errors.ts';
import type { Logger } from '../../core/log.ts';
import { markSending, releaseClaimed } from '../claim.ts';

/*
 * Claimed rows marked `sending` in group commits (decision 1513): one statement at a time per runner, the
 * rows that arrive meanwhile going in the next one. A message starts at once and its envelope goes out while
 * its row is marked; only its body waits for the mark. Without the final dot a relay accepts nothing, so a
 * crash before the mark leaves a claimed row, which is sent again, and a crash after it leaves a `sending`
 * row, which is interrupted and never resent (decision 1100), as before. A row the statement did not mark
 * (a database error, or a row no longer this worker's) is given back and its message withdrawn.
 */
export class SendingMarks {
  private waiting: { emailId: number; relayId: number; done: (marked: boolean) => void }[] = [];
  private flushing = false;

  private readonly db: pg.Pool;
  private readonly campaignId: number;
  private readonly worker: string;
  private readonly log: Logger;

  constructor(db: pg.Pool, campaignId: number, worker: string, log: Logger) {
    this.db = db;
    this.campaignId = campaignId;
    this.worker = worker;
    this.log = log;
  }

  /** Resolves (never rejects) once the row is marked (true) or given back (false). */
  mark(emailId: number, relayId: number): Promise<boolean> {
    return new Promise((done) => {
      this.waiting.push({ emailId, relayId, done });
      // After the dispatch that is handing messages out: they share the statement.
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush() {
    while (this.waiting.length) {
      const batch = this.waiting.splice(0);
      const marked = await markSending(this.db, this.campaignId, this.worker, batch).catch((e) => {
        this.log.error({ err: loggable(e) }, 'marking recipients sending failed');
        return new Set<number>();
      });
      // Rows not marked are still claimed by this worker (or by nobody): give them back.
      const lost = batch.filter((m) => !marked.has(m.emailId)).map((m) => m.emailId);
      if (lost.length) await releaseClaimed(this.db, this.campaignId, this.worker, lost).catch(() => {});
      for (const m of batch) m.done(marked.has(m.emailId));
    }
    this.flushing = false;
  }
}
