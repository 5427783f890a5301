import pg from 'pg';
import type { Topic } from '@console/shared/hub';

const CHANNEL = 'console_hub';

interface Subscriber {
  userId: number;
  isAdmin: boolean;
  send: (topic: string, data: unknown) => void;
}

interface Envelope {
  topic: Topic;
  userId: number | null;
  data: unknown;
}

/**
 * The live hub. Events go through PostgreSQL NOTIFY so that every API process (however many) delivers
 * them to its own SSE clients. A user receives events about their own items; administrators receive all.
 */
export class Hub {
  private subscribers = new Set<Subscriber>();
  private listener?: pg.Client;

  constructor(private readonly pool: pg.Pool) {}

  async start(databaseUrl: string) {
    this.listener = new pg.Client({ connectionString: databaseUrl });
    await this.listener.connect();
    this.listener.on('notification', (msg) => {
      if (msg.channel === CHANNEL && msg.payload) this.deliver(JSON.parse(msg.payload) as Envelope);
    });
    this.listener.on('error', () => {});
    await this.listener.query(`listen ${CHANNEL}`);
  }

  async stop() {
    await this.listener?.end().catch(() => {});
    this.listener = undefined;
  }

  /** `userId` is the owner of what the event is about; null means administrators only. */
  async publish(topic: Topic, userId: number | null, data: unknown) {
    await this.pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ topic, userId, data })]);
  }

  subscribe(sub: Subscriber): () => void {
    this.subscribers.add(sub);
    return () => this.subscribers.delete(sub);
  }

  private deliver(e: Envelope) {
    for (const s of this.subscribers) {
      if (s.isAdmin || s.userId === e.userId) s.send(e.topic, e.data);
    }
  }
}
