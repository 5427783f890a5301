// @ts-nocheck
import crypto from 'node:crypto';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { createDb, runMigrations } from '../src/db/client.ts';
import { startTestCluster } from './cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    /** The migrated database each test file copies. */
    template: string;
  }
}

/**
 * One PostgreSQL for the whole run (the embedded one, or DATABASE_URL's server) and one migrated
 * template database; each test file then copies the template into a fresh database of its own. The
 * template's name is the run's own, so two runs on one DATABASE_URL server never drop each other's.
 */
export default async function setup(project: TestProject) {
  const cluster = await startTestCluster('console-test-pg-');
  const { adminUrl } = cluster;
  const template = `t_template_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const templateUrl = withDatabase(adminUrl, template);
  const db = createDb(templateUrl, 2);
  await runMigrations(db);
  const boss = new PgBoss({ connectionString: templateUrl, max: 2 });
  await boss.start();
  await boss.stop({ graceful: false });
  await db.$client.end();
  await admin.end();
  project.provide('adminUrl', adminUrl);
  project.provide('template', template);
  return async () => {
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`drop database if exists ${template} with (force)`).finally(() => a.end());
    await cluster.stop();
  };
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
