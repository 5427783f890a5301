import pg from 'pg';
import { CampaignStatus, CampaignType } from '@console/shared/enums';
import type { AppContext } from '../../core/context.ts';
import { loggable } from '../../core/errors.ts';
import { logOf, type Logger } from '../../core/log.ts';
import { metrics } from '../../core/metrics.ts';
import type { RetryPolicy } from '../outcomes.ts';
import { holdLiveness, newWorkerId, reconcile, type ReconcileScope } from '../reconcile.ts';
import { Outage } from './outage.ts';
import { CampaignRunner } from './runner.ts';
import { Transports } from './transports.ts';

/*
 * The sender loop (ARCHITECTURE §4.2, docs/decisions/0802, 0910, 1100). Every worker process (ROLE all or
 * worker) runs one Sender. Every POLL_MS it reads which campaigns (SMTP and PMTA) are Active and keeps one
 * runner per campaign (sender/runner.ts); a PMTA campaign's messages are injected into its relays' servers;
 * a runner whose campaign left Active (paused, stopped) stops at once: it hands nothing new to a transport
 * and gives its claimed rows back. The parts, one at a time:
 *   - sender/runner.ts: one campaign: claims, dispatches, reads each reply as an outcome;
 *   - sender/relay-pool.ts: the campaign's relays: choice, pacing, cool-down, backoff, blocks;
 *   - sender/outcome-buffer.ts: the group commit of outcomes (shaped like the tracker's);
 *   - sender/transports.ts: one pooled SMTP transport per relay (or PMTA server) and process;
 *   - sender/outage.ts: what is logged while the database is away.
 * This file holds the process's part: its liveness lock (and healing when it is lost), the poll, reconcile.
 */

const POLL_MS = 250;
/** How often a sender that lost its liveness connection tries to take it again. */
const HEAL_MS = 500;
const RECONCILE_MS = 5_000;

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

export class Sender {
  readonly worker = newWorkerId();
  inFlight = 0;
  readonly transports: Transports;
  private lock?: pg.Client;
  private runners = new Map<number, CampaignRunner>();
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private lastReconcile = 0;
  readonly log: Logger;
  /** The poll and the liveness lock while the database is away: logged once, then every 30 s. */
  private readonly outage: Outage;

  readonly ctx: AppContext;
  readonly options: SenderOptions;

  constructor(ctx: AppContext, options: SenderOptions = senderOptions(ctx)) {
    this.ctx = ctx;
    this.options = options;
    this.transports = new Transports(options);
    this.log = logOf(ctx).child({ component: 'sender', worker: this.worker });
    this.outage = new Outage(this.log, 'sending');
  }

  async start() {
    await this.takeLiveness();
    await this.reconcile('all'); // once: what workers left while none ran
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
      this.log.error({ err: e ? loggable(e) : undefined }, 'liveness connection lost: sending stops until it is back');
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
          this.log.info('liveness connection back: sending resumes');
          this.lastReconcile = 0;
          return;
        } catch (e) {
          metrics.dbErrors.inc();
          this.outage.failed(e);
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
        .then(
          () => this.outage.answered(),
          (e) => this.outage.failed(e),
        )
        .finally(() => this.schedule(POLL_MS));
    }, ms);
  }

  private async reconcile(scope: ReconcileScope = 'sending') {
    this.lastReconcile = Date.now();
    const r = await reconcile(this.ctx.direct, this.worker, scope); // session locks: PostgreSQL itself
    if (r.released || r.interrupted) this.log.info(r, 'reconciled the rows of dead senders');
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

/** Starts this process's sender (ROLE all or worker); `stop()` on shutdown. */
export async function startSender(ctx: AppContext, options?: Partial<SenderOptions>): Promise<Sender> {
  const sender = new Sender(ctx, { ...senderOptions(ctx), ...options });
  await sender.start();
  return sender;
}
