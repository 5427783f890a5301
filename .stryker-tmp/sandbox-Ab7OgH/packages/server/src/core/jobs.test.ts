// @ts-nocheck
import { PgBoss } from 'pg-boss';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { OFFER_HEALTH_CHECK } from '../features/offers/offers.jobs.ts';
import { jobDefinitions } from '../workers.ts';
import { SWEEP_UPLOADS } from './imports/jobs.ts';
import { AUTH_SWEEP } from '../features/auth/auth.jobs.ts';
import { loadEnv } from '../env.ts';
import { Jobs, jobAllowed, jobRef } from './jobs.ts';

let t: TestApp;
let boss: PgBoss;
beforeAll(async () => {
  t = await createTestApp();
  boss = new PgBoss({ connectionString: t.ctx.databaseUrl, max: 2 });
  await boss.start();
});
afterAll(async () => {
  await boss.stop({ graceful: false });
  await t.close();
});

const names = async () => (await boss.getSchedules()).map((s) => s.name).sort();

describe('jobs', () => {
  it('are sent by their ref, with a payload checked in the type and at run time; pg-boss is not reachable', async () => {
    //  the payload's type is the ref's
    await expect(t.ctx.jobs.send(OFFER_HEALTH_CHECK, { offerId: 'seven' })).rejects.toThrow();
    //  pg-boss is private: nothing sends a job by its name with any payload
    void t.ctx.jobs.boss;
    await expect(t.ctx.jobs.send(jobRef('nobody.works.this', z.object({})), {})).rejects.toThrow(/unknown job/);
  });

  it('test apps start without cron schedules; a test may ask for them', async () => {
    expect(await names()).toEqual([]);
    const scheduled = await createTestApp({ schedules: true });
    try {
      const crons = jobDefinitions(scheduled.ctx)
        .filter((d) => d.cron)
        .map((d) => d.name)
        .sort();
      const own = new PgBoss({ connectionString: scheduled.ctx.databaseUrl, max: 1 });
      await own.start();
      expect((await own.getSchedules()).map((s) => s.name).sort()).toEqual(crons);
      await own.stop({ graceful: false });
    } finally {
      await scheduled.close();
    }
  });

  it('a renamed or removed cron job leaves no schedule behind', async () => {
    await boss.createQueue('email-lists.recover-uploads');
    await boss.schedule('email-lists.recover-uploads', '* * * * *', {});
    const jobs = new Jobs(t.ctx.databaseUrl);
    jobs.register(...jobDefinitions(t.ctx));
    await jobs.start({ work: false, schedule: true });
    await jobs.stop();
    const crons = jobDefinitions(t.ctx)
      .filter((d) => d.cron)
      .map((d) => d.name)
      .sort();
    expect(await names()).toEqual(crons);
    expect(crons).toContain('imports.recover');
  });

  it('JOBS limits what a process works and schedules to the names and prefixes it lists', async () => {
    expect(loadEnv({ JOBS: ' campaign.* , auth.sweep' }).JOBS).toEqual(['campaign.*', 'auth.sweep']);
    expect(loadEnv({}).JOBS).toEqual([]);
    expect(() => loadEnv({ JOBS: 'campaign*' })).toThrow(/JOBS/);
    expect(jobAllowed('campaign.prepare', ['campaign.*'])).toBe(true);
    expect(jobAllowed('campaigns.x', ['campaign.*'])).toBe(false);
    expect(jobAllowed('auth.sweep', ['auth.sweep'])).toBe(true);
    expect(jobAllowed('auth.sweeper', ['auth.sweep'])).toBe(false);
    expect(jobAllowed('anything', [])).toBe(true);

    const only = await createTestApp({ schedules: true, env: { JOBS: 'imports.*' } });
    try {
      const own = new PgBoss({ connectionString: only.ctx.databaseUrl, max: 1 });
      await own.start();
      expect((await own.getSchedules()).map((s) => s.name).sort()).toEqual(['imports.recover', 'imports.sweep']);
      await own.stop({ graceful: false });
      // A job left out is still queued (this process may send it) but nobody here works it.
      const left = await only.ctx.jobs.send(AUTH_SWEEP, {});
      const kept = await only.ctx.jobs.send(SWEEP_UPLOADS, {});
      const until = Date.now() + 20_000;
      while ((await only.ctx.jobs.stateOf(SWEEP_UPLOADS, kept)) !== 'completed' && Date.now() < until)
        await new Promise((r) => setTimeout(r, 100));
      expect(await only.ctx.jobs.stateOf(SWEEP_UPLOADS, kept)).toBe('completed');
      expect(await only.ctx.jobs.stateOf(AUTH_SWEEP, left)).toBe('created');
    } finally {
      await only.close();
    }
  });
});
