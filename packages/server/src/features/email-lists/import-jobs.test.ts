import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics, type EmailListUploadEvent } from '@console/shared/hub';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';
import { recoverUploads } from '../../core/imports/queue.ts';
import { runUpload } from '../../core/imports/run.ts';
import { importKinds } from '../../workers.ts';
import { emailListImport } from './import/kind.ts';
import { expectCountersExact, list, state, upload, uploadAndWait, waitUpload } from './test-helpers.ts';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.user();
  admin = await t.user({ admin: true });
});
afterAll(() => t.close());

describe('the import job', () => {
  it('keeps the counters right when two uploads to one list run at once', async () => {
    const { id } = await list(t, owner);
    const lines = (prefix: string, n: number, domain: string) =>
      Array.from({ length: n }, (_, i) => `${prefix}${i}@${domain}`);
    const shared = lines('shared', 500, 'yahoo.com');
    const a = ['email', ...lines('a', 1000, 'gmail.com'), ...shared].join('\n');
    const b = ['email', ...shared, ...lines('b', 1000, 'hotmail.com')].join('\n');
    const [ra, rb] = await Promise.all([upload(t, owner, id, a), upload(t, admin, id, b)]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    const statuses = await Promise.all([waitUpload(t, ra.json().jobId), waitUpload(t, rb.json().jobId)]);
    expect(statuses).toEqual(['done', 'done']);
    expect(await state(t, id)).toMatchObject({ total_counter: 2500, valid_counter: 2500, job: null, completion: 100 });
    await expectCountersExact(t, id);
    const { rows } = await t.ctx.db.$client.query(
      'select inserted, failed from uploads where kind = 5 and target_id = $1 order by inserted',
      [id],
    );
    // whichever merged second found the 500 shared addresses already there
    expect(rows).toEqual([
      { inserted: 1000, failed: 500 },
      { inserted: 1500, failed: 0 },
    ]);
    // One of them wrote straight into the empty list (decision 1240), the other took the ordinary way.
    const { rows: ways } = await t.ctx.db.$client.query(
      `select stats->'timings'->>'direct' as direct from uploads where kind = 5 and target_id = $1 order by 1`,
      [id],
    );
    expect(ways).toEqual([{ direct: 'false' }, { direct: 'true' }]);
    const counters = (await t.as(owner, { method: 'GET', url: `/api/email_lists/${id}` })).json().providersCounters;
    const byName = Object.fromEntries(
      counters.map((c: { mailProviderName: string; counter: number }) => [c.mailProviderName, c.counter]),
    );
    expect([byName.Gmail, byName.Yahoo, byName.Outlook]).toEqual([1000, 500, 1000]);
  });

  it('pushes live progress to the owner while it reads, then the idle state', async () => {
    const { id } = await list(t, owner);
    const events: EmailListUploadEvent[] = [];
    const unsubscribe = t.ctx.hub.subscribe({
      userId: owner.id,
      isAdmin: false,
      send: (topic, data) =>
        topic === Topics.emailListUpload &&
        (data as EmailListUploadEvent).emailListId === id &&
        events.push(data as EmailListUploadEvent),
    });
    const stranger: EmailListUploadEvent[] = [];
    const unsubscribeStranger = t.ctx.hub.subscribe({
      userId: -1,
      isAdmin: false,
      send: (_t, d) => stranger.push(d as EmailListUploadEvent),
    });
    try {
      const csv = ['email,name', ...Array.from({ length: 60_000 }, (_, i) => `user${i}@gmail.com,Name${i}`)].join('\n');
      const res = await upload(t, admin, id, csv);
      const jobId = res.json().jobId;
      expect(await waitUpload(t, jobId)).toBe('done');
      await eventually(async () => events.some((e) => e.jobId === null));
      const running = events.filter((e) => e.jobId === jobId);
      expect(running.length).toBeGreaterThan(0);
      for (const e of running) expect(e.completion).toBeLessThan(100);
      const completions = running.map((e) => e.completion);
      expect(completions).toEqual([...completions].sort((x, y) => x - y));
      expect(events.at(-1)).toEqual({ emailListId: id, completion: 100, jobId: null });
      expect(stranger).toEqual([]);
      expect(await state(t, id)).toMatchObject({ total_counter: 60_000, job: null, completion: 100 });
    } finally {
      unsubscribe();
      unsubscribeStranger();
    }
  });

  it('ends a list with a 10,000-character name idle and complete, and tells its owner live (issue 6, item 4)', async () => {
    const { id } = await list(t, owner);
    await t.ctx.db.$client.query('update email_lists set name = $2 where id = $1', [id, 'N'.repeat(10_000)]);
    const live: { topic: string; data: unknown }[] = [];
    const unsubscribe = t.ctx.hub.subscribe({
      userId: owner.id,
      isAdmin: false,
      send: (topic, data) => live.push({ topic, data }),
    });
    try {
      const { status } = await uploadAndWait(t, owner, id, 'email\nlong1@gmail.com\nlong2@gmail.com\n');
      expect(status).toBe('done');
      expect(await state(t, id)).toMatchObject({ total_counter: 2, job: null, completion: 100 });
      await eventually(async () => live.some((e) => e.topic === Topics.notifications));
      expect(
        live.find((e) => e.topic === Topics.emailListUpload && (e.data as EmailListUploadEvent).jobId === null)?.data,
      ).toEqual({
        emailListId: id,
        completion: 100,
        jobId: null,
      });
      const pushed = live.find((e) => e.topic === Topics.notifications)!.data as { message: string };
      const stored = (
        await t.ctx.db.$client.query('select message from notifications where user_id = $1 order by id desc limit 1', [
          owner.id,
        ])
      ).rows[0].message as string;
      expect(stored).toMatch(/^N+…$/);
      expect(stored.length).toBeLessThanOrEqual(1000);
      expect(pushed.message).toBe(stored);
    } finally {
      unsubscribe();
    }
  });

  it('re-queues uploads whose worker died or whose job was never queued', async () => {
    const { id } = await list(t, owner);
    const dir = path.join(t.dataDir, 'uploads', 'email-lists');
    fs.mkdirSync(dir, { recursive: true });
    const db = t.ctx.db.$client;
    const lost = async (name: string, csv: string, status: string, age: string) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, csv);
      const { rows } = await db.query(
        `insert into uploads (kind, target_id, user_id, original_name, file_path, file_size, status, attempts, heartbeat_at, created_at)
         values (5, $1, $2, $3, $4, $5, $6, $7, now() - $8::interval, now() - $8::interval) returning id`,
        [id, owner.id, name, file, fs.statSync(file).size, status, status === 'processing' ? 1 : 0, age],
      );
      return rows[0].id as number;
    };
    const crashed = await lost('crashed.csv', 'email\nc1@gmail.com\nc2@gmail.com\n', 'processing', '5 minutes');
    const neverQueued = await lost('never.csv', 'email\nn1@gmail.com\nc1@gmail.com\n', 'queued', '2 minutes');
    await db.query('update email_lists set job = $2, completion = 40 where id = $1', [id, neverQueued]);
    expect(await recoverUploads(t.ctx, importKinds)).toBe(2);
    expect([await waitUpload(t, crashed), await waitUpload(t, neverQueued)]).toEqual(['done', 'done']);
    expect(await state(t, id)).toMatchObject({ total_counter: 3, job: null, completion: 100 });
    await expectCountersExact(t, id);
    expect(await recoverUploads(t.ctx, importKinds)).toBe(0);
  });

  it('loses nothing when the direct path loses its connection mid-read: the list stays empty, the retry stores all', async () => {
    const { id } = await list(t, owner);
    const dir = path.join(t.dataDir, 'uploads', 'email-lists');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'cut.csv');
    const n = 300_000;
    fs.writeFileSync(
      file,
      `email\n${Array.from({ length: n }, (_, i) => `cut${i}@gmail.com`).join('\n')}\ncut7@gmail.com\n`,
    );
    const db = t.ctx.db.$client;
    const { rows } = await db.query(
      `insert into uploads (kind, target_id, user_id, original_name, file_path, file_size, status)
       values (5, $1, $2, 'cut.csv', $3, $4, 'queued') returning id`,
      [id, owner.id, file, fs.statSync(file).size],
    );
    const uploadId = rows[0].id as number;
    const first = runUpload(t.ctx, emailListImport, uploadId);
    // The run's backend, while it writes into the list: its connection is cut.
    const pid = await eventually(async () => {
      const { rows: a } = await db.query(
        `select pid from pg_stat_activity where query like 'copy emails %' and state = 'active'`,
      );
      return a[0]?.pid as number | undefined;
    });
    await db.query('select pg_terminate_backend($1)', [pid]);
    await expect(first).rejects.toThrow();
    expect(await state(t, id)).toMatchObject({ total_counter: 0, valid_counter: 0 });
    expect((await db.query('select count(*)::int as n from emails where email_list_id = $1', [id])).rows[0].n).toBe(0);
    expect((await db.query('select status from uploads where id = $1', [uploadId])).rows[0].status).toBe('queued');
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('cut.csv'))).toEqual(['cut.csv']); // no aside file left

    await runUpload(t.ctx, emailListImport, uploadId);
    const up = (await db.query('select status, inserted, failed, stats from uploads where id = $1', [uploadId]))
      .rows[0];
    expect(up).toMatchObject({ status: 'done', inserted: n, failed: 1 });
    expect(up.stats.timings.direct).toBe(true);
    expect(await state(t, id)).toMatchObject({ total_counter: n, valid_counter: n, job: null, completion: 100 });
    await expectCountersExact(t, id);
  });

  it('classifies the same way whether the spam lists are looked up by hash or joined', async () => {
    const { CLASSIFY_HASHED, CLASSIFY_JOINED, refuseInList } = await import('./import/merge.ts');
    const cat = (await t.ctx.db.$client.query(`insert into categories (name) values ('cls') returning id`)).rows[0].id;
    const other = (await t.ctx.db.$client.query(`insert into categories (name) values ('cls2') returning id`)).rows[0]
      .id;
    const db = t.ctx.db.$client;
    await db.query(`insert into spam_emails (email) values ('c-trap@gmail.com')`);
    await db.query(`insert into mail_provider_domains (domain, is_blacklisted) values ('c-black.test', true)`);
    await db.query(
      `insert into unsubscribers (email, category_id) values ('c-unsub@gmail.com', $1), ('c-other@gmail.com', $2)`,
      [cat, other],
    );
    const client = await db.connect();
    try {
      await client.query(`create temp table import_stage (rn int, email text, domain text, reason text)`);
      await client.query(`insert into import_stage values
        (1, 'c-ok@gmail.com', 'gmail.com', null), (2, 'c-trap@gmail.com', 'gmail.com', null),
        (3, 'x@c-black.test', 'c-black.test', null), (4, 'c-unsub@gmail.com', 'gmail.com', null),
        (5, 'c-other@gmail.com', 'gmail.com', null)`);
      const { id: listId } = await list(t, owner, { categoryId: cat });
      // A complaint about the list's owner's mail refuses the address in the owner's lists only.
      await db.query(
        `insert into complaint_emails (user_id, email, source) values ($1, 'c-complained@gmail.com', 'report'),
           ($2, 'c-ok@gmail.com', 'report')`,
        [owner.id, admin.id],
      );
      await client.query(`insert into import_stage values (6, 'c-complained@gmail.com', 'gmail.com', null)`);
      const run = async (c: { valid: string; joins: string }) =>
        (
          await client.query(
            `select s.rn, ${c.valid} as valid from import_stage s ${c.joins} order by s.rn`
              .replaceAll('$4', String(cat))
              .replaceAll('$1', String(listId)),
          )
        ).rows;
      const expected = [
        { rn: 1, valid: true },
        { rn: 2, valid: false },
        { rn: 3, valid: false },
        { rn: 4, valid: false },
        { rn: 5, valid: true },
        { rn: 6, valid: false },
      ];
      expect(await run(CLASSIFY_HASHED)).toEqual(expected);
      expect(await run(CLASSIFY_JOINED)).toEqual(expected);
      // The direct path classifies rows already in a list (refuseInList), in either form.
      await client.query(
        `insert into emails (email_list_id, email, mail_provider_id, valid)
         select $1, s.email, p.id, true from import_stage s, mail_providers p where p.name = 'Other'`,
        [listId],
      );
      for (const form of [CLASSIFY_HASHED, CLASSIFY_JOINED]) {
        await client.query('begin');
        expect(await refuseInList(client, listId, cat, form)).toBe(4);
        const valid = await client.query(
          `select s.rn, e.valid from import_stage s join emails e on e.email_list_id = $1 and e.email = s.email order by s.rn`,
          [listId],
        );
        expect(valid.rows).toEqual(expected);
        await client.query('rollback');
      }
    } finally {
      await client.query('drop table if exists import_stage');
      client.release();
    }
  });

  it('skips an upload that is already done when its job runs again', async () => {
    const { id } = await list(t, owner);
    const { jobId } = await uploadAndWait(t, owner, id, 'email\nonce@gmail.com\n');
    const notices = async () =>
      (await t.ctx.db.$client.query('select count(*)::int as n from notifications where user_id = $1', [owner.id]))
        .rows[0].n;
    const before = await notices();
    await runUpload(t.ctx, emailListImport, jobId);
    expect(await state(t, id)).toMatchObject({ total_counter: 1, job: null, completion: 100 });
    expect(await notices()).toBe(before);
    await expectCountersExact(t, id);
  });
});
