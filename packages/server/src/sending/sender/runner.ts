import { Rating } from '@console/shared/enums';
import { WarmupOverflow } from '@console/shared/warmup-plans';
import { loggable } from '../../core/errors.ts';
import type { Logger } from '../../core/log.ts';
import { metrics } from '../../core/metrics.ts';
import { notifyUser } from '../../core/notify.ts';
import { isThrottling } from '../replies.ts';
import { finishCampaign, pauseCampaign } from '../campaign-state.ts';
import { pauseOnRates } from '../rate-pause.ts';
import { pauseRelays } from '../relay-pause.ts';
import {
  claimRecipients,
  deferClaimed,
  releaseClaimed,
  releaseOwn,
  remaining,
  type ClaimedRecipient,
} from '../claim.ts';
import { composeMessage, loadSendingCampaign, type SendingCampaign } from '../compose.ts';
import { publishCampaignLive } from '../../core/campaign-live.ts';
import type { Outcome } from '../outcomes.ts';
import { RelayType, speedOf, type Relay } from '../relays.ts';
import type { SendResult } from '../transports/transport.ts';
import { OutcomeBuffer } from './outcome-buffer.ts';
import { RelayPool } from './relay-pool.ts';
import { SendingMarks } from './sending-marks.ts';
import type { Sender } from './sender.ts';

/*
 * One Active campaign in one process: claims batches of its recipients, gives each to a relay of its pool
 * (relay-pool.ts) with at most `concurrency` messages in flight per process, and hands each reply to its
 * outcome buffer (outcome-buffer.ts). It stops when the campaign leaves Active, when nothing is left (the
 * campaign is Finished) or when no relay is left (paused, the owner told why); leaving, it gives its claimed
 * rows back, lets the messages in flight finish and records them.
 */

/** How long a runner that claimed nothing waits before claiming again. */
const CLAIM_IDLE_MS = 250;
/**
 * Rows in `sending` per runner (handed over, or known but not yet committed): past this, nothing new is
 * handed over until a commit lands. A slow database then slows the sending instead of widening what a crash
 * can catch (decision 0802). 400 since decision 1513: at 6,000 messages a second, the outcomes of one commit
 * window (FLUSH_MS) and the messages in flight are about 200, and 200 held the sending back in most rounds.
 */
export const MAX_UNRECORDED = 400;
/** How often a running campaign's complaint and hard-bounce rates are checked (one small query). */
const RATES_MS = 2000;
/** How often an SMTP campaign's relays are checked for a pause per mail service (decision 1442). */
const RELAY_PAUSE_MS = 30_000;
interface Job {
  row: ClaimedRecipient;
  relay: Relay;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class CampaignRunner {
  private active = true;
  private campaign?: SendingCampaign;
  private pool?: RelayPool;
  private outcomes?: OutcomeBuffer;
  private marks?: SendingMarks;
  private queue: ClaimedRecipient[] = [];
  /** The claim running, if any (one at a time, beside the dispatching). */
  private claiming?: Promise<void>;
  private claimedNothingAt = 0;
  private inFlight = 0;
  private wakeUp?: () => void;
  private wakePending = false;
  private waking?: NodeJS.Immediate;
  private done?: Promise<void>;
  private readonly log: Logger;

  private readonly sender: Sender;
  readonly id: number;

  constructor(sender: Sender, id: number) {
    this.sender = sender;
    this.id = id;
    this.log = sender.log.child({ campaignId: id });
  }

  private get ctx() {
    return this.sender.ctx;
  }
  private get db() {
    return this.sender.ctx.db.$client;
  }
  private get worker() {
    return this.sender.worker;
  }

  stop(): Promise<void> {
    this.active = false;
    this.wake();
    return this.done ?? Promise.resolve();
  }

  /**
   * Messages finish one by one, thousands a second. A finished message wakes a waiting loop at once (those
   * finishing in the same turn share the wake-up); one finishing while the loop works is remembered, and the
   * loop goes round again as soon as it is done. So one mark-sending statement serves every slot freed
   * while the last one ran (a group commit): no statement per message, and no fixed wait either (decision 1200).
   */
  private wake() {
    if (!this.wakeUp) {
      this.wakePending = true;
      return;
    }
    this.waking ??= setImmediate(() => {
      this.waking = undefined;
      this.wakeUp?.();
    });
  }

  private wait(ms: number) {
    if (this.wakePending) {
      this.wakePending = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(t);
        this.wakeUp = undefined;
        resolve();
      };
      const t = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  run(): Promise<void> {
    this.done = this.loop()
      .catch((e) => this.log.error({ err: loggable(e) }, 'campaign runner failed'))
      .finally(() => this.drain());
    return this.done;
  }

  private async loop() {
    const c = (this.campaign = (await loadSendingCampaign(this.ctx, this.id)) ?? undefined);
    if (!c) return;
    const { batch, connectionsPerRelay, retry } = this.sender.options;
    this.pool = new RelayPool(this.ctx, c, connectionsPerRelay, this.log);
    this.outcomes = new OutcomeBuffer(this.ctx, {
      campaign: { id: c.id, type: c.type === RelayType.pmta ? 'pmta' : 'smtp', userId: c.userId },
      worker: this.worker,
      retry,
      log: this.log,
      recorded: () => {
        this.wake();
        publishCampaignLive(this.ctx, c.type, c.id);
      },
    });
    const pool = this.pool;
    this.marks = new SendingMarks(this.db, c.id, this.worker, this.log);
    // Rows of this campaign still held by this process belong to no message: the runner before this one
    // gave back what it could and recorded everything it handed over, but a database that went away can
    // keep a release (or the answer of a committed mark) from arriving. Nothing of them reached a relay.
    await releaseOwn(this.db, this.id, this.worker);
    let ratesAt = 0;
    let relayPausesAt = 0;
    while (this.active) {
      await pool.refreshIfStale();
      // The complaint and hard-bounce rates (decision 1391), every RATES_MS: the pause stops this loop.
      if (Date.now() - ratesAt > RATES_MS) {
        ratesAt = Date.now();
        const paused = await pauseOnRates(this.ctx, [c.id]);
        if (paused.length) {
          this.log.warn({ reason: paused[0]!.reason }, 'campaign paused: rate limit');
          this.active = false;
          break;
        }
      }
      // An SMTP relay paused for a mail service (decision 1442; PMTA's by the accounting): at the start, then
      // every RELAY_PAUSE_MS (a day's figures move slowly; the query reads the relays' last 24 hours).
      if (c.type === RelayType.smtp && Date.now() - relayPausesAt > RELAY_PAUSE_MS) {
        relayPausesAt = Date.now();
        const relays = await pauseRelays(this.ctx, 'smtp', [...new Set(pool.relays.map((r) => r.id))]);
        if (relays.length) {
          this.log.warn({ relays }, 'relays paused for mail services');
          await pool.refresh();
        }
      }
      if (!pool.relays.length) {
        if (await this.noRelays(pool)) return;
      }
      // Paced relays send a message each per slot: claiming more would only keep rows from other processes.
      const want = pool.allPaced ? pool.relays.length : batch;
      // The next rows are claimed while the queue's go out (decision 1513): a claim's round trip and commit
      // hold the loop only when nothing is queued. A failed claim stays in `claiming` and fails the loop then.
      if (!this.claiming && this.queue.length < want / 2 && Date.now() - this.claimedNothingAt > CLAIM_IDLE_MS) {
        const claiming = this.claim(want - this.queue.length);
        this.claiming = claiming;
        claiming.then(
          () => (this.claiming = undefined),
          () => {},
        );
      }
      if (!this.queue.length && this.claiming) await this.claiming;
      if (!this.active) break;
      await this.dispatch(pool);
      if (!this.queue.length && !this.claiming && !this.inFlight && !this.outcomes.waiting) {
        await this.outcomes.settled();
        await pool.backoffWritten();
        const left = await remaining(this.db, this.id);
        if (!left.any) {
          await finishCampaign(this.ctx, this.id);
          return;
        }
      }
      await this.wait(this.queue.length || this.inFlight ? 100 : 200);
    }
  }

  /** Claims up to `n` more rows into the queue; a runner stopped meanwhile gives them back. */
  private async claim(n: number) {
    const rows = await claimRecipients(this.db, this.id, this.worker, n);
    if (!this.active) {
      const ids = rows.map((r) => r.emailId);
      await releaseClaimed(this.db, this.id, this.worker, ids);
      return;
    }
    this.queue.push(...rows);
    if (rows.length) this.wake();
    else this.claimedNothingAt = Date.now();
  }

  /** No eligible relay is left: the campaign pauses, and its owner is told why (once: the pause is). */
  private async noRelays(pool: RelayPool): Promise<boolean> {
    await pool.blocksWritten();
    await pool.refresh();
    if (pool.relays.length) return false;
    const c = this.campaign!;
    const { rows } = await this.db.query<{ blocked: number }>(
      'select count(*)::int as blocked from campaign_relay_blocks where campaign_id = $1',
      [c.id],
    );
    const status = Object.entries(Rating).find(([, v]) => v === c.relayStatus)?.[0] ?? String(c.relayStatus);
    const kind = c.type === RelayType.pmta ? 'PMTA' : 'SMTP';
    const reason = rows[0]?.blocked
      ? `No ${kind} relay left: the login of every ${status} relay of the relay group failed (${rows[0].blocked} blocked).`
      : c.type === RelayType.pmta
        ? `No PMTA relay left: the relay group has no active relay with status ${status} and a VMTA on its server.`
        : `No SMTP relay left: the relay group has no active relay with status ${status}.`;
    const paused = await pauseCampaign(this.ctx, c.id, reason);
    if (paused) {
      this.log.warn({ reason }, 'campaign paused: no relay left');
      await notifyUser(this.ctx, c.userId, {
        subject: `Campaign "${c.name}" paused`,
        message: reason,
        status: 'error',
      });
    }
    this.active = false;
    return true;
  }

  private async dispatch(pool: RelayPool) {
    const { concurrency } = this.sender.options;
    const room = () =>
      Math.min(concurrency - this.sender.inFlight, MAX_UNRECORDED - this.outcomes!.unrecorded - this.inFlight);
    const waiting = new Map<number, number[]>();
    while (this.queue.length && room() > 0 && this.active) {
      const row = this.queue[0]!;
      const relay = await this.relayWithRoom(pool, row.mailProviderId);
      if (relay === null) break;
      this.queue.shift();
      if (relay === undefined) {
        // Every relay is switched off or paused for this mail service (decision 1442): try again later.
        await releaseClaimed(this.db, this.id, this.worker, [row.emailId]);
        continue;
      }
      if (typeof relay === 'number') {
        // Over the warm-up allowance: the recipient waits for the next hour or day (decision 1432).
        waiting.set(relay, [...(waiting.get(relay) ?? []), row.emailId]);
        continue;
      }
      this.sender.inFlight++;
      metrics.inFlight.inc();
      this.inFlight++;
      pool.taken(relay);
      if (speedOf(relay) > 0) void this.sendPaced(pool, { row, relay });
      else void this.send(pool, { row, relay });
    }
    for (const [until, ids] of waiting)
      await deferClaimed(this.db, this.id, this.worker, ids, new Date(until)).catch((e) => {
        this.log.error({ err: loggable(e) }, 'deferring recipients over a warm-up allowance failed');
        return releaseClaimed(this.db, this.id, this.worker, ids).catch(() => {});
      });
  }

  /**
   * The relay for the next recipient of a mail service, its warm-up allowance taken (pick's answers): a relay
   * over its allowance hands the recipient on to the next one with room when the campaign moves such mail,
   * else the recipient waits for that relay (a number: until when).
   */
  private async relayWithRoom(pool: RelayPool, mailProviderId: number) {
    for (;;) {
      const relay = pool.pick(mailProviderId);
      if (relay === null || relay === undefined || typeof relay === 'number') return relay;
      let full: number | null;
      try {
        full = await pool.allowance(relay, mailProviderId);
      } catch (e) {
        // The shared count could not be read: nothing is sent through a warm-up relay blind; try again soon.
        this.log.error({ relayId: relay.id, err: loggable(e) }, 'taking the warm-up allowance failed');
        return null;
      }
      if (full === null) return relay;
      if (this.campaign!.warmupOverflow !== WarmupOverflow.move) return full;
    }
  }

  /** A paced relay: take its next slot (shared by every process), wait for it, then send if still active. */
  private async sendPaced(pool: RelayPool, j: Job) {
    try {
      const wait = await pool.slot(j.relay);
      const until = Date.now() + wait;
      // Never a negative delay (TimeoutNegativeWarning): the clock moves between the check and the call.
      while (this.active && Date.now() < until) await sleep(Math.max(0, Math.min(100, until - Date.now())));
      if (this.active) return await this.send(pool, j);
      await releaseClaimed(this.db, this.id, this.worker, [j.row.emailId]);
      this.settled(pool, j.relay);
    } catch (e) {
      this.log.error({ relayId: j.relay.id, err: loggable(e) }, 'paced send failed');
      await releaseClaimed(this.db, this.id, this.worker, [j.row.emailId]).catch(() => {});
      this.settled(pool, j.relay);
    } finally {
      pool.freeSlot(j.relay);
    }
  }

  private settled(pool: RelayPool, relay: Relay) {
    this.sender.inFlight--;
    metrics.inFlight.dec();
    this.inFlight--;
    pool.released(relay);
    this.wake();
  }

  /** Sends `j` while its row is marked sending; a row not marked records nothing (its message is withdrawn). */
  private async send(pool: RelayPool, j: Job) {
    const marked = this.marks!.mark(j.row.emailId, j.relay.id);
    let result: SendResult;
    try {
      const message = composeMessage(this.ctx.secret, this.campaign!, j.row, j.relay);
      result = await this.sender.transports.get(j.relay).send(message, marked);
    } catch (e) {
      // Nothing reached the relay (rendering or the transport's setup failed).
      result = { kind: 'deferred', code: 0, reply: String((e as Error).message ?? e) };
    }
    if (await marked) this.outcomes!.push(this.outcome(pool, j, result));
    this.settled(pool, j.relay);
  }

  /** What a reply means for the recipient, and what it does to the relay. */
  private outcome(pool: RelayPool, { row, relay }: Job, r: SendResult): Outcome {
    const base = { row, relayId: relay.id, reply: r.reply };
    switch (r.kind) {
      case 'accepted':
        if (relay.backoff) pool.setBackoff(relay, false);
        // A PMTA server took it: its accounting says later whether it was delivered (decision 0910).
        return { ...base, kind: relay.vmta ? 'injected' : 'delivered' };
      case 'rejected':
        return { ...base, kind: 'bounced', code: r.code };
      case 'deferred':
        if (r.code === 0) {
          pool.coolDown(relay);
          return { ...base, kind: 'retry' };
        }
        // PMTA relays are paced by PMTA itself: a busy injection is no reason to slow the relay down.
        if (!relay.vmta && !relay.backoff && isThrottling(r.code, r.reply)) pool.setBackoff(relay, true);
        return { ...base, kind: 'deferred', code: r.code };
      case 'authFailed':
        pool.block(relay, r.reply);
        return { ...base, kind: 'retry' };
      case 'dropped':
        // The session broke before the final dot: nothing was accepted, the recipient is sent again.
        return { ...base, kind: 'retry' };
      case 'unknown':
        // After the final dot: maybe accepted. Never resent, never counted as sent (decision 1100).
        return { ...base, kind: 'interrupted' };
    }
  }

  /** Leaving: claimed rows go back, messages in flight finish, everything is recorded. */
  private async drain() {
    this.active = false;
    await this.claiming?.catch(() => {}); // its rows go back on their own (`claim`)
    const queued = this.queue.splice(0).map((r) => r.emailId);
    await releaseClaimed(this.db, this.id, this.worker, queued).catch((e) =>
      this.log.error({ err: loggable(e) }, 'giving claimed recipients back failed'),
    );
    while (this.inFlight > 0) await this.wait(20);
    await this.outcomes?.close();
  }
}
