// @ts-nocheck
import type { TestProject } from 'vitest/node';
import { startTestCluster } from '../../server/test/cluster.ts';

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
  const { adminUrl, stop } = await startTestCluster('console-e2e-pg-');
  project.provide('e2eAdminUrl', adminUrl);
  return stop;
}
