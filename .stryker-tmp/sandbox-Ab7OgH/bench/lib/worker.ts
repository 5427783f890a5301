/**
 * A worker process of the app (ROLE=worker) on a bench app's database and DATA_DIR, with the bench's
 * environment (its SENDER_* settings and the hermetic JOBS and DNS_SERVERS among it); tracked, so it is
 * stopped on any exit. Resolves once the worker says it started.
 */
// @ts-nocheck

import type { ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { spawnTracked } from './hermetic.ts';

const MAIN = fileURLToPath(new URL('../../packages/server/src/main.ts', import.meta.url));

export async function startWorker(
  ctx: { databaseUrl: string; env: { DATA_DIR: string } },
  opts: { nodeArgs?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<ChildProcess> {
  const child = spawnTracked('a worker', process.execPath, [...(opts.nodeArgs ?? []), MAIN], {
    env: {
      ...process.env,
      ...opts.env,
      ROLE: 'worker',
      DATABASE_URL: ctx.databaseUrl,
      DATA_DIR: ctx.env.DATA_DIR,
      LOG_LEVEL: 'silent',
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const out = readline.createInterface({ input: child.stdout! });
  await new Promise<void>((resolve) => out.on('line', (l) => l.startsWith('worker started') && resolve()));
  return child;
}
