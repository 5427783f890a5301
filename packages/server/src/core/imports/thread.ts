import { Worker } from 'node:worker_threads';
import type { AppContext } from '../context.ts';
import { fromWire, type ImportHooks, type Imported, type WireError } from './import-file.ts';
import { ImportStopped, type ImportKind, type Upload } from './kind.ts';
import type { ImportRunner } from './run.ts';

/** What the thread is started with: enough to build its RunContext (thread-main.ts). */
export interface ThreadData {
  env: AppContext['env'];
  databaseUrl: string;
  secret: Uint8Array;
}

/** Main -> thread: one run. */
export interface RunRequest {
  id: number;
  kind: string;
  upload: Upload;
  label: string;
}

/** Thread -> main: how a run goes. */
export type RunReport =
  | { id: number; type: 'bytes'; bytes: number }
  | { id: number; type: 'read' }
  | { id: number; type: 'done'; result: Imported }
  | { id: number; type: 'error'; error: WireError };

interface Pending {
  hooks: ImportHooks;
  resolve: (r: Imported) => void;
  reject: (e: Error) => void;
}

/**
 * The import thread of a process (decision 1310): every run's reading, parsing, sealing, staging and
 * merging happens in one worker thread with its own small pool, never on the thread that answers the API
 * and the tracker. Started with the first run; runs of several uploads share it (they mostly wait for
 * PostgreSQL). `stop` ends it at once: its connections close, so PostgreSQL rolls back what it was doing,
 * and every run in it rejects with ImportStopped. A thread that dies (out of memory) fails its runs for a
 * retry, and the next run starts a new one.
 */
export class ImportThread {
  private worker?: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stopped = false;

  private readonly entry: URL;
  private readonly data: ThreadData;

  constructor(entry: URL, ctx: Pick<AppContext, 'env' | 'databaseUrl' | 'secret'>) {
    this.entry = entry;
    this.data = { env: ctx.env, databaseUrl: ctx.databaseUrl, secret: ctx.secret };
  }

  readonly run: ImportRunner = (kind: ImportKind, upload: Upload, label: string, hooks: ImportHooks) => {
    if (this.stopped) return Promise.reject(new ImportStopped());
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<Imported>((resolve, reject) => {
      this.pending.set(id, { hooks, resolve, reject });
      worker.postMessage({ id, kind: kind.name, upload, label } satisfies RunRequest);
    });
  };

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.entry, { workerData: this.data });
    worker.on('message', (m: RunReport) => this.report(m));
    worker.on('error', (e) => this.failAll(this.stopped ? new ImportStopped() : e));
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll(this.stopped ? new ImportStopped() : new Error(`the import thread stopped (exit code ${code})`));
    });
    // An idle thread does not keep the process alive.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private report(m: RunReport) {
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.type === 'bytes') return p.hooks.onBytes(m.bytes);
    if (m.type === 'read') return p.hooks.onRead();
    this.pending.delete(m.id);
    if (m.type === 'done') p.resolve(m.result);
    else p.reject(fromWire(m.error));
  }

  private failAll(e: Error) {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) p.reject(e);
  }

  /** Ends the thread now (SIGTERM): what runs in it is rolled back by PostgreSQL and resumes at the next start. */
  async stop() {
    this.stopped = true;
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new ImportStopped());
    await worker?.terminate();
  }
}
