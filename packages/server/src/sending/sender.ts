import pg from 'pg';
import { CampaignStatus, Rating, CampaignType } from '@console/shared/enums';
import type { AppContext } from '../core/context.ts';
import { loggable } from '../core/errors.ts';
import { metrics } from '../core/metrics.ts';
import { notifyUser } from '../core/notify.ts';
import { finishCampaign, pauseCampaign } from './campaign-state.ts';
import { publishCampaignLive } from './live.ts';
import { isThrottling } from './bounces.ts';
import { claimRecipients, markSending, releaseClaimed, releaseOwn, remaining, type ClaimedRecipient } from './claim.ts';
import { composeMessage, loadSendingCampaign, type SendingCampaign } from './compose.ts';
import { recordOutcomes, type Outcome, type RetryPolicy } from './outcomes.ts';
import { holdLiveness, newWorkerId, reconcile } from './reconcile.ts';
import {
  RelayType,
  blockRelay,
  eligiblePmtaRelays,
  eligibleSmtpRelays,
  setBackoff,
  speedOf,
  takeSlot,
  type Relay,
} from './relays.ts';
import { SUPPRESS_BOUNCED } from './suppress.ts';
import { smtpTransport } from './transports/smtp.ts';
import type { SendResult, Transport } from './transports/transport.ts';

/*
 * The sender loop (ARCHITECTURE §4.2, docs/decisions/0802, 0910). Every worker process (ROLE all or worker)
 * runs one Sender. Every POLL_MS it reads which campaigns (SMTP and PMTA) are Active and keeps one runner per
 * campaign; a PMTA campaign's messages are injected into its relays' servers (transports/pmta.ts);
 * a runner whose campaign left Active (paused, stopped) stops at once: it hands nothing new to a transport
 * and gives its claimed rows back. A runner claims batches, sends them through the campaign's eligible
 * relays with at most `concurrency` messages in flight per process, and records outcomes in group commits.
 */

const POLL_MS = 250;
/** How often a sender that lost its liveness connection tries to take it again. */
const HEAL_MS = 500;
const RECONCILE_MS = 5_000;
const RELAYS_MS = 1_000;
/** Outcomes wait at most this long for their group commit: the window a crash can catch is kept short. */
const FLUSH_MS = 25;
const FLUSH_AT = 200;
/**
 * Outcomes known but not yet committed, per runner: past this, nothing new is handed over until a commit
 * lands. A slow database then slows the sending instead of widening what a crash can catch (decision 0802).
 */
const MAX_UNRECORDED = 200;
/** A relay that could not be reached is left alone this long by this process. */
const COOL_DOWN_MS = 5_000;
const IDLE_TRANSPORT_MS = 60_000;
const WAKE_MS = 5;

export interface SenderOptions {
  concurrency: number;
  connectionsPerRelay: number;
  /** Shared by the relays of one PMTA server (one injection pool per server). */
  connectionsPerPmtaServer: number;
  retry: RetryPolicy;
  /** Rows claimed at once per campaign. */
  batch: number;
}

export const senderOptions = (ctx: AppContext): SenderOptions => ({
  concurrency: ctx.env.SENDER_CONCURRENCY,
  connectionsPerRelay: ctx.env.SENDER_CONNECTIONS_PER_RELAY,
  connectionsPerPmtaServer: ctx.env.SENDER_CONNECTIONS_PER_PMTA_SERVER,
  retry: { retryBaseMs: ctx.env.SENDER_RETRY_SECONDS * 1000, maxAttempts: 5 },
  batch: Math.max(50, ctx.env.SENDER_CONCURRENCY * 2),
});

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** One pooled transport per relay and process, replaced when the relay's settings change, closed when idle. */
class Transports {
  private cache = new Map<string, { t: Transport; key: string; used: number }>();
  constructor(private readonly options: Pick<SenderOptions, 'connectionsPerRelay' | 'connectionsPerPmtaServer'>) {}

  get(relay: Relay): Transport {
    const id = relay.transportKey;
    const hit = this.cache.get(id);
    if (hit && hit.key === relay.configKey) {
      hit.used = Date.now();
      return hit.t;
    }
    hit?.t.close();
    const maxConnections = relay.vmta ? this.options.connectionsPerPmtaServer : this.options.connectionsPerRelay;
    const t = smtpTransport({ ...relay.config(), maxConnections });
    this.cache.set(id, { t, key: relay.configKey, used: Date.now() });
    return t;
  }

  sweep(all = false) {
    for (const [id, e] of this.cache) {
      if (all || Date.now() - e.used > IDLE_TRANSPORT_MS) {
        e.t.close();
        this.cache.delete(id);
      }
    }
  }
}

export class Sender {
  readonly worker = newWorkerId();
  inFlight = 0;
  readonly transports: Transports;
  private lock?: pg.Client;
  private runners = new Map<number, CampaignRunner>();
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private lastReconcile = 0;

  constructor(
    readonly ctx: AppContext,
    readonly options: SenderOptions = senderOptions(ctx),
  ) {
    this.transports = new Transports(options);
  }

  async start() {
    await this.takeLiveness();
    await this.reconcile();
    this.schedule(0);
  }

  /** The liveness lock on a connection of its own; losing it stops the runners until it is taken again. */
  private async takeLiveness() {
    const lock = new pg.Client({ connectionString: this.ctx.databaseUrl, application_name: `sender ${this.worker}` });
    let lost = false;
    const onLost = (e?: Error) => {
      if (lost) return;
      lost = true;
      if (this.lock === lock) this.lock = undefined;
      if (this.stopped) return;
      // Without its lock this process may be taken for dead and its rows settled by another: it stops
      // handing messages over at once, and heals once the lock is its own again (issue 23).
      console.error('[sender] liveness connection lost: sending stops until it is back', e ? loggable(e) : '');
      void this.heal();
    };
    lock.on('error', (e) => onLost(e));
    lock.on('end', () => onLost());
    try {
      await lock.connect();
      await holdLiveness(lock, this.worker);
    } catch (e) {
      lost = true;
      await lock.end().catch(() => {});
      throw e;
    }
    this.lock = lock;
  }

  private healing?: Promise<void>;
  /** Stops every runner (each gives its claimed rows back and records what is in flight), then retakes the lock. */
  private heal() {
    this.healing ??= (async () => {
      await Promise.all([...this.runners.values()].map((r) => r.stop()));
      while (!this.stopped) {
        try {
          await this.takeLiveness();
          console.log('[sender] liveness connection back: sending resumes');
          this.lastReconcile = 0;
          return;
        } catch (e) {
          metrics.dbErrors.inc();
          console.error('[sender] liveness connection: retrying', loggable(e));
          await sleep(HEAL_MS);
        }
      }
    })().finally(() => (this.healing = undefined));
    return this.healing;
  }

  /** True while this process holds its liveness lock (it may hand messages over). */
  get alive() {
    return !!this.lock && !this.healing;
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.tick()
        .catch((e) => console.error('[sender] tick failed', loggable(e)))
        .finally(() => this.schedule(POLL_MS));
    }, ms);
  }

  private async reconcile() {
    this.lastReconcile = Date.now();
    const r = await reconcile(this.ctx.db.$client, this.worker);
    if (r.released || r.interrupted)
      console.log(`[sender] reconciled: ${r.released} claimed rows released, ${r.interrupted} interrupted`);
  }

  private async tick() {
    const { rows } = await this.ctx.db.$client.query<{ id: number }>(
      'select id from campaigns where type = any($2) and status = $1',
      [CampaignStatus.Active, Object.values(CampaignType)],
    );
    if (this.stopped) return;
    const active = new Set(this.alive ? rows.map((r) => r.id) : []);
    for (const [id, runner] of this.runners) if (!active.has(id)) runner.stop();
    for (const id of active) {
      if (this.runners.has(id)) continue;
      const runner = new CampaignRunner(this, id);
      this.runners.set(id, runner);
      void runner.run().finally(() => {
        if (this.runners.get(id) === runner) this.runners.delete(id);
      });
    }
    if (this.alive && Date.now() - this.lastReconcile > RECONCILE_MS) await this.reconcile();
    this.transports.sweep();
  }

  /** Stops claiming, lets the messages in flight finish and records them, closes the transports. */
  async stop() {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.all([...this.runners.values()].map((r) => r.stop()));
    this.transports.sweep(true);
    await this.lock?.end().catch(() => {});
  }
}

interface Job {
  row: ClaimedRecipient;
  relay: Relay;
}

class CampaignRunner {
  private active = true;
  private campaign?: SendingCampaign;
  private relays: Relay[] = [];
  private relaysAt = 0;
  private next = 0;
  private queue: ClaimedRecipient[] = [];
  private inFlight = 0;
  private outcomes: Outcome[] = [];
  /** Outcomes pushed and not yet committed (in `outcomes` or in a flush). */
  private unrecorded = 0;
  private flushing: Promise<void> = Promise.resolve();
  private flushTimer?: NodeJS.Timeout;
  private busy = new Set<number>();
  /** Messages on their way per relay: no more than the relay's sessions, so few rows wait in `sending`. */
  private perRelay = new Map<number, number>();
  /** Relays this runner saw refuse their login, and the blocks being written. */
  private blocked = new Set<number>();
  private blocking: Promise<unknown>[] = [];
  /** Backoff flag writes, in order (a later clear must not be overtaken by an earlier set). */
  private backoffWrites: Promise<unknown> = Promise.resolve();
  private backoffPending = new Map<number, boolean>();
  private coolDown = new Map<number, number>();
  private wakeUp?: () => void;
  private waking?: NodeJS.Timeout;
  private done?: Promise<void>;

  constructor(
    private readonly sender: Sender,
    readonly id: number,
  ) {}

  private get ctx() {
    return this.sender.ctx;
  }
  private get db() {
    return this.sender.ctx.db.$client;
  }

  stop(): Promise<void> {
    this.active = false;
    this.wake();
    return this.done ?? Promise.resolve();
  }

  /**
   * Messages finish one by one, thousands a second: the loop wakes once per WAKE_MS for all of them, so
   * that one statement marks the next rows `sending` for every freed slot (one per message was the limit).
   */
  private wake() {
    this.waking ??= setTimeout(() => {
      this.waking = undefined;
      this.wakeUp?.();
    }, WAKE_MS);
  }

  private wait(ms: number) {
    return new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      this.wakeUp = () => {
        clearTimeout(t);
        resolve();
      };
    });
  }

  run(): Promise<void> {
    this.done = this.loop()
      .catch((e) => console.error(`[sender] campaign ${this.id} failed`, loggable(e)))
      .finally(() => this.drain());
    return this.done;
  }

  private async loop() {
    this.campaign = (await loadSendingCampaign(this.ctx, this.id)) ?? undefined;
    if (!this.campaign) return;
    // Rows of this campaign still held by this process belong to no message: the runner before this one
    // gave back what it could and recorded everything it handed over, but a database that went away can
    // keep a release (or the answer of a committed mark) from arriving. Nothing of them reached a relay.
    await releaseOwn(this.db, this.id, this.sender.worker);
    const { batch } = this.sender.options;
    let claimedNothingAt = 0;
    while (this.active) {
      if (Date.now() - this.relaysAt > RELAYS_MS) await this.refreshRelays();
      if (!this.relays.length) {
        if (await this.noRelays()) return;
      }
      // Paced relays send a message each per slot: claiming more would only keep rows from other processes.
      const want = this.relays.every((r) => speedOf(r) > 0) ? this.relays.length : batch;
      if (this.queue.length < want / 2 && Date.now() - claimedNothingAt > POLL_MS && this.active) {
        const rows = await claimRecipients(this.db, this.id, this.sender.worker, want - this.queue.length);
        if (!this.active) {
          await releaseClaimed(
            this.db,
            this.id,
            this.sender.worker,
            rows.map((r) => r.emailId),
          );
          break;
        }
        this.queue.push(...rows);
        if (!rows.length) claimedNothingAt = Date.now();
      }
      await this.dispatch();
      if (!this.queue.length && !this.inFlight && !this.outcomes.length) {
        await this.flushing;
        await this.backoffWrites;
        const left = await remaining(this.db, this.id);
        if (!left.any) {
          await finishCampaign(this.ctx, this.id);
          return;
        }
      }
      await this.wait(this.queue.length || this.inFlight ? 100 : 200);
    }
  }

  private async refreshRelays() {
    const c = this.campaign!;
    const relays =
      c.type === RelayType.pmta ? await eligiblePmtaRelays(this.ctx, c) : await eligibleSmtpRelays(this.ctx, c);
    this.relays = relays.filter((r) => !this.blocked.has(r.id));
    for (const r of this.relays) r.backoff = this.backoffPending.get(r.id) ?? r.backoff;
    this.relaysAt = Date.now();
  }

  /** No eligible relay is left: the campaign pauses, and its owner is told why (once: the pause is). */
  private async noRelays(): Promise<boolean> {
    await Promise.all(this.blocking);
    await this.refreshRelays();
    if (this.relays.length) return false;
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
      await notifyUser(this.ctx, c.userId, {
        subject: `Campaign "${c.name}" paused`,
        message: reason,
        status: 'error',
      });
    }
    this.active = false;
    return true;
  }

  /** The next relay (round robin) for a recipient's mail service that can take a message now. */
  private pickRelay(mailProviderId: number): Relay | null | undefined {
    const now = Date.now();
    let any = false;
    for (let i = 0; i < this.relays.length; i++) {
      const r = this.relays[(this.next + i) % this.relays.length]!;
      if (r.switchedOff.has(mailProviderId)) continue;
      any = true;
      if ((this.coolDown.get(r.id) ?? 0) > now) continue;
      if (speedOf(r) > 0 && this.busy.has(r.id)) continue;
      if ((this.perRelay.get(r.id) ?? 0) >= this.sender.options.connectionsPerRelay) continue;
      this.next = (this.next + i + 1) % this.relays.length;
      return r;
    }
    return any ? null : undefined; // null: all busy now; undefined: none serves this mail service
  }

  private async dispatch() {
    const unpaced: Job[] = [];
    const room = () =>
      Math.min(
        this.sender.options.concurrency - this.sender.inFlight,
        MAX_UNRECORDED - this.unrecorded - this.inFlight,
      );
    while (this.queue.length && room() > 0 && this.active) {
      const row = this.queue[0]!;
      const relay = this.pickRelay(row.mailProviderId);
      if (relay === null) break;
      this.queue.shift();
      if (relay === undefined) {
        // Only PMTA relays can be switched off for a mail service; try again later.
        await releaseClaimed(this.db, this.id, this.sender.worker, [row.emailId]);
        continue;
      }
      this.sender.inFlight++;
      metrics.inFlight.inc();
      this.inFlight++;
      this.perRelay.set(relay.id, (this.perRelay.get(relay.id) ?? 0) + 1);
      if (speedOf(relay) > 0) void this.sendPaced({ row, relay });
      else unpaced.push({ row, relay });
    }
    if (!unpaced.length) return;
    const owned = await markSending(
      this.db,
      this.id,
      this.sender.worker,
      unpaced.map((j) => ({ emailId: j.row.emailId, relayId: j.relay.id })),
    ).catch((e) => {
      console.error('[sender] marking failed', loggable(e));
      return new Set<number>();
    });
    for (const j of unpaced) {
      if (owned.has(j.row.emailId)) void this.send(j);
      else this.settled(j.relay);
    }
    // Rows not marked (a database error) are still claimed by us: give them back.
    const lost = unpaced.filter((j) => !owned.has(j.row.emailId)).map((j) => j.row.emailId);
    if (lost.length) await releaseClaimed(this.db, this.id, this.sender.worker, lost).catch(() => {});
  }

  /** A paced relay: take its next slot (shared by every process), wait for it, then send if still active. */
  private async sendPaced(j: Job) {
    this.busy.add(j.relay.id);
    try {
      const wait = await takeSlot(this.db, j.relay, speedOf(j.relay));
      const until = Date.now() + wait;
      while (this.active && Date.now() < until) await sleep(Math.min(100, until - Date.now()));
      const owned = this.active
        ? await markSending(this.db, this.id, this.sender.worker, [{ emailId: j.row.emailId, relayId: j.relay.id }])
        : new Set<number>();
      if (owned.has(j.row.emailId)) return await this.send(j);
      await releaseClaimed(this.db, this.id, this.sender.worker, [j.row.emailId]);
      this.settled(j.relay);
    } catch (e) {
      console.error('[sender] paced send failed', loggable(e));
      await releaseClaimed(this.db, this.id, this.sender.worker, [j.row.emailId]).catch(() => {});
      this.settled(j.relay);
    } finally {
      this.busy.delete(j.relay.id);
    }
  }

  private settled(relay: Relay) {
    this.sender.inFlight--;
    metrics.inFlight.dec();
    this.inFlight--;
    this.perRelay.set(relay.id, (this.perRelay.get(relay.id) ?? 1) - 1);
    this.wake();
  }

  private async send(j: Job) {
    let result: SendResult;
    try {
      const message = composeMessage(this.ctx.secret, this.campaign!, j.row, j.relay);
      result = await this.sender.transports.get(j.relay).send(message);
    } catch (e) {
      // Nothing reached the relay (rendering or the transport's setup failed).
      result = { kind: 'deferred', code: 0, reply: String((e as Error).message ?? e) };
    }
    this.outcome(j, result);
    this.settled(j.relay);
  }

  private outcome({ row, relay }: Job, r: SendResult) {
    const base = { row, relayId: relay.id, reply: r.reply };
    switch (r.kind) {
      case 'accepted':
        // A PMTA server took it: its accounting says later whether it was delivered (decision 0910).
        this.outcomes.push({ ...base, kind: relay.vmta ? 'injected' : 'delivered' });
        if (relay.backoff) this.setBackoff(relay, false);
        break;
      case 'rejected':
        this.outcomes.push({ ...base, kind: 'bounced', code: r.code });
        break;
      case 'deferred':
        if (r.code === 0) {
          this.coolDown.set(relay.id, Date.now() + COOL_DOWN_MS);
          this.outcomes.push({ ...base, kind: 'retry' });
          break;
        }
        this.outcomes.push({ ...base, kind: 'deferred', code: r.code });
        // PMTA relays are paced by PMTA itself: a busy injection is no reason to slow the relay down.
        if (!relay.vmta && !relay.backoff && isThrottling(r.code, r.reply)) this.setBackoff(relay, true);
        break;
      case 'authFailed':
        this.outcomes.push({ ...base, kind: 'retry' });
        if (this.blocked.has(relay.id)) break;
        this.blocked.add(relay.id);
        this.relays = this.relays.filter((x) => x.id !== relay.id);
        this.blocking.push(
          blockRelay(this.ctx, this.campaign!, relay, r.reply).catch((e) =>
            console.error('[sender] block relay', loggable(e)),
          ),
        );
        break;
      case 'dropped':
        // The session broke before the final dot: nothing was accepted, the recipient is sent again.
        this.outcomes.push({ ...base, kind: 'retry' });
        break;
      case 'unknown':
        this.outcomes.push({ ...base, kind: 'interrupted' });
        break;
    }
    this.unrecorded++;
    if (this.outcomes.length >= FLUSH_AT) this.flush();
    else this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  private setBackoff(relay: Relay, on: boolean) {
    relay.backoff = on;
    this.backoffPending.set(relay.id, on);
    this.backoffWrites = this.backoffWrites
      .then(() => setBackoff(this.db, relay, on))
      .catch((e) => console.error('[sender] backoff', loggable(e)))
      .finally(() => {
        if (this.backoffPending.get(relay.id) === on) this.backoffPending.delete(relay.id);
      });
  }

  /** Group commit: the outcomes so far in one transaction; one at a time per campaign and process. */
  private flush() {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const batch = this.outcomes.splice(0);
    if (!batch.length) return;
    const c = this.campaign!;
    this.flushing = this.flushing.then(async () => {
      for (;;) {
        try {
          const endTimer = metrics.commitLatency.startTimer({ what: 'outcomes' });
          const suppressed = await recordOutcomes(
            this.db,
            { id: c.id, type: c.type === RelayType.pmta ? 'pmta' : 'smtp', userId: c.userId },
            this.sender.worker,
            batch,
            this.sender.options.retry,
          );
          endTimer();
          for (const o of batch) metrics.outcomes.inc({ outcome: o.kind });
          this.unrecorded -= batch.length;
          this.wake();
          publishLive(this.ctx, c);
          for (let i = 0; i < suppressed.length; i += 1000)
            await this.ctx.jobs
              .send(SUPPRESS_BOUNCED, { emails: suppressed.slice(i, i + 1000) })
              .catch((e) => console.error('[sender] suppression job', loggable(e)));
          return;
        } catch (e) {
          // The rows stay in `sending` until recorded: keep trying (a restart would settle them instead).
          console.error('[sender] recording outcomes failed, retrying', loggable(e));
          await sleep(1000);
        }
      }
    });
  }

  /** Leaving: claimed rows go back, messages in flight finish, everything is recorded. */
  private async drain() {
    this.active = false;
    const queued = this.queue.splice(0).map((r) => r.emailId);
    await releaseClaimed(this.db, this.id, this.sender.worker, queued).catch((e) =>
      console.error('[sender] release failed', loggable(e)),
    );
    while (this.inFlight > 0) await this.wait(20);
    this.flush();
    await this.flushing;
  }
}

const publishLive = (ctx: AppContext, c: SendingCampaign) => publishCampaignLive(ctx, c.type, c.id);

/** Starts this process's sender (ROLE all or worker); `stop()` on shutdown. */
export async function startSender(ctx: AppContext, options?: Partial<SenderOptions>): Promise<Sender> {
  const sender = new Sender(ctx, { ...senderOptions(ctx), ...options });
  await sender.start();
  return sender;
}
