// @ts-nocheck
import type pg from 'pg';
import { EventKind, CampaignTypeOf } from '@console/shared/enums';
import type { AppContext } from '../core/context.ts';
import { metrics } from '../core/metrics.ts';
import { publishCampaignLive } from '../core/campaign-live.ts';
import type { TrackedCampaign } from './campaigns.ts';
import { eventColumns, type EventInput } from './events.ts';
import { executeHits, executeRecord, prepareBatch, type Proposed } from './batch-sql.ts';

/*
 * The tracker's group commit (docs/decisions/0803). Every open, click and conversion is committed before
 * its answer is sent, but requests share transactions: hits wait in a buffer that is flushed a few
 * milliseconds after the first one arrives, at once when it holds MAX_BATCH hits, and right after the
 * previous flush when hits piled up meanwhile (one flush at a time, decision 1250: the batch grows with the
 * load, and a flush's fixed cost is shared by more hits; the next batch goes to PostgreSQL before the
 * previous one is answered, so the answers' CPU overlaps PostgreSQL's work). A flush
 * locks the recipients' rows, decides per hit in arrival order what it counts (first open, first click,
 * an open implied by a click, a conversion only once), sets the recipients' first-* times set-based and
 * appends the events with their counters (events.ts), in one transaction of two round trips (batch-sql.ts,
 * decision 1170); then every waiting request is answered.
 * A failure rejects every waiter of that batch (the routes answer 503) and nothing of it is written.
 */

export type HitKind = 'open' | 'click' | 'conversion';

export interface Recipient {
  email: string;
  domain: string;
  mailProviderId: number;
}

export interface Hit {
  kind: HitKind;
  campaign: TrackedCampaign;
  relayId: number;
  emailId: number;
  /** Conversions: the amount with the owner's profit rate applied. */
  amountCents?: number;
  /** The event's detail, from the recipient (a click's target URL, a conversion's click id). */
  detail?: (r: Recipient) => string | null;
  /** A click's GeoIP country. */
  country?: string | null;
}

export type HitResult =
  | { found: false }
  /** `counted`: the hit made an event (false for a repeated conversion); `first`: the recipient's first of its kind. */
  | { found: true; recipient: Recipient; counted: boolean; first: boolean };

interface Waiting extends Hit {
  at: Date;
  resolve: (r: HitResult) => void;
  reject: (e: unknown) => void;
}

interface RecipientState extends Recipient {
  geo: string | null;
  opened: boolean;
  clicked: boolean;
  converted: boolean;
}

export const IMPLIED_OPEN = 'implied by a click';
const DETAIL_MAX = 2_000;
/** A recipient's geo is free text from the list's file: the report groups by it as given, bounded. */
const COUNTRY_MAX = 64;
const RETRYABLE = new Set(['40P01', '40001']); // deadlock, serialization failure (several trackers at once)

export class GroupCommit {
  private buffer: Waiting[] = [];
  private timer?: NodeJS.Timeout;
  /** The flush running, if any (one at a time). */
  private flushing?: Promise<void>;
  private closed = false;

  private ctx: AppContext;
  private opts: { delayMs?: number; maxBatch?: number };

  constructor(ctx: AppContext, opts: { delayMs?: number; maxBatch?: number } = {}) {
    this.ctx = ctx;
    this.opts = opts;
  }

  /** Resolves once the hit is committed (or known to be nobody's); rejects when its batch failed. */
  hit(h: Hit): Promise<HitResult> {
    if (this.closed) return Promise.reject(new Error('tracker closed'));
    return new Promise((resolve, reject) => {
      this.buffer.push({ ...h, at: new Date(), resolve, reject });
      this.schedule();
    });
  }

  /** Flushes what is waiting and stops taking hits. */
  async close() {
    this.closed = true;
    clearTimeout(this.timer);
    while (this.flushing || this.buffer.length) {
      if (this.flushing) await this.flushing;
      else this.start();
    }
    await new Promise((answered) => setImmediate(answered)); // after the last batch's answers
  }

  private schedule() {
    if (this.flushing) return; // the running flush starts the next one when it ends
    if (this.buffer.length >= (this.opts.maxBatch ?? 1000)) return this.start();
    this.timer ??= setTimeout(() => this.start(), this.opts.delayMs ?? 2);
  }

  private start() {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.flushing || !this.buffer.length) return;
    const batch = this.buffer.splice(0, this.opts.maxBatch ?? 1000);
    // Once committed, the next batch goes to PostgreSQL first and this one is answered after (setImmediate
    // runs once the next batch's statements are written): its answers cost the app a while, during which
    // PostgreSQL would otherwise wait.
    const ended = (answer: () => void) => {
      this.flushing = undefined;
      this.start();
      setImmediate(answer);
    };
    this.flushing = this.commitWithRetry(batch).then(
      (results) => ended(() => this.answer(batch, results)),
      (e: unknown) => ended(() => batch.forEach((w) => w.reject(e))),
    );
  }

  private answer(batch: Waiting[], results: HitResult[]) {
    batch.forEach((w, i) => w.resolve(results[i]!));
    const touched = new Set(batch.map((w) => `${CampaignTypeOf[w.campaign.type]}:${w.campaign.id}`));
    for (const key of touched) {
      const [type, id] = key.split(':').map(Number) as [number, number];
      publishCampaignLive(this.ctx, type, id);
    }
  }

  private async commitWithRetry(batch: Waiting[]): Promise<HitResult[]> {
    for (let attempt = 1; ; attempt++) {
      const endTimer = metrics.commitLatency.startTimer({ what: 'tracker' });
      const client = await this.ctx.db.$client.connect();
      let unfit: Error | undefined;
      let xid: string | undefined;
      let results: HitResult[] | undefined;
      try {
        await prepareBatch(client).catch((e: Error) => {
          throw (unfit = e);
        });
        // Round trip 1 learns the transaction's id before any of the batch's statements (decision 1000).
        const { xid: x, state } = await lockRecipients(client, batch);
        xid = x;
        const events: EventInput[] = [];
        const decided = decide(batch, state, await lastClickCountries(client, batch, state), events);
        // Round trip 2: the events, their counters and COMMIT. Its answer lost: ask what became of `xid`.
        results = decided;
        await client.query(events.length ? `${executeRecord(eventColumns(events))}; commit` : 'commit');
        endTimer();
        return decided;
      } catch (e) {
        await client.query('rollback').catch(() => {}); // the connection may be what failed; `e` matters
        // The connection broke around COMMIT: the batch may be committed with its answer lost. Answering 503
        // then would make the clients retry and count twice (issue 23): ask PostgreSQL what became of it.
        if (results && xid && (await transactionStatus(this.ctx.db.$client, xid)) === 'committed') return results;
        if (attempt >= 3 || !RETRYABLE.has((e as { code?: string }).code ?? '')) throw e;
      } finally {
        client.release(unfit);
      }
    }
  }
}

/** What became of a transaction whose COMMIT got no answer; waits up to 20 s for the database to answer. */
async function transactionStatus(pool: pg.Pool, xid: string): Promise<string | null> {
  const until = Date.now() + 20_000;
  for (;;) {
    try {
      const { rows } = await pool.query<{ s: string | null }>('select txid_status($1::bigint) as s', [xid]);
      return rows[0]!.s;
    } catch {
      if (Date.now() > until) return null;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** One event of a hit. A module function, not a closure made per hit. */
function eventOf(
  w: Waiting,
  r: RecipientState,
  country: string | null | undefined,
  kind: EventInput['kind'],
  first: boolean,
  detail: string | null,
  amountCents: number,
): EventInput {
  return {
    kind,
    campaignType: w.campaign.type,
    campaignId: w.campaign.id,
    userId: w.campaign.userId,
    relayId: w.relayId || null,
    mailProviderId: r.mailProviderId,
    domain: r.domain,
    emailId: w.emailId,
    first,
    amountCents,
    detail: detail?.slice(0, DETAIL_MAX) ?? null,
    at: w.at,
    country,
  };
}

/**
 * Round trip 1: BEGIN, the transaction's id, then per campaign (in id order) the batch's recipients locked
 * with the first-* times the batch brings; their state before the batch, by `campaign:emailId`.
 */
async function lockRecipients(client: pg.ClientBase, batch: Waiting[]) {
  // What the batch would set per recipient: its first open (an open or a click), first click, first conversion.
  const proposed = new Map<number, Map<number, Proposed>>();
  for (const w of batch) {
    let ofCampaign = proposed.get(w.campaign.id);
    if (!ofCampaign) proposed.set(w.campaign.id, (ofCampaign = new Map()));
    let p = ofCampaign.get(w.emailId);
    if (!p) ofCampaign.set(w.emailId, (p = { emailId: w.emailId }));
    if (w.kind === 'conversion') p.v ??= w.at;
    else p.o ??= w.at;
    if (w.kind === 'click') p.k ??= w.at;
  }
  const campaignIds = [...proposed.keys()].sort((a, b) => a - b);
  const sql = ['begin', 'select txid_current()::text as x'];
  for (const id of campaignIds) sql.push(executeHits(id, [...proposed.get(id)!.values()]));
  const answers = (await client.query(sql.join('; '))) as unknown as pg.QueryResult[];
  const state = new Map<string, RecipientState>();
  campaignIds.forEach((id, i) => {
    for (const r of answers[2 + i]!.rows as (RecipientState & { emailId: string })[])
      state.set(`${id}:${r.emailId}`, r);
  });
  return { xid: (answers[1]!.rows[0] as { x: string }).x, state };
}

/** Each hit in arrival order, against the recipient's state before the batch: its result, its events. */
function decide(
  batch: Waiting[],
  state: Map<string, RecipientState>,
  clickCountries: Map<string, string>,
  events: EventInput[],
): HitResult[] {
  return batch.map((w): HitResult => {
    const key = `${w.campaign.id}:${w.emailId}`;
    const r = state.get(key);
    if (!r) return { found: false };
    const recipient = { email: r.email, domain: r.domain, mailProviderId: r.mailProviderId };
    const detail = w.detail?.(recipient) ?? null;
    if (w.kind === 'click' && w.country) clickCountries.set(key, w.country);
    const country =
      w.kind === 'conversion' ? (r.geo?.slice(0, COUNTRY_MAX) ?? clickCountries.get(key) ?? null) : w.country;
    if (w.kind === 'conversion') {
      if (r.converted) return { found: true, recipient, counted: false, first: false };
      r.converted = true;
      events.push(eventOf(w, r, country, 'conversion', true, detail, w.amountCents ?? 0));
      return { found: true, recipient, counted: true, first: true };
    }
    if (w.kind === 'click' && !r.opened) {
      // A click proves the message was opened (its images were blocked): one open, the recipient's first.
      r.opened = true;
      events.push(eventOf(w, r, country, 'open', true, IMPLIED_OPEN, 0));
    }
    const first = w.kind === 'open' ? !r.opened : !r.clicked;
    if (w.kind === 'open') r.opened = true;
    else r.clicked = true;
    events.push(eventOf(w, r, country, w.kind, first, detail, 0));
    return { found: true, recipient, counted: true, first };
  });
}

/**
 * The GeoIP country of each converting recipient's last click before this batch, for conversions whose
 * recipient has no geo (a click in the batch itself overrides it as the hits are replayed).
 */
async function lastClickCountries(client: pg.ClientBase, batch: Waiting[], state: Map<string, RecipientState>) {
  const wanted = batch.filter((w) => w.kind === 'conversion' && !state.get(`${w.campaign.id}:${w.emailId}`)?.geo);
  const countries = new Map<string, string>();
  if (!wanted.length) return countries;
  const { rows } = await client.query<{ campaignId: number; emailId: string; country: string }>(
    `select distinct on (campaign_id, email_id) campaign_id as "campaignId", email_id::text as "emailId", country
       from events
      where email_id = any($1::bigint[]) and kind = ${EventKind.click} and country is not null
      order by campaign_id, email_id, at desc`,
    [[...new Set(wanted.map((w) => w.emailId))]],
  );
  const campaigns = new Set(wanted.map((w) => `${w.campaign.id}:${w.emailId}`));
  for (const r of rows)
    if (campaigns.has(`${r.campaignId}:${r.emailId}`)) countries.set(`${r.campaignId}:${r.emailId}`, r.country);
  return countries;
}
