import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Topics, type UploadFileEvent } from '@console/shared/hub';
import { UploadKinds } from '@console/shared/uploads';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';
import { Jobs } from '../jobs.ts';
import type { AppContext } from '../context.ts';
import { importJobs } from './jobs.ts';
import { ImportFileError, defineImport, fileEvents, type RowParser, type Upload } from './kind.ts';
import { recoverUploads } from './queue.ts';
import { MAX_ATTEMPTS, failuresDir, runUpload } from './run.ts';
import { beat, claimUpload, filesInProgress, insertUpload, lockOwned } from './uploads.repo.ts';

/**
 * The mechanism on its own, with a kind made up for the test: colon-separated `ip:port` lines into a
 * table of its own (what the socks kind will be). What a kind does wrong on purpose is set per test.
 */
const faults = { transient: 0, takeOver: false, badData: false };

const toy = defineImport({
  kind: UploadKinds.socks,
  name: 'test-socks',
  fileField: 'socks',
  csv: { delimiter: ':' },
  stage: {
    columns: 'rn integer not null, ip text, port integer, reason text',
    copyColumns: 'rn, ip, port, reason',
    failureColumns: ['ip'],
  },
  target: async () => ({}),
  checkHeader: async () => undefined,
  parser: async (): Promise<RowParser> => ({
    header(rec) {
      if (rec[0] !== 'ip') throw new ImportFileError('The file has no "ip" column.');
    },
    row(rec, rn) {
      const [ip = '', port = ''] = rec;
      if (faults.badData) return `${rn}\t${ip}\tnot-a-number\t\\N\n`; // PostgreSQL refuses it: 22P02
      return /^\d+\.\d+\.\d+\.\d+$/.test(ip) && /^\d+$/.test(port)
        ? `${rn}\t${ip}\t${port}\t\\N\n`
        : `${rn}\t${ip}\t\\N\tbad line\n`;
    },
  }),
  prepare: async (client, run) => {
    // Another worker takes the upload over (this run was taken for dead) while this one is still going.
    if (faults.takeOver)
      await client.query('update uploads set attempts = attempts + 1 where id = $1', [run.upload.id]);
  },
  merge: async (client, run) => {
    if (faults.transient > 0) {
      faults.transient--;
      throw new Error('connection reset');
    }
    await run.holdUpload();
    const ins = await client.query(
      'insert into toy_socks (ip, port) select ip, port from import_stage where reason is null on conflict do nothing',
    );
    const bad = await client.query<{ n: number }>(
      'select count(*)::int as n from import_stage where reason is not null',
    );
    return { inserted: ins.rowCount ?? 0, failed: bad.rows[0]!.n };
  },
  events: fileEvents,
  notice: { subject: 'Socks upload', done: (label, m) => `${label}: ${m.inserted} socks added` },
});

let t: TestApp;
let ctx: AppContext;
let worker: Jobs;
let owner: TestUser;
const events: UploadFileEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.user();
  await t.ctx.db.$client.query('create table toy_socks (ip text primary key, port integer not null)');
  // A worker of its own that knows the toy kind: pg-boss runs the uploads as in production.
  worker = new Jobs(t.ctx.databaseUrl);
  ctx = { ...t.ctx, jobs: worker };
  worker.register(...importJobs(ctx, [toy]));
  await worker.start({ work: true, schedule: false });
  t.ctx.hub.subscribe({
    userId: owner.id,
    isAdmin: false,
    send: (topic, data) => {
      if (topic === Topics.socksUpload) events.push(data as UploadFileEvent);
    },
  });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});
beforeEach(async () => {
  Object.assign(faults, { transient: 0, takeOver: false, badData: false });
  events.length = 0;
  // What an earlier test left running would make the owner's next upload wait its turn (decision 1310).
  await t.ctx.db.$client.query(
    `update uploads set status = 'failed', heartbeat_at = null where status in ('queued', 'processing')`,
  );
});

const db = () => t.ctx.db.$client;

/** A stored file and its queued upload row, as the request leaves them. */
async function stored(content: string, over: Partial<Upload> = {}): Promise<Upload> {
  const dir = path.join(t.dataDir, 'uploads', toy.name);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.csv`);
  fs.writeFileSync(file, content);
  const client = await db().connect();
  try {
    return await insertUpload(client, {
      kind: toy.kind,
      userId: owner.id,
      originalName: 'socks.csv',
      filePath: file,
      fileSize: content.length,
      ...over,
    });
  } finally {
    client.release();
  }
}

const row = async (id: number) =>
  (
    await db().query(
      'select status, attempts, completion, rows, inserted, failed, error, heartbeat_at from uploads where id = $1',
      [id],
    )
  ).rows[0];
const log = async (id: number) =>
  (await db().query('select source, msg_type, msg_text from upload_log where upload_id = $1 order by id', [id])).rows;
const lastNotice = async () =>
  (
    await db().query('select subject, message, status from notifications where user_id = $1 order by id desc limit 1', [
      owner.id,
    ])
  ).rows[0];

describe('a run', () => {
  it('stages, merges, writes the failures file, reports progress, logs and notifies', async () => {
    const up = await stored('ip:port\n10.0.0.1:1080\n=cmd|calc:80\n10.0.0.2:1081\n');
    await runUpload(ctx, toy, up.id);
    expect(await row(up.id)).toMatchObject({
      status: 'done',
      completion: 100,
      rows: 3,
      inserted: 2,
      failed: 1,
      error: null,
    });
    expect(
      fs
        .readFileSync(path.join(failuresDir(ctx, toy), `${up.id}.csv`), 'utf8')
        .trim()
        .split('\n'),
    ).toEqual(['row,ip,reason', "3,'=cmd|calc,bad line"]);
    expect(fs.existsSync(up.filePath)).toBe(false);
    await eventually(async () => events.some((e) => e.completion === 100));
    expect(events.at(-1)).toEqual({ fileId: up.id, completion: 100, error: null, createdCount: 2 });
    expect(events.map((e) => e.completion)).toEqual([...events.map((e) => e.completion)].sort((a, b) => a - b));
    expect(await lastNotice()).toEqual({
      subject: 'Socks upload',
      message: 'socks.csv: 2 socks added',
      status: 'success',
    });
    expect(await log(up.id)).toEqual([
      { source: 'test-socks', msg_type: 'Info', msg_text: `Upload #${up.id} (socks.csv): socks.csv: 2 socks added` },
    ]);
  });

  it('is queued, run by a worker and listed in progress until it ends', async () => {
    const up = await stored('ip:port\n10.0.1.1:1080\n');
    expect(await filesInProgress(t.ctx.db, owner.id, UploadKinds.socks)).toEqual([
      { id: up.id, originalName: 'socks.csv', completion: 0 },
    ]);
    expect(await filesInProgress(t.ctx.db, owner.id, UploadKinds.smtpRelays)).toEqual([]);
    // The route: the caller's own files of the kind; another user sees none; an unknown type is 422.
    const listed = await t.as(owner, { method: 'GET', url: `/api/upload_files?type=${UploadKinds.socks}` });
    expect(listed.json()).toEqual([{ id: up.id, originalName: 'socks.csv', completion: 0 }]);
    const other = await t.as(await t.user(), { method: 'GET', url: `/api/upload_files?type=${UploadKinds.socks}` });
    expect(other.json()).toEqual([]);
    for (const type of ['6', 'x', '']) {
      const res = await t.as(owner, { method: 'GET', url: `/api/upload_files?type=${type}` });
      expect(res.json()).toEqual({ error: { type: 'Unknown upload type.' } });
    }
    const { queueUpload } = await import('./queue.ts');
    await queueUpload(ctx, toy, up.id);
    await eventually(async () => (await row(up.id)).status === 'done');
    expect(await filesInProgress(t.ctx.db, owner.id, UploadKinds.socks)).toEqual([]);
  });
});

describe('claim and heartbeat', () => {
  it('a live run keeps its upload; a dead one loses it to the next claim', async () => {
    const up = await stored('ip:port\n');
    const age = async () =>
      (
        await db().query<{ s: number }>(
          'select extract(epoch from now() - heartbeat_at)::float8 as s from uploads where id = $1',
          [up.id],
        )
      ).rows[0]!.s;
    const stale = () =>
      db().query(`update uploads set heartbeat_at = now() - interval '2 minutes' where id = $1`, [up.id]);
    const first = (await claimUpload(t.ctx.db, up.id)) as Upload | undefined;
    expect(first?.attempts).toBe(1);
    expect(await claimUpload(t.ctx.db, up.id)).toBeUndefined(); // heartbeat fresh: someone runs it
    await stale();
    await beat(t.ctx.db, first!); // ... and its beat keeps it so
    expect(await claimUpload(t.ctx.db, up.id)).toBeUndefined();
    await stale();
    const second = (await claimUpload(t.ctx.db, up.id)) as Upload | undefined; // no beat for a minute: taken over
    expect(second?.attempts).toBe(2);
    await stale();
    await beat(t.ctx.db, first!); // the old run's beat no longer counts
    expect(await age()).toBeGreaterThan(100);
    await beat(t.ctx.db, second!);
    expect(await age()).toBeLessThan(5);
  });

  it("the merge's hold on its upload lets the run's heartbeat go on", async () => {
    const up = await stored('ip:port\n');
    const run = (await claimUpload(t.ctx.db, up.id)) as Upload | undefined;
    await db().query(`update uploads set heartbeat_at = now() - interval '2 minutes' where id = $1`, [up.id]);
    const merge = await t.ctx.db.$client.connect();
    try {
      await merge.query('begin');
      expect(await lockOwned(merge, run!)).toBe(true);
      // Answered while the merge holds the upload (it waited for the commit before).
      const late = new Promise((_, reject) => setTimeout(() => reject(new Error('the beat waited')), 5_000).unref());
      await Promise.race([beat(t.ctx.db, run!), late]);
      const { rows } = await db().query<{ s: number }>(
        'select extract(epoch from now() - heartbeat_at)::float8 as s from uploads where id = $1',
        [up.id],
      );
      expect(rows[0]!.s).toBeLessThan(5);
      // The run is alive: nobody claims it meanwhile.
      expect(await claimUpload(t.ctx.db, up.id)).toBeUndefined();
    } finally {
      await merge.query('commit');
      merge.release();
    }
  });

  it('a done upload is never run again', async () => {
    const up = await stored('ip:port\n10.0.2.1:1\n');
    await runUpload(ctx, toy, up.id);
    const before = await log(up.id);
    await runUpload(ctx, toy, up.id);
    expect(await log(up.id)).toEqual(before);
  });

  it('a run taken over by another commits nothing', async () => {
    faults.takeOver = true;
    const up = await stored('ip:port\n10.0.3.1:1080\n');
    await runUpload(ctx, toy, up.id);
    expect(await row(up.id)).toMatchObject({ status: 'processing', attempts: 2, inserted: 0 });
    expect((await db().query(`select count(*)::int as n from toy_socks where ip = '10.0.3.1'`)).rows[0].n).toBe(0);
  });
});

describe('retry and give-up', () => {
  it('a passing failure hands the upload back for a retry, which succeeds', async () => {
    faults.transient = 1;
    const up = await stored('ip:port\n10.0.4.1:1080\n');
    await expect(runUpload(ctx, toy, up.id)).rejects.toThrow('connection reset');
    expect(await row(up.id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(fs.existsSync(up.filePath)).toBe(true);
    await runUpload(ctx, toy, up.id);
    expect(await row(up.id)).toMatchObject({ status: 'done', attempts: 2, inserted: 1 });
    expect((await log(up.id)).map((l) => l.msg_type)).toEqual(['Warning', 'Info']);
  });

  it.each([
    ['an unusable file', 'port:ip\n1:10.0.0.1\n', {}, 'The file has no "ip" column.'],
    ['a malformed line', 'ip:port\n"10.0.0.1:80\n', {}, expect.stringMatching(/^The file is not a valid CSV file: /)],
    [
      'a value PostgreSQL refuses',
      'ip:port\n10.0.0.9:80\n',
      { badData: true },
      expect.stringMatching(/^The file is not a valid CSV file: .*integer/),
    ],
  ])('%s fails the upload at once, says why and removes the file', async (_what, content, fault, reason) => {
    Object.assign(faults, fault);
    const up = await stored(content);
    await runUpload(ctx, toy, up.id);
    expect(await row(up.id)).toMatchObject({ status: 'failed', attempts: 1, error: reason });
    expect(fs.existsSync(up.filePath)).toBe(false);
    await eventually(async () => events.some((e) => e.error));
    expect(events.at(-1)).toEqual({ fileId: up.id, completion: 0, error: reason, createdCount: null });
    expect(await lastNotice()).toEqual({
      subject: 'Socks upload',
      message: expect.stringMatching(/^socks.csv: /),
      status: 'error',
    });
    expect((await log(up.id)).map((l) => l.msg_type)).toEqual(['Error']);
  });

  it(`gives up after ${MAX_ATTEMPTS} runs of passing failures`, async () => {
    faults.transient = 100;
    const up = await stored('ip:port\n10.0.5.1:1080\n');
    for (let i = 1; i < MAX_ATTEMPTS; i++) await expect(runUpload(ctx, toy, up.id)).rejects.toThrow();
    await runUpload(ctx, toy, up.id);
    expect(await row(up.id)).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      error: 'The import failed: connection reset',
    });
  });

  it('gives up an upload whose runs keep dying (no run ever reaches its catch)', async () => {
    const up = await stored('ip:port\n10.0.6.1:1080\n');
    await db().query(
      `update uploads set status = 'processing', attempts = $2, heartbeat_at = now() - interval '5 minutes' where id = $1`,
      [up.id, MAX_ATTEMPTS],
    );
    await runUpload(ctx, toy, up.id);
    expect(await row(up.id)).toMatchObject({ status: 'failed', error: 'The import failed: too many attempts' });
    expect(fs.existsSync(up.filePath)).toBe(false);
  });
});

describe('recovery', () => {
  it('queues again what lost its job or its worker, and leaves the rest', async () => {
    const neverQueued = await stored('ip:port\n10.0.7.1:1\n');
    const deadWorker = await stored('ip:port\n10.0.7.2:1\n');
    // Another user's: the owner's own running upload would hold the others back (decision 1310).
    const running = await stored('ip:port\n10.0.7.3:1\n', { userId: (await t.user()).id });
    const fresh = await stored('ip:port\n10.0.7.4:1\n');
    // What the other tests left running is not this test's business.
    await db().query(`update uploads set status = 'done' where id < $1`, [neverQueued.id]);
    await db().query(`update uploads set created_at = now() - interval '2 minutes' where id = any($1)`, [
      [neverQueued.id, deadWorker.id, running.id],
    ]);
    await db().query(
      `update uploads set status = 'processing', attempts = 1, heartbeat_at = now() - interval '3 minutes' where id = $1`,
      [deadWorker.id],
    );
    await db().query(`update uploads set status = 'processing', attempts = 1, heartbeat_at = now() where id = $1`, [
      running.id,
    ]);
    expect(await recoverUploads(ctx, [toy])).toBe(2);
    await eventually(
      async () => (await row(neverQueued.id)).status === 'done' && (await row(deadWorker.id)).status === 'done',
    );
    expect((await row(running.id)).status).toBe('processing');
    expect((await row(fresh.id)).status).toBe('queued');
    expect((await log(deadWorker.id))[0]).toMatchObject({
      msg_type: 'Warning',
      msg_text: expect.stringMatching(/worker stopped/),
    });
    expect(await recoverUploads(ctx, [toy])).toBe(0);
  });
});

describe('one uploader, one import at a time (decision 1310)', () => {
  it("waits while the uploader's other upload runs; other users' uploads are not held up", async () => {
    const other = await t.user();
    const first = await stored('ip:port\n10.0.8.1:1\n');
    const second = await stored('ip:port\n10.0.8.2:1\n');
    const others = await stored('ip:port\n10.0.8.3:1\n', { userId: other.id });
    const running = (await claimUpload(t.ctx.db, first.id)) as Upload;
    expect(running.attempts).toBe(1);
    expect(await claimUpload(t.ctx.db, second.id)).toBe('busy');
    // The run of the waiting upload changes nothing and queues it again, a little later.
    await runUpload(ctx, toy, second.id);
    expect(await row(second.id)).toMatchObject({ status: 'queued', attempts: 0 });
    const { rows: job } = await db().query<{ start: Date }>(
      `select j.start_after as start from pgboss.job j join uploads u on u.boss_job_id = j.id::text where u.id = $1`,
      [second.id],
    );
    expect(job[0]!.start.getTime()).toBeGreaterThan(Date.now());
    // Another user's upload runs meanwhile.
    await runUpload(ctx, toy, others.id);
    expect(await row(others.id)).toMatchObject({ status: 'done', inserted: 1 });
    // A dead run (no heartbeat for a minute) holds nobody back.
    await db().query(`update uploads set heartbeat_at = now() - interval '2 minutes' where id = $1`, [first.id]);
    await runUpload(ctx, toy, second.id);
    expect(await row(second.id)).toMatchObject({ status: 'done', inserted: 1 });
  });
});

describe('row caps (decision 1311)', () => {
  const capped = (rows: number): AppContext => ({
    ...ctx,
    env: { ...ctx.env, IMPORT_MAX_ROWS: { ...ctx.env.IMPORT_MAX_ROWS, socks: rows } },
  });

  it('a file over its kind’s cap fails whole, saying so; one at the cap is imported', async () => {
    const over = await stored('ip:port\n10.0.9.1:1\n10.0.9.2:1\n10.0.9.3:1\n');
    await runUpload(capped(2), toy, over.id);
    const reason =
      'The file has more than 2 rows, the most one file may hold: nothing was imported. Split it into smaller files.';
    expect(await row(over.id)).toMatchObject({ status: 'failed', error: reason, attempts: 1 });
    expect(await lastNotice()).toEqual({ subject: 'Socks upload', message: `socks.csv: ${reason}`, status: 'error' });
    const { rows } = await db().query(`select ip from toy_socks where ip like '10.0.9.%'`);
    expect(rows).toEqual([]);
    expect(fs.existsSync(over.filePath)).toBe(false);

    const at = await stored('ip:port\n10.0.9.1:1\n10.0.9.2:1\n');
    await runUpload(capped(2), toy, at.id);
    expect(await row(at.id)).toMatchObject({ status: 'done', inserted: 2 });
  });

  it('the caps are settable (IMPORT_MAX_ROWS) and told by GET /api/upload_limits', async () => {
    const { loadEnv } = await import('../../env.ts');
    expect(loadEnv({ IMPORT_MAX_ROWS: 'socks=5, emails=20000000' }).IMPORT_MAX_ROWS).toMatchObject({
      socks: 5,
      emails: 20_000_000,
      smtpRelays: 100_000,
    });
    for (const bad of ['socks', 'sock=5', 'socks=0', 'socks=-1', 'socks=1e6'])
      expect(() => loadEnv({ IMPORT_MAX_ROWS: bad }), bad).toThrow(/IMPORT_MAX_ROWS/);
    const res = await t.as(owner, { method: 'GET', url: '/api/upload_limits' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ [UploadKinds.socks]: 1_000_000, [UploadKinds.emails]: 10_000_000 });
    expect((await t.as(null, { method: 'GET', url: '/api/upload_limits' })).statusCode).toBe(401);
  });
});

describe('files of the uploads (decision 1312)', () => {
  it('the failures file is readable by the console alone', async () => {
    const up = await stored('ip:port\n10.0.10.1:1080\nnot-an-ip:80\n');
    await runUpload(ctx, toy, up.id);
    const failures = path.join(failuresDir(ctx, toy), `${up.id}.csv`);
    expect(fs.statSync(failures).mode & 0o777).toBe(0o600);
    expect(fs.statSync(failuresDir(ctx, toy)).mode & 0o777).toBe(0o700);
  });
});
