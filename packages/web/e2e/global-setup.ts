import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../server/src/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eAdminUrl: string;
  }
}

/**
 * One PostgreSQL for the whole end-to-end run (DATABASE_URL's server, or one embedded cluster started
 * here); each spec file creates a database of its own on it (harness.ts), so the files run in parallel.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = '/postgres';
    project.provide('e2eAdminUrl', u.toString());
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-pg-'));
  const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), { silent: true });
  project.provide('e2eAdminUrl', embedded.url('postgres'));
  return async () => {
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
