import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics, type EmailListUploadEvent } from '@console/shared/hub';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';
import { category, expectCountersExact, list, providerId, state, upload, uploadAndWait, waitUpload } from './test-helpers.ts';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.user();
  admin = await t.user({ admin: true });
});
afterAll(() => t.close());

const uploadsLeft = () => {
  const dir = path.join(t.dataDir, 'uploads', 'email-lists');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const notifications = async (u: TestUser) =>
  (await t.ctx.db.$client.query('select subject, message, status from notifications where user_id = $1 order by id', [u.id])).rows;

describe('POST /api/add-emails: the import', () => {
  it('stores good rows, classifies them, keeps invalid ones as invalid and reports the rest', async () => {
    const cat = await category(t);
    const otherCat = await category(t);
    const { id } = await list(t, owner, { name: 'Spring', categoryId: cat });
    const db = t.ctx.db.$client;
    await db.query(`insert into spam_emails (email) values ('trap@gmail.com')`);
    await db.query(`insert into mail_provider_domains (domain, is_blacklisted) values ('blacklisted.test', true)`);
    await db.query(`insert into unsubscribers (email, category_id) values ('unsub@gmail.com', $1), ('unsub2@gmail.com', $2)`, [cat, otherCat]);
    await uploadAndWait(t, owner, id, 'email\nexisting@gmail.com\n');

    const csv = [
      '\uFEFFEmail,Name,Surname,birthYear,City,Geo', // row 1: the header, with a BOM and mixed case
      'john@gmail.com,John,Doe,1980,Paris,FR', // 2
      ' JANE@Yahoo.com ,Jane,,abc,,', // 3: trimmed, lower-cased; a bad birth year is dropped
      'bob@outlook.com,Bob,"Smith, Jr.",,,', // 4
      'not-an-email,X,,,,', // 5
      ',Nobody,,,,', // 6
      'john@gmail.com,Dup,,,,', // 7: duplicate in the file
      'trap@gmail.com,,,,,', // 8: spam trap -> invalid
      'someone@blacklisted.test,,,,,', // 9: blacklisted domain -> invalid, provider Other
      'unsub@gmail.com,,,,,', // 10: unsubscribed from this category -> invalid
      'existing@gmail.com,,,,,', // 11: already in the list
      'other@unknown-domain.test,,,,,', // 12: provider Other
      'unsub2@gmail.com', // 13: unsubscribed from another category only -> valid; short row
    ].join('\r\n');
    const res = await upload(t, owner, id, csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'We will notify you, when moderation process will be done.', jobId: expect.any(Number) });
    const { jobId } = res.json();
    expect(await waitUpload(t, jobId)).toBe('done');

    const rows = (await db.query(
      `select e.email, e.name, e.surname, e.birth_year, e.city, e.geo, e.valid, p.name as provider
       from emails e join mail_providers p on p.id = e.mail_provider_id where e.email_list_id = $1 order by e.email`,
      [id],
    )).rows;
    expect(rows).toEqual([
      { email: 'bob@outlook.com', name: 'Bob', surname: 'Smith, Jr.', birth_year: null, city: null, geo: null, valid: true, provider: 'Outlook' },
      { email: 'existing@gmail.com', name: null, surname: null, birth_year: null, city: null, geo: null, valid: true, provider: 'Gmail' },
      { email: 'jane@yahoo.com', name: 'Jane', surname: null, birth_year: null, city: null, geo: null, valid: true, provider: 'Yahoo' },
      { email: 'john@gmail.com', name: 'John', surname: 'Doe', birth_year: 1980, city: 'Paris', geo: 'FR', valid: true, provider: 'Gmail' },
      { email: 'other@unknown-domain.test', name: null, surname: null, birth_year: null, city: null, geo: null, valid: true, provider: 'Other' },
      { email: 'someone@blacklisted.test', name: null, surname: null, birth_year: null, city: null, geo: null, valid: false, provider: 'Other' },
      { email: 'trap@gmail.com', name: null, surname: null, birth_year: null, city: null, geo: null, valid: false, provider: 'Gmail' },
      { email: 'unsub2@gmail.com', name: null, surname: null, birth_year: null, city: null, geo: null, valid: true, provider: 'Gmail' },
      { email: 'unsub@gmail.com', name: null, surname: null, birth_year: null, city: null, geo: null, valid: false, provider: 'Gmail' },
    ]);
    expect(await state(t, id)).toMatchObject({ total_counter: 9, valid_counter: 6, job: null, completion: 100 });
    await expectCountersExact(t, id);

    const item = (await t.as(owner, { method: 'GET', url: `/api/email_lists/${id}` })).json();
    const counter = (name: string) => item.providersCounters.find((p: { mailProviderName: string }) => p.mailProviderName === name).counter;
    expect([counter('Gmail'), counter('Yahoo'), counter('Outlook'), counter('Other'), counter('AOL')]).toEqual([5, 1, 1, 2, 0]);
    expect(item.failedEmailsUrl).toBe(`/api/email_lists/failed/${id}`);

    const failures = await t.as(owner, { method: 'GET', url: item.failedEmailsUrl });
    expect(failures.statusCode).toBe(200);
    expect(failures.headers['content-type']).toMatch(/^text\/csv/);
    expect(failures.body.trim().split(/\r?\n/)).toEqual([
      'row,email,reason',
      '5,not-an-email,invalid email',
      '6,,missing email',
      '7,john@gmail.com,duplicate',
      '11,existing@gmail.com,duplicate',
    ]);
    expect((await notifications(owner)).at(-1)).toEqual({ subject: 'Email list upload', message: 'Spring: 8 added, 3 invalid, 4 failed', status: 'success' });
    expect(uploadsLeft()).toEqual([]);
  });

  it('refuses what it cannot use at once, with a 4xx, and changes nothing', async () => {
    const assigned = await t.user();
    const stranger = await t.user();
    const { id } = await list(t, owner, { users: [assigned] });
    const before = await state(t, id);
    const uploads = async () => (await t.ctx.db.$client.query('select count(*)::int as n from email_list_uploads where email_list_id = $1', [id])).rows[0].n;

    const cases: [ReturnType<typeof upload>, number, unknown][] = [
      [upload(t, owner, id, 'name,city\nJohn,Paris\n'), 422, { emails: 'The file has no "email" column.' }],
      [upload(t, owner, id, 'email;name\njohn@gmail.com;John\n'), 422, { emails: 'The file has no "email" column.' }],
      [upload(t, owner, id, 'email\nx@gmail.com\n', { filename: 'photo.png', type: 'image/png' }), 422, { emails: 'The file must be a CSV file (text/csv).' }],
      [upload(t, owner, id, ''), 422, { emails: 'The file is empty.' }],
      [upload(t, owner, id, '\n\n'), 422, { emails: 'The file is empty.' }],
      [upload(t, owner, id, '"email,name\nx@gmail.com,X\n'), 422, { emails: expect.stringMatching(/^The file is not a valid CSV file: /) }],
      [upload(t, owner, 999999, 'email\nx@gmail.com\n'), 404, { emailListId: 'Email list not found.' }],
      [upload(t, stranger, id, 'email\nx@gmail.com\n'), 404, { emailListId: 'Email list not found.' }],
      [upload(t, assigned, id, 'email\nx@gmail.com\n'), 403, 'Access denied.'],
      [upload(t, owner, 'abc', 'email\nx@gmail.com\n'), 422, { emailListId: 'Email list not found.' }],
    ];
    for (const [pending, status, error] of cases) {
      const res = await pending;
      expect([res.statusCode, res.json().error]).toEqual([status, error]);
    }
    const noFile = await t.as(owner, { method: 'POST', url: '/api/add-emails', payload: { emailListId: id } });
    expect([noFile.statusCode, noFile.json().error]).toEqual([422, { emails: 'Please choose a CSV file.' }]);
    const { multipart } = await import('./test-helpers.ts');
    const emptyPart = await t.as(owner, { method: 'POST', url: '/api/add-emails', ...multipart({ emailListId: String(id) }, { filename: '', type: 'application/octet-stream', content: '' }) });
    expect([emptyPart.statusCode, emptyPart.json().error]).toEqual([422, { emails: 'Please choose a CSV file.' }]);
    const unauthenticated = await upload(t, { ...owner, token: 'nope' }, id, 'email\nx@gmail.com\n');
    expect(unauthenticated.statusCode).toBe(401);

    expect(await state(t, id)).toEqual(before);
    expect(await uploads()).toBe(0);
    expect(uploadsLeft()).toEqual([]);
  });

  it('fails the job on a malformed file found later, tells the uploader, and leaves the list as it was', async () => {
    const { id } = await list(t, owner, { name: 'Broken' });
    await uploadAndWait(t, owner, id, 'email\nfirst@gmail.com\n');
    const before = await state(t, id);
    const res = await upload(t, admin, id, 'email,name\nok@gmail.com,A\n"unterminated@gmail.com,B\nlast@gmail.com,C\n');
    expect(res.statusCode).toBe(200);
    expect(await waitUpload(t, res.json().jobId)).toBe('failed');
    expect(await state(t, id)).toEqual({ ...before, job: null, completion: 0 });
    await expectCountersExact(t, id);
    const last = (await notifications(admin)).at(-1);
    expect(last).toMatchObject({ subject: 'Email list upload', status: 'error', message: expect.stringMatching(/^Broken: The file is not a valid CSV file: .*quote/i) });
    expect(uploadsLeft()).toEqual([]);
  });

  it('keeps the counters right when two uploads to one list run at once', async () => {
    const { id } = await list(t, owner);
    const lines = (prefix: string, n: number, domain: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}@${domain}`);
    const shared = lines('shared', 500, 'yahoo.com');
    const a = ['email', ...lines('a', 1000, 'gmail.com'), ...shared].join('\n');
    const b = ['email', ...shared, ...lines('b', 1000, 'hotmail.com')].join('\n');
    const [ra, rb] = await Promise.all([upload(t, owner, id, a), upload(t, admin, id, b)]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    const statuses = await Promise.all([waitUpload(t, ra.json().jobId), waitUpload(t, rb.json().jobId)]);
    expect(statuses).toEqual(['done', 'done']);
    expect(await state(t, id)).toMatchObject({ total_counter: 2500, valid_counter: 2500, job: null, completion: 100 });
    await expectCountersExact(t, id);
    const { rows } = await t.ctx.db.$client.query('select inserted, failed from email_list_uploads where email_list_id = $1 order by inserted', [id]);
    // whichever merged second found the 500 shared addresses already there
    expect(rows).toEqual([{ inserted: 1000, failed: 500 }, { inserted: 1500, failed: 0 }]);
    const counters = (await t.as(owner, { method: 'GET', url: `/api/email_lists/${id}` })).json().providersCounters;
    const byName = Object.fromEntries(counters.map((c: { mailProviderName: string; counter: number }) => [c.mailProviderName, c.counter]));
    expect([byName.Gmail, byName.Yahoo, byName.Outlook]).toEqual([1000, 500, 1000]);
  });

  it('pushes live progress to the owner while it reads, then the idle state', async () => {
    const { id } = await list(t, owner);
    const events: EmailListUploadEvent[] = [];
    const unsubscribe = t.ctx.hub.subscribe({
      userId: owner.id,
      isAdmin: false,
      send: (topic, data) => topic === Topics.emailListUpload && (data as EmailListUploadEvent).emailListId === id && events.push(data as EmailListUploadEvent),
    });
    const stranger: EmailListUploadEvent[] = [];
    const unsubscribeStranger = t.ctx.hub.subscribe({ userId: -1, isAdmin: false, send: (_t, d) => stranger.push(d as EmailListUploadEvent) });
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

  it('re-queues uploads whose worker died or whose job was never queued', async () => {
    const { id } = await list(t, owner);
    const dir = path.join(t.dataDir, 'uploads', 'email-lists');
    fs.mkdirSync(dir, { recursive: true });
    const db = t.ctx.db.$client;
    const lost = async (name: string, csv: string, status: string, age: string) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, csv);
      const { rows } = await db.query(
        `insert into email_list_uploads (email_list_id, user_id, file_name, file_path, file_size, status, attempts, heartbeat_at, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, now() - $8::interval, now() - $8::interval) returning id`,
        [id, owner.id, name, file, fs.statSync(file).size, status, status === 'processing' ? 1 : 0, age],
      );
      return rows[0].id as number;
    };
    const crashed = await lost('crashed.csv', 'email\nc1@gmail.com\nc2@gmail.com\n', 'processing', '5 minutes');
    const neverQueued = await lost('never.csv', 'email\nn1@gmail.com\nc1@gmail.com\n', 'queued', '2 minutes');
    await db.query('update email_lists set job = $2, completion = 40 where id = $1', [id, neverQueued]);
    const { recoverUploads } = await import('./import/recover.ts');
    expect(await recoverUploads(t.ctx)).toBe(2);
    expect([await waitUpload(t, crashed), await waitUpload(t, neverQueued)]).toEqual(['done', 'done']);
    expect(await state(t, id)).toMatchObject({ total_counter: 3, job: null, completion: 100 });
    await expectCountersExact(t, id);
    expect(await recoverUploads(t.ctx)).toBe(0);
  });

  it('skips an upload that is already done when its job runs again', async () => {
    const { id } = await list(t, owner);
    const { jobId } = await uploadAndWait(t, owner, id, 'email\nonce@gmail.com\n');
    const { runImport } = await import('./import/run-import.ts');
    await runImport(t.ctx, jobId);
    expect(await state(t, id)).toMatchObject({ total_counter: 1, job: null });
    expect(await providerId(t, 'Gmail')).toBeGreaterThan(0);
  });
});
