import { PgBoss, type Job } from 'pg-boss';
import { pino } from 'pino';
import type { Logger } from './log.ts';
import type { z } from 'zod';

/** How often an idle worker looks for due jobs that no NOTIFY announced (a retry, a delayed start). */
const NOTIFY_BACKSTOP_SECONDS = 5;

/** Whether a job is on an allow-list of names and `prefix.*` patterns (the JOBS setting); empty allows all. */
export function jobAllowed(name: string, allow: readonly string[]): boolean {
  if (!allow.length) return true;
  return allow.some((a) => (a.endsWith('.*') ? name.startsWith(a.slice(0, -1)) : name === a));
}

/** A job's name and payload schema: what senders need, declared beside the feature's other constants. */
export interface JobRef<S extends z.ZodType> {
  name: string;
  payload: S;
}
export const jobRef = <S extends z.ZodType>(name: string, payload: S): JobRef<S> => ({ name, payload });

export interface JobDefinition<S extends z.ZodType> extends JobRef<S> {
  /** Runs the job; throwing makes pg-boss retry it. */
  handler: (data: z.infer<S>, job: Job<z.infer<S>>) => Promise<void>;
  retryLimit?: number;
  /** Cron expression for a recurring job. */
  cron?: string;
  concurrency?: number;
  /**
   * 'stately': at most one job waits and one runs per `singletonKey` (`sendOnce`): a burst of requests for
   * the same work coalesces into the one that waits, which sees everything the burst committed.
   */
  policy?: 'stately';
}

/** A job: its ref and how it runs. Workers list every definition in src/workers.ts. */
export const defineJob = <S extends z.ZodType>(
  ref: JobRef<S>,
  run: Omit<JobDefinition<S>, 'name' | 'payload'>,
): JobDefinition<z.ZodType> => ({ ...ref, ...run }) as JobDefinition<z.ZodType>;

/**
 * pg-boss in the application's own database: durable queues shared by every worker process. pg-boss itself
 * stays private: a job is sent only through its ref, with a payload checked against the ref's schema.
 */
export class Jobs {
  private readonly boss: PgBoss;
  private definitions = new Map<string, JobDefinition<z.ZodType>>();
  private stopping = false;

  /** `log`: where pg-boss's own errors go (the context's logger; the tests' may be silent). */
  constructor(connectionString: string, log: Pick<Logger, 'error'> = pino({ level: 'error' })) {
    // LISTEN/NOTIFY wakes a worker the moment a job is queued, by any process; polling is only the backstop.
    // (Polling every queue twice a second cost PostgreSQL more than the sending itself: bench/inject.)
    this.boss = new PgBoss({ connectionString, max: 6, useListenNotify: true });
    // During shutdown PostgreSQL may close connections first (Ctrl-C reaches it too); that is expected.
    this.boss.on('error', (e) => this.stopping || log.error({ err: e.message }, 'job queue error'));
  }

  private readonly stopFirst: (() => Promise<void>)[] = [];

  /** Work to end before the handlers are waited for (the import thread: a run ends at once, resumed later). */
  beforeStop(fn: () => Promise<void>) {
    this.stopFirst.push(fn);
  }

  register(...defs: JobDefinition<z.ZodType>[]) {
    for (const d of defs) this.definitions.set(d.name, d);
  }

  /**
   * Creates the queues; with `work`, this process also runs the handlers. `schedule: false` leaves the
   * cron jobs unscheduled (test apps: a sweep firing in the middle of a test would change what it sees).
   * `only` (the JOBS setting) limits both to the jobs it names; the others' queues are still created (this
   * process may send them) and their schedules are left as they are (another worker may own them).
   */
  async start({ work, schedule = true, only = [] }: { work: boolean; schedule?: boolean; only?: readonly string[] }) {
    await this.boss.start();
    // A cron job that was renamed or removed leaves its schedule behind: it would fill a queue nobody works.
    for (const s of await this.boss.getSchedules()) {
      if (!this.definitions.get(s.name)?.cron) await this.boss.unschedule(s.name, s.key).catch(() => {});
    }
    for (const d of this.definitions.values()) {
      const queue = { retryLimit: d.retryLimit ?? 3, retryDelay: 5, retryBackoff: true, notify: true };
      await this.boss.createQueue(d.name, { ...queue, ...(d.policy ? { policy: d.policy } : {}) });
      await this.boss.updateQueue(d.name, queue); // a queue created by an earlier version keeps its old options
      if (!jobAllowed(d.name, only)) continue;
      if (d.cron && schedule) await this.boss.schedule(d.name, d.cron, {});
      else if (d.cron) await this.boss.unschedule(d.name).catch(() => {});
      if (!work) continue;
      await this.boss.work<object>(
        d.name,
        {
          batchSize: 1,
          localConcurrency: d.concurrency ?? 2,
          // Without the listener (it reconnects after a drop): as before.
          pollingIntervalSeconds: 0.5,
          // With it: retries and delayed jobs (scheduled starts) are due without a NOTIFY; found within this.
          notifyPollingIntervalSeconds: NOTIFY_BACKSTOP_SECONDS,
        },
        async ([job]) => {
          if (!job) return;
          await d.handler(d.payload.parse(job.data), job as Job<unknown>);
        },
      );
    }
  }

  /**
   * Queues one job; the payload is checked against the job's schema, in the type and at run time.
   * `startAfter` delays it (kept in the database: it survives a restart); `singletonKey` is pg-boss's.
   */
  async send<S extends z.ZodType>(
    ref: JobRef<S>,
    data: z.input<S>,
    options: { startAfter?: Date; singletonKey?: string } = {},
  ): Promise<string> {
    this.known(ref);
    const id = await this.boss.send(ref.name, ref.payload.parse(data) as object, options);
    if (!id) throw new Error(`job ${ref.name} was not queued`);
    return id;
  }

  /**
   * Queues a job of a 'stately' kind unless one with the same key already waits (then that one does the
   * work): true when this call queued it.
   */
  async sendOnce<S extends z.ZodType>(
    ref: JobRef<S>,
    data: z.input<S>,
    options: { singletonKey: string; startAfter?: Date },
  ): Promise<boolean> {
    this.known(ref);
    if (this.definitions.get(ref.name)!.policy !== 'stately') throw new Error(`job ${ref.name} is not stately`);
    return (await this.boss.send(ref.name, ref.payload.parse(data) as object, options)) !== null;
  }

  /** Queues many jobs of one kind in one statement. */
  async sendMany<S extends z.ZodType>(ref: JobRef<S>, data: z.input<S>[]): Promise<void> {
    this.known(ref);
    for (let i = 0; i < data.length; i += 500) {
      await this.boss.insert(
        ref.name,
        data.slice(i, i + 500).map((d) => ({ data: ref.payload.parse(d) as object })),
      );
    }
  }

  /** The pg-boss state of a job ('created', 'active', 'completed', ...), null when there is no such job. */
  async stateOf(ref: JobRef<z.ZodType>, id: string): Promise<string | null> {
    return (await this.boss.getJobById(ref.name, id))?.state ?? null;
  }

  private known(ref: JobRef<z.ZodType>) {
    if (!this.definitions.has(ref.name)) throw new Error(`unknown job ${ref.name}`);
  }

  async stop() {
    this.stopping = true;
    await Promise.all(this.stopFirst.map((fn) => fn().catch(() => {})));
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}
