import { Topics, type EmailListUploadEvent } from '@console/shared/hub';
import type { AppContext } from '../../../core/context.ts';

/** Share of the bar the reading of the file takes; the merge (one transaction) fills the rest at commit. */
export const READ_SHARE = 90;
const MIN_INTERVAL_MS = 500;
const STEP = 5;

/**
 * Upload progress for the live hub and the list row, throttled: an event when the percentage moved by
 * 5 points or, if it moved at all, when 500 ms have passed since the previous one. The import never waits
 * for the bar: one write at a time, and a value reported meanwhile replaces the one waiting. The list row
 * is only written while this upload is the list's job. `final` waits for what is in flight, so the last
 * event a client sees is the final state.
 */
export class Progress {
  private last = -1;
  private lastAt = 0;
  private sending?: Promise<void>;
  private waiting?: number;
  private closed = false;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'hub'>,
    private readonly listId: number,
    private readonly uploadId: number,
    private readonly ownerId: number,
  ) {}

  /** `bytes` of `size` read. */
  onBytes(bytes: number, size: number) {
    this.report(size > 0 ? Math.min(READ_SHARE, Math.floor((bytes / size) * READ_SHARE)) : READ_SHARE);
  }

  /** `force` skips the throttle (a milestone such as "read, now merging"). */
  report(completion: number, force = false) {
    if (this.closed || completion <= this.last) return;
    const now = Date.now();
    if (!force && completion - this.last < STEP && now - this.lastAt < MIN_INTERVAL_MS) return;
    this.last = completion;
    this.lastAt = now;
    if (this.sending) this.waiting = completion;
    else this.sending = this.send(completion);
  }

  private async send(completion: number): Promise<void> {
    try {
      await this.ctx.db.$client.query('update email_lists set completion = $1 where id = $2 and job = $3', [
        completion,
        this.listId,
        this.uploadId,
      ]);
      const event: EmailListUploadEvent = { emailListId: this.listId, completion, jobId: this.uploadId };
      await this.ctx.hub.publish(Topics.emailListUpload, this.ownerId, event);
    } catch {
      // The bar is cosmetic; the import must not fail because an update of it did.
    }
    const next = this.waiting;
    this.waiting = undefined;
    this.sending = next !== undefined && !this.closed ? this.send(next) : undefined;
    return this.sending;
  }

  /** The last word: the list's state after the commit (or the failure). */
  async final(event: EmailListUploadEvent) {
    this.closed = true;
    this.waiting = undefined;
    await this.sending;
    await this.ctx.hub.publish(Topics.emailListUpload, this.ownerId, event).catch(() => {});
  }
}
