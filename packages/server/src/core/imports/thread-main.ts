import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { RunContext } from '../context.ts';
import { createDb } from '../../db/client.ts';
import { importFile, toWire } from './import-file.ts';
import type { ImportKind } from './kind.ts';
import type { RunReport, RunRequest, ThreadData } from './thread.ts';

/** Connections of the thread's own pool (the parsers' look-ups); each run has one more of its own. */
const POOL = 2;

/**
 * The import thread's side (started by ImportThread through src/import-thread.ts, which lists the kinds):
 * runs `importFile` for each request on a RunContext of its own and reports progress and the outcome.
 * Progress goes out at most once per chunk the file is read in (1 MB).
 */
export function serveImports(kinds: readonly ImportKind[]) {
  const port = parentPort;
  if (!port) throw new Error('serveImports runs in a worker thread');
  const data = workerData as ThreadData;
  // On Linux this thread alone: on a busy machine the thread that answers requests gets a core first.
  try {
    os.setPriority(10);
  } catch {
    // not permitted here: the import runs at the process's priority
  }
  const ctx: RunContext = {
    env: data.env,
    databaseUrl: data.databaseUrl,
    secret: data.secret,
    db: createDb(data.databaseUrl, POOL),
  };
  const byName = new Map(kinds.map((k) => [k.name, k]));
  const post = (m: RunReport) => port.postMessage(m);
  port.on('message', (m: RunRequest) => {
    const kind = byName.get(m.kind);
    if (!kind) return post({ id: m.id, type: 'error', error: { as: 'retry', message: `unknown import ${m.kind}` } });
    importFile(ctx, kind, m.upload, m.label, {
      onBytes: (bytes) => post({ id: m.id, type: 'bytes', bytes }),
      onRead: () => post({ id: m.id, type: 'read' }),
    }).then(
      (result) => post({ id: m.id, type: 'done', result }),
      (e: unknown) => post({ id: m.id, type: 'error', error: toWire(e) }),
    );
  });
}
