import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CampaignStatus } from '@console/shared/enums';
import { Topics } from '@console/shared/hub';
import { createTestApp, eventually, type TestApp } from '../../test/harness.ts';
import { factories } from '../../test/factories.ts';
import { withDatabase } from '../../test/global-setup.ts';
import { startPgBouncer, type PgBouncer } from '../../test/peers/pgbouncer.ts';
import { startSmtpSink, type SmtpSink } from '../../test/peers/smtp-sink.ts';
import { list, upload, waitUpload } from '../features/email-lists/test-helpers.ts';
import { exited, providerId, relayOn, spawnWorker, workerReady } from '../sending/test-setup.ts';
import { smtpTrackingId } from '../tracking/test-helpers.ts';
import { DIRECT_IS_POOLED, POOLER_NEEDS_DIRECT, sessionUrl, throughPooler } from './pooler.ts';

/*
 * The console through Debian's PgBouncer in transaction pooling mode (issue 42 §4, decision 1410): the API
 * and two sender worker processes on DATABASE_URL = the pooler, what keeps session state on
 * DATABASE_DIRECT_URL. A sign-in, a list import, an SMTP campaign to a sink, tracking hits, the hub's live
 * events across processes and a report, all with only a few server connections behind the pooler, so that
 * consecutive transactions of one client run on different server sessions.
 */

const adminUrl = inject('adminUrl');
const name = `t_pgb_${crypto.randomBytes(6).toString('hex')}`;
let bouncer: PgBouncer;
let pooled: string;
let direct: string;
let t: TestApp | undefined;
const sinks: SmtpSink[] = [];
const children: ReturnType<typeof spawnWorker>[] = [];

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('template')}`);
  await admin.end();
  bouncer = await startPgBouncer(adminUrl, { poolSize: 6 });
  pooled = bouncer.url(name);
  direct = withDatabase(adminUrl, name);
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await Promise.all(children.map(exited));
  await Promise.all(sinks.map((s) => s.close()));
  await t?.close();
  await bouncer?.stop();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe('a pooler in front of PostgreSQL', () => {
  it('is told apart from PostgreSQL itself by the cancel key its clients get', async () => {
    expect(await throughPooler(pooled)).toBe(true);
    expect(await throughPooler(direct)).toBe(false);
    expect(await sessionUrl(direct, undefined)).toBe(direct);
    expect(await sessionUrl(pooled, direct)).toBe(direct);
    await expect(sessionUrl(pooled, undefined)).rejects.toThrow(POOLER_NEEDS_DIRECT);
    await expect(sessionUrl(pooled, pooled)).rejects.toThrow(DIRECT_IS_POOLED);
  });

  it('stops a start on the pooler alone, naming DATABASE_DIRECT_URL and what needs it', async () => {
    const child = spawn(process.execPath, [fileURLToPath(new URL('../main.ts', import.meta.url))], {
      env: { ...process.env, ROLE: 'worker', DATABASE_URL: pooled, DATABASE_DIRECT_URL: '', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(out).toContain('Set DATABASE_DIRECT_URL to PostgreSQL itself');
    expect(out).toContain('LISTEN/NOTIFY');
    expect(out).not.toContain('worker started');
  }, 120_000);
});

describe('the console through PgBouncer (transaction pooling)', () => {
  it('signs in, imports a list, sends a campaign with two workers, tracks hits, goes live and reports', async () => {
    const env = { DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct };
    t = await createTestApp({ databaseUrl: pooled, env });
    const app = t;
    expect(app.ctx.databaseUrl).toBe(direct); // the session side
    const f = factories(app);
    const owner = await app.user();

    // Sign-in through the pooler.
    const login = await app.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { email: owner.email, password: owner.password },
    });
    expect(login.statusCode, login.body).toBe(200);

    // A list import: the job through the pooler, the import thread's TEMP staging on PostgreSQL itself.
    const N = 300;
    const tld = `pgb${[...crypto.randomBytes(4)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
    const target = await list(app, owner);
    const csv = ['email', ...Array.from({ length: N }, (_, i) => `user${i}@d${i % 7}.${tld}`)].join('\n');
    const up = await upload(app, owner, target.id, csv);
    expect(up.statusCode, up.body).toBe(200);
    // The import thread starts with the first import (slow on a loaded machine).
    expect(await waitUpload(app, (up.json() as { jobId: number }).jobId, 120_000)).toBe('done');
    const imported = await app.ctx.db.$client.query<{ n: number }>(
      'select count(*)::int as n from emails where email_list_id = $1 and valid',
      [target.id],
    );
    expect(imported.rows[0]!.n).toBe(N);

    // An SMTP campaign sent by two worker processes on the pooler.
    const sink = await startSmtpSink({ credentials: { user: 'pgb', password: 'pgb-pw' } });
    sinks.push(sink);
    const group = await f.smtpRelayGroup({ owner });
    const relayId = await relayOn(app, {
      owner,
      groupId: group.id,
      port: sink.port,
      account: 'pgb',
      password: 'pgb-pw',
    });
    const campaign = await f.smtpCampaign({
      owner,
      emailListId: target.id,
      relayGroupId: group.id,
      mailProviderIds: [await providerId(app, 'Other')],
    });
    // The live hub: the workers' progress (NOTIFY through the pooler) reaches this process's listener.
    const live: unknown[] = [];
    const unsubscribe = app.ctx.hub.subscribe({
      userId: owner.id,
      isAdmin: false,
      send: (topic, data) => {
        if (topic === Topics.campaignProgress) live.push(data);
      },
    });
    // Their warnings and errors are kept: a statement that lost its session (a name prepared on another
    // server connection) shows there.
    const workerEnv = { ...env, LOG_LEVEL: 'warn' };
    const workers = [spawnWorker(app, workerEnv), spawnWorker(app, workerEnv)];
    children.push(...workers);
    await Promise.all(workers.map(workerReady));
    const start = await app.as(owner, {
      method: 'POST',
      url: '/api/campaign_start',
      payload: { id: campaign.id, type: 'smtp' },
    });
    expect(start.statusCode, start.body).toBe(200);
    const status = async () =>
      (await app.ctx.db.$client.query<{ status: number }>('select status from campaigns where id = $1', [campaign.id]))
        .rows[0]!.status;
    await eventually(async () => (await status()) === CampaignStatus.Finished, 120_000);
    const to = sink.messages.flatMap((m) => m.to).sort();
    expect(to.length).toBe(N);
    expect(new Set(to).size).toBe(N); // nobody twice
    expect(live.some((d) => (d as { campaignId?: number }).campaignId === campaign.id)).toBe(true);
    unsubscribe();
    // Tracking hits: the tracker's group commit through the pooler (its statements inlined, not PREPAREd).
    const { rows: some } = await app.ctx.db.$client.query<{ emailId: number }>(
      'select email_id::int as "emailId" from campaign_recipients where campaign_id = $1 order by email_id limit 5',
      [campaign.id],
    );
    for (const { emailId } of some) {
      const id = smtpTrackingId(app, campaign.id, emailId, relayId);
      expect((await app.app.inject({ method: 'GET', url: `/t/o/${id}` })).statusCode).toBe(200);
      expect((await app.app.inject({ method: 'GET', url: `/t/c/${id}` })).statusCode).toBeLessThan(400);
    }
    const counters = await app.ctx.db.$client.query<{ sent: number; uniqueOpens: number; uniqueClicks: number }>(
      `select sent, unique_opens as "uniqueOpens", unique_clicks as "uniqueClicks" from campaign_counters
        where campaign_id = $1`,
      [campaign.id],
    );
    expect(counters.rows[0]).toMatchObject({ sent: N, uniqueOpens: 5, uniqueClicks: 5 });

    // A report through the pooler.
    const today = new Date().toISOString().slice(0, 10);
    const report = await app.as(owner, {
      method: 'POST',
      url: '/api/mail-provider-report',
      payload: { fromDate: today, toDate: today },
    });
    expect(report.statusCode, report.body).toBe(200);
    const other = (report.json() as { report: { provider_name: string; sent: number; open: number }[] }).report.find(
      (r) => r.provider_name === 'Other',
    );
    expect(other).toMatchObject({ sent: N, open: 5 });

    // It all went through the pooler: its transactions on this database.
    const stats = await bouncer.show('stats');
    const ours = stats.find((s) => s.database === name);
    expect(Number(ours?.total_xact_count)).toBeGreaterThan(N / 10);
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(workers.map(exited));
    const logs = workers.map((w) => w.output.join('')).join('');
    expect(logs).not.toMatch(/prepared statement|does not exist|"level":50/);
  }, 240_000);
});
