import type { AppContext } from '../../core/context.ts';
import { loggable } from '../../core/errors.ts';
import type { Logger } from '../../core/log.ts';
import type { SendingCampaign } from '../compose.ts';
import {
  RelayType,
  blockRelay,
  eligiblePmtaRelays,
  eligibleSmtpRelays,
  setBackoff,
  speedOf,
  takeSlot,
  type Relay,
} from '../relays.ts';
import { allowanceOf, takeAllowance } from '../warmup.ts';
import { WarmupOverflow } from '@console/shared/warmup-plans';

/*
 * The relays of one campaign in one process (ARCHITECTURE §4.3, decision 0802): which relay takes the next
 * message (round robin among those serving the recipient's mail service), how fast (a paced relay's slot is
 * shared by every process through relay_pacing; one message waits for it at a time), and what a relay's
 * replies do to it: an unreachable relay cools down, a throttling one goes into backoff (its next delivery
 * clears it), a refused login blocks it for the campaign. The runner asks; the pool holds the state.
 */

/** The eligible relays are read again this often (a relay switched off, added, edited). */
const RELAYS_MS = 1_000;
/** A relay that could not be reached is left alone this long by this process. */
const COOL_DOWN_MS = 5_000;

export class RelayPool {
  relays: Relay[] = [];
  private readAt = 0;
  private next = 0;
  /** Paced relays with a message waiting for or using its slot: one at a time per relay. */
  private busy = new Set<number>();
  /** Messages on their way per relay: no more than the relay's sessions, so few rows wait in `sending`. */
  private perRelay = new Map<number, number>();
  /** Relays this runner saw refuse their login, and the blocks being written. */
  private blocked = new Set<number>();
  private blocking: Promise<unknown>[] = [];
  /** Backoff flag writes, in order (a later clear must not be overtaken by an earlier set). */
  private backoffWrites: Promise<unknown> = Promise.resolve();
  private backoffPending = new Map<number, boolean>();
  private coolDowns = new Map<number, number>();
  /** `relayId:mailProviderId` -> when a warm-up relay has room again for that service (this process's view). */
  private full = new Map<string, number>();

  private readonly ctx: AppContext;
  private readonly campaign: SendingCampaign;
  private readonly connectionsPerRelay: number;
  private readonly log: Logger;

  constructor(ctx: AppContext, campaign: SendingCampaign, connectionsPerRelay: number, log: Logger) {
    this.ctx = ctx;
    this.campaign = campaign;
    this.connectionsPerRelay = connectionsPerRelay;
    this.log = log;
  }

  /** Reads the eligible relays when the last read is older than RELAYS_MS. */
  async refreshIfStale() {
    if (Date.now() - this.readAt > RELAYS_MS) await this.refresh();
  }

  async refresh() {
    const c = this.campaign;
    const relays =
      c.type === RelayType.pmta ? await eligiblePmtaRelays(this.ctx, c) : await eligibleSmtpRelays(this.ctx, c);
    this.relays = relays.filter((r) => !this.blocked.has(r.id));
    for (const r of this.relays) r.backoff = this.backoffPending.get(r.id) ?? r.backoff;
    this.readAt = Date.now();
  }

  /** Every relay paced: each sends one message per slot, so claiming more would keep rows from other processes. */
  get allPaced() {
    return this.relays.every((r) => speedOf(r) > 0);
  }

  /** Mail over a relay's warm-up allowance moves to a relay with room (else it waits for that relay). */
  private get moves() {
    return this.campaign.warmupOverflow === WarmupOverflow.move;
  }

  /**
   * The next relay (round robin) for a recipient's mail service that can take a message now. null: every
   * relay serving it is busy now; undefined: none serves it; a number: every relay serving it is over its
   * warm-up allowance (when moving mail is the campaign's choice) until then (ms since the epoch).
   */
  pick(mailProviderId: number): Relay | null | undefined | number {
    const now = Date.now();
    let any = false;
    let fullUntil = Infinity;
    let notFull = false;
    for (let i = 0; i < this.relays.length; i++) {
      const r = this.relays[(this.next + i) % this.relays.length]!;
      if (r.switchedOff.has(mailProviderId)) continue;
      any = true;
      const until = this.moves ? this.fullUntil(r, mailProviderId, now) : 0;
      if (until) {
        fullUntil = Math.min(fullUntil, until);
        continue;
      }
      notFull = true;
      if ((this.coolDowns.get(r.id) ?? 0) > now) continue;
      if (speedOf(r) > 0 && this.busy.has(r.id)) continue;
      if ((this.perRelay.get(r.id) ?? 0) >= this.connectionsPerRelay) continue;
      this.next = (this.next + i + 1) % this.relays.length;
      return r;
    }
    if (any && !notFull) return fullUntil;
    return any ? null : undefined; // null: all busy now; undefined: none serves this mail service
  }

  /** When the relay has room again for the service if it is over its warm-up allowance as this process saw it; else 0. */
  private fullUntil(r: Relay, mailProviderId: number, now = Date.now()) {
    const until = this.full.get(`${r.id}:${mailProviderId}`) ?? 0;
    return until > now ? until : 0;
  }

  /**
   * Takes one message of the relay's warm-up allowance for the service (shared by every process): null when
   * taken or nothing limits the relay, else when it has room again (also remembered here, so the next
   * message of the service does not ask).
   */
  async allowance(relay: Relay, mailProviderId: number): Promise<number | null> {
    const a = allowanceOf(relay.warmup, mailProviderId);
    if (!a) return null;
    const known = this.fullUntil(relay, mailProviderId);
    if (known) return known;
    const taken = await takeAllowance(this.ctx.db.$client, relay, mailProviderId, a);
    if (taken === null) return null;
    // By the database's clock; at least a second ahead here, whatever this host's clock says.
    const until = Math.max(taken, Date.now() + 1000);
    this.full.set(`${relay.id}:${mailProviderId}`, until);
    return until;
  }

  /** A message is on its way through `relay`. */
  taken(relay: Relay) {
    this.perRelay.set(relay.id, (this.perRelay.get(relay.id) ?? 0) + 1);
  }

  /** The message taken through `relay` is done (sent and its outcome known, or given back). */
  released(relay: Relay) {
    this.perRelay.set(relay.id, (this.perRelay.get(relay.id) ?? 1) - 1);
  }

  /**
   * Takes the paced relay's next slot (shared by every process) and returns how many milliseconds to wait for
   * it; the relay takes no other message of this runner until `freeSlot`.
   */
  slot(relay: Relay): Promise<number> {
    this.busy.add(relay.id);
    return takeSlot(this.ctx.db.$client, relay, speedOf(relay));
  }

  freeSlot(relay: Relay) {
    this.busy.delete(relay.id);
  }

  /** The relay could not be reached: this process leaves it alone for COOL_DOWN_MS. */
  coolDown(relay: Relay) {
    this.coolDowns.set(relay.id, Date.now() + COOL_DOWN_MS);
  }

  /** The relay refused its login: no more messages of this campaign (once; the owner is told by the block). */
  block(relay: Relay, reply: string) {
    if (this.blocked.has(relay.id)) return;
    this.blocked.add(relay.id);
    this.relays = this.relays.filter((x) => x.id !== relay.id);
    this.blocking.push(
      blockRelay(this.ctx, this.campaign, relay, reply).catch((e) =>
        this.log.error({ relayId: relay.id, err: loggable(e) }, 'blocking the relay failed'),
      ),
    );
  }

  /** Sets or clears the relay's backoff flag, here at once and in the database in order. */
  setBackoff(relay: Relay, on: boolean) {
    relay.backoff = on;
    this.backoffPending.set(relay.id, on);
    this.backoffWrites = this.backoffWrites
      .then(() => setBackoff(this.ctx.db.$client, relay, on))
      .catch((e) => this.log.error({ relayId: relay.id, err: loggable(e) }, 'writing the backoff flag failed'))
      .finally(() => {
        if (this.backoffPending.get(relay.id) === on) this.backoffPending.delete(relay.id);
      });
  }

  /** Resolves once the blocks written so far are in the database. */
  blocksWritten() {
    return Promise.all(this.blocking);
  }

  /** Resolves once the backoff flags set so far are in the database. */
  backoffWritten() {
    return this.backoffWrites;
  }
}
