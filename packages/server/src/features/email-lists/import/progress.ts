import { Topics, type EmailListUploadEvent } from '@console/shared/hub';
import type { AppContext } from '../../../core/context.ts';

/** Share of the bar the reading of the file takes; the merge (one transaction) fills the rest at commit. */
export const READ_SHARE = 90;
const MIN_INTERVAL_MS = 500;
const STEP = 5;

/**
 * Upload progress for the live hub and the list row, throttled: an event when the percentage moved by
 * 5 points or, if it moved at all, when 500 ms have passed since the previous one. Writes never wait on
 * each other (a slow one is skipped, the next carries the newer value), so the import never waits for
 * the bar. The list row is only written while this upload is the list's job.
 */
export class Progress {
  private last = -1;
  private lastAt = 0;
  private inFlight = false;

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

  report(completion: number) {
    const now = Date.now();
    if (completion <= this.last) return;
    if (completion - this.last < STEP && now - this.lastAt < MIN_INTERVAL_MS) return;
    if (this.inFlight) return;
    this.last = completion;
    this.lastAt = now;
    this.inFlight = true;
    void this.send(completion).finally(() => (this.inFlight = false));
  }

  private async send(completion: number) {
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
  }

  /** The last word: the list's state after the commit (or the failure). */
  async final(event: EmailListUploadEvent) {
    await this.ctx.hub.publish(Topics.emailListUpload, this.ownerId, event).catch(() => {});
  }
}
