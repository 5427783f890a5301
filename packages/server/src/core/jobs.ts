import { PgBoss, type Job } from 'pg-boss';
import type { z } from 'zod';

export interface JobDefinition<S extends z.ZodType> {
  name: string;
  payload: S;
  /** Runs the job; throwing makes pg-boss retry it. */
  handler: (data: z.infer<S>, job: Job<z.infer<S>>) => Promise<void>;
  retryLimit?: number;
  /** Cron expression for a recurring job. */
  cron?: string;
  concurrency?: number;
}

export const defineJob = <S extends z.ZodType>(d: JobDefinition<S>) => d;

/** pg-boss in the application's own database: durable queues shared by every worker process. */
export class Jobs {
  readonly boss: PgBoss;
  private definitions = new Map<string, JobDefinition<z.ZodType>>();
  private stopping = false;

  constructor(connectionString: string) {
    this.boss = new PgBoss({ connectionString, max: 6 });
    // During shutdown PostgreSQL may close connections first (Ctrl-C reaches it too); that is expected.
    this.boss.on('error', (e) => this.stopping || console.error('[jobs]', e.message));
  }

  register(...defs: JobDefinition<z.ZodType>[]) {
    for (const d of defs) this.definitions.set(d.name, d);
  }

  /** Creates the queues; with `work`, this process also runs the handlers. */
  async start({ work }: { work: boolean }) {
    await this.boss.start();
    for (const d of this.definitions.values()) {
      await this.boss.createQueue(d.name, { retryLimit: d.retryLimit ?? 3, retryDelay: 5, retryBackoff: true });
      if (d.cron) await this.boss.schedule(d.name, d.cron, {});
      if (!work) continue;
      await this.boss.work<object>(
        d.name,
        { batchSize: 1, localConcurrency: d.concurrency ?? 2, pollingIntervalSeconds: 0.5 },
        async ([job]) => {
          if (!job) return;
          await d.handler(d.payload.parse(job.data), job as Job<unknown>);
        },
      );
    }
  }

  async send(name: string, data: object): Promise<string> {
    const def = this.definitions.get(name);
    if (!def) throw new Error(`unknown job ${name}`);
    const id = await this.boss.send(name, def.payload.parse(data) as object);
    if (!id) throw new Error(`job ${name} was not queued`);
    return id;
  }

  async stop() {
    this.stopping = true;
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}
