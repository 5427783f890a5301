// @ts-nocheck
import pg from 'pg';
import type { Topic, TopicPayloads } from '@console/shared/hub';

const CHANNEL = 'console_hub';

interface Subscriber {
  userId: number;
  isAdmin: boolean;
  send: (topic: string, data: unknown) => void;
  /** Ends the stream (its user was deactivated or deleted). */
  end?: () => void;
}

/** An internal message, never sent to a browser: every process closes that user's streams. */
const END_SESSIONS = '__end_sessions';
/**
 * An internal message, never sent to a browser, sent by the `users_changed` trigger (migration 0026): what
 * the token check reads of that user changed (decision 1331).
 */
const USER_CHANGED = '__user_changed';

interface Envelope {
  topic: Topic | typeof END_SESSIONS | typeof USER_CHANGED;
  userId: number | null;
  data: unknown;
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_PAYLOAD = 7900;

/**
 * The envelope as NOTIFY text, never over the limit: while it is too long, the longest text in the data
 * (a list name, a message) is cut and marked with an ellipsis. Ids, numbers and the topic are never cut.
 */
export function fitPayload(e: Envelope): string {
  let text = JSON.stringify(e);
  if (Buffer.byteLength(text) <= MAX_PAYLOAD) return text;
  const data = structuredClone(e.data) as Record<string, unknown>;
  for (let i = 0; i < 64 && Buffer.byteLength(text) > MAX_PAYLOAD; i++) {
    const longest = Object.entries(data ?? {})
      .filter(([, v]) => typeof v === 'string')
      .sort(([, a], [, b]) => (b as string).length - (a as string).length)[0];
    if (!longest) break;
    const v = longest[1] as string;
    data[longest[0]] = `${v.slice(0, Math.floor(v.length / 2))}…`;
    text = JSON.stringify({ ...e, data });
  }
  return text;
}

/**
 * The live hub. Events go through PostgreSQL NOTIFY so that every API process (however many) delivers
 * them to its own SSE clients. A user receives events about their own items; administrators receive all.
 */
export class Hub {
  private subscribers = new Set<Subscriber>();
  private userWatchers = new Set<(userId: number | null) => void>();
  private listener?: pg.Client;
  private databaseUrl = '';
  private stopped = false;

  private readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  async start(databaseUrl: string) {
    this.databaseUrl = databaseUrl;
    this.stopped = false;
    await this.listen();
  }

  async stop() {
    this.stopped = true;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => {});
  }

  private async listen() {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (msg) => {
      if (msg.channel === CHANNEL && msg.payload) this.deliver(JSON.parse(msg.payload) as Envelope);
    });
    client.on('error', () => {});
    // A lost connection would silently stop every live event, a deactivated user's end included.
    client.on('end', () => {
      if (this.listener === client) this.reconnect(500);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (e) {
      await client.end().catch(() => {});
      throw e;
    }
    if (this.stopped) return void client.end().catch(() => {});
    this.listener = client;
    // Whatever changed while no connection listened went unheard.
    for (const w of this.userWatchers) w(null);
  }

  /** True while notifications are heard: what a process caches from them is current only then. */
  get listening(): boolean {
    return this.listener !== undefined;
  }

  /**
   * Calls `watch(userId)` whenever a user's row changes in any process (the `users_changed` trigger), and
   * `watch(null)` when the connection that hears it is (re)made: anything may have changed meanwhile.
   */
  watchUsers(watch: (userId: number | null) => void): () => void {
    this.userWatchers.add(watch);
    return () => this.userWatchers.delete(watch);
  }

  private reconnect(delayMs: number) {
    this.listener = undefined;
    if (this.stopped) return;
    setTimeout(() => {
      if (this.stopped) return;
      this.listen().catch(() => this.reconnect(Math.min(delayMs * 2, 30_000)));
    }, delayMs).unref();
  }

  /** `userId` is the owner of what the event is about; null means administrators only. */
  async publish<T extends Topic>(topic: T, userId: number | null, data: TopicPayloads[T]) {
    await this.pool.query('select pg_notify($1, $2)', [CHANNEL, fitPayload({ topic, userId, data })]);
  }

  /** Closes every live stream of a user, in every API process (deactivation, deletion). */
  async endSessions(userId: number) {
    await this.pool.query('select pg_notify($1, $2)', [
      CHANNEL,
      JSON.stringify({ topic: END_SESSIONS, userId, data: null }),
    ]);
  }

  subscribe(sub: Subscriber): () => void {
    this.subscribers.add(sub);
    return () => this.subscribers.delete(sub);
  }

  private deliver(e: Envelope) {
    if (e.topic === USER_CHANGED) {
      for (const w of this.userWatchers) w(e.userId);
      return;
    }
    for (const s of this.subscribers) {
      if (e.topic === END_SESSIONS) {
        if (s.userId === e.userId) s.end?.();
      } else if (s.isAdmin || s.userId === e.userId) s.send(e.topic, e.data);
    }
  }
}
