import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { createDb, runMigrations } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';

export const TEMPLATE = 'console_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run (the embedded one, or DATABASE_URL's server) and one migrated
 * template database; each test file then copies the template into a fresh database of its own.
 */
export default async function setup(project: TestProject) {
  let adminUrl: string;
  let stop = async () => {};
  if (process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = '/postgres';
    adminUrl = u.toString();
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-test-pg-'));
    const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), { silent: true });
    adminUrl = embedded.url('postgres');
    stop = async () => {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE} with (force)`);
  await admin.query(`create database ${TEMPLATE}`);
  const templateUrl = withDatabase(adminUrl, TEMPLATE);
  const db = createDb(templateUrl, 2);
  await runMigrations(db);
  const boss = new PgBoss({ connectionString: templateUrl, max: 2 });
  await boss.start();
  await boss.stop({ graceful: false });
  await db.$client.end();
  await admin.end();
  project.provide('adminUrl', adminUrl);
  return stop;
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
