// @ts-nocheck
import type { Topic, TopicPayloads } from '@console/shared/hub';
import type { AppContext } from '../context.ts';
import type { ImportKind, Upload } from './kind.ts';
import { setCompletion } from './uploads.repo.ts';

/** Share of the bar the reading of the file takes; the merge (one transaction) fills the rest at commit. */
export const READ_SHARE = 90;
const MIN_INTERVAL_MS = 500;
const STEP = 5;

/**
 * Upload progress, throttled: a step when the percentage moved by 5 points or, if it moved at all, when
 * 500 ms have passed since the previous one. A step stores the completion on the upload row (and the
 * kind's own, the list's) and publishes the kind's message on its topic. The import never waits for the
 * bar: one write at a time, and a value reported meanwhile replaces the one waiting. `final` waits for what
 * is in flight, so the last message a client sees is the final state; the state itself is committed by
 * the merge or the failure before, so a refused publish loses a message, never the state.
 */
export class Progress {
  private last = -1;
  private lastAt = 0;
  private sending?: Promise<void>;
  private waiting?: number;
  private closed = false;

  private readonly ctx: AppContext;
  private readonly kind: ImportKind;
  private readonly upload: Upload;
  private readonly audience: number;

  constructor(ctx: AppContext, kind: ImportKind, upload: Upload, audience: number) {
    this.ctx = ctx;
    this.kind = kind;
    this.upload = upload;
    this.audience = audience;
  }

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
      await setCompletion(this.ctx.db, this.upload, completion);
      await this.kind.onProgress?.(this.ctx, this.upload, completion);
      await this.publish(this.kind.events.progress(this.upload, completion));
    } catch {
      // The bar is cosmetic; the import must not fail because an update of it did.
    }
    const next = this.waiting;
    this.waiting = undefined;
    this.sending = next !== undefined && !this.closed ? this.send(next) : undefined;
    return this.sending;
  }

  /** The last word, after the commit of the outcome: never throws. */
  async final(event: TopicPayloads[Topic]) {
    this.closed = true;
    this.waiting = undefined;
    await this.sending;
    await this.publish(event).catch(() => {});
  }

  private publish(event: TopicPayloads[Topic]) {
    return this.ctx.hub.publish(this.kind.topic as Topic, this.audience, event as never);
  }
}
