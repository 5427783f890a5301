// @ts-nocheck
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { DupFilter } from './import/dup-filter.ts';
import { category, expectCountersExact, list, state, upload, uploadAndWait, waitUpload } from './test-helpers.ts';

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
  (
    await t.ctx.db.$client.query('select subject, message, status from notifications where user_id = $1 order by id', [
      u.id,
    ])
  ).rows;

describe('POST /api/add-emails: the import', () => {
  it('stores good rows, classifies them, keeps invalid ones as invalid and reports the rest', async () => {
    const cat = await category(t);
    const otherCat = await category(t);
    const { id } = await list(t, owner, { name: 'Spring', categoryId: cat });
    const db = t.ctx.db.$client;
    await db.query(`insert into spam_emails (email) values ('trap@gmail.com')`);
    await db.query(`insert into mail_provider_domains (domain, is_blacklisted) values ('blacklisted.test', true)`);
    await db.query(
      `insert into unsubscribers (email, category_id) values ('unsub@gmail.com', $1), ('unsub2@gmail.com', $2)`,
      [cat, otherCat],
    );
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
    expect(res.json()).toEqual({
      message: 'We will notify you, when moderation process will be done.',
      jobId: expect.any(Number),
    });
    const { jobId } = res.json();
    expect(await waitUpload(t, jobId)).toBe('done');

    const rows = (
      await db.query(
        `select e.email, e.name, e.surname, e.birth_year, e.city, e.geo, e.valid, p.name as provider
       from emails e join mail_providers p on p.id = e.mail_provider_id where e.email_list_id = $1 order by e.email`,
        [id],
      )
    ).rows;
    expect(rows).toEqual([
      {
        email: 'bob@outlook.com',
        name: 'Bob',
        surname: 'Smith, Jr.',
        birth_year: null,
        city: null,
        geo: null,
        valid: true,
        provider: 'Outlook',
      },
      {
        email: 'existing@gmail.com',
        name: null,
        surname: null,
        birth_year: null,
        city: null,
        geo: null,
        valid: true,
        provider: 'Gmail',
      },
      {
        email: 'jane@yahoo.com',
        name: 'Jane',
        surname: null,
        birth_year: null,
        city: null,
        geo: null,
        valid: true,
        provider: 'Yahoo',
      },
      {
        email: 'john@gmail.com',
        name: 'John',
        surname: 'Doe',
        birth_year: 1980,
        city: 'Paris',
        geo: 'FR',
        valid: true,
        provider: 'Gmail',
      },
      {
        email: 'other@unknown-domain.test',
        name: null,
        surname: null,
        birth_year: null,
        city: null,
        geo: null,
        valid: true,
        provider: 'Other',
      },
      {
        email: 'someone@blacklisted.test',
        name: null,
        surname: null,
        birth_year: null,
        city: null,
        geo: null,
        valid: false,
        provider: 'Other',
      },
      {
        email: 'trap@gmail.com',
        name: null,
        surname: null,
        birth_year: null,
        city: null,
        geo: null,
        valid: false,
        provider: 'Gmail',
      },
      {
        email: 'unsub2@gmail.com',
        name: null,
        surname: null,
        birth_year: null,
        city: null,
        geo: null,
        valid: true,
        provider: 'Gmail',
      },
      {
        email: 'unsub@gmail.com',
        name: null,
        surname: null,
        birth_year: null,
        city: null,
        geo: null,
        valid: false,
        provider: 'Gmail',
      },
    ]);
    expect(await state(t, id)).toMatchObject({ total_counter: 9, valid_counter: 6, job: null, completion: 100 });
    await expectCountersExact(t, id);

    const item = (await t.as(owner, { method: 'GET', url: `/api/email_lists/${id}` })).json();
    const counter = (name: string) =>
      item.providersCounters.find((p: { mailProviderName: string }) => p.mailProviderName === name).counter;
    expect([counter('Gmail'), counter('Yahoo'), counter('Outlook'), counter('Other'), counter('AOL')]).toEqual([
      5, 1, 1, 2, 0,
    ]);
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
    expect((await notifications(owner)).at(-1)).toEqual({
      subject: 'Email list upload',
      message: 'Spring: 8 added, 3 invalid, 4 failed',
      status: 'success',
    });
    expect(uploadsLeft()).toEqual([]);
  });

  it("serves the failures file to whoever sees the list, and only the latest upload's", async () => {
    const assigned = await t.user();
    const stranger = await t.user();
    const { id } = await list(t, owner, { users: [assigned] });
    await uploadAndWait(t, owner, id, 'email\nbad\ngood@gmail.com\n');
    const url = `/api/email_lists/failed/${id}`;
    const get = (u: TestUser | null) => t.as(u, { method: 'GET', url });
    expect((await get(owner)).body.trim().split('\n')).toEqual(['row,email,reason', '2,bad,invalid email']);
    expect((await get(assigned)).statusCode).toBe(200);
    expect((await get(admin)).headers['content-disposition']).toBe(
      `attachment; filename="email-list-${id}-failures.csv"`,
    );
    expect((await get(stranger)).statusCode).toBe(404);
    expect((await get(null)).statusCode).toBe(401);
    await uploadAndWait(t, owner, id, 'email\nclean@gmail.com\n');
    const none = await get(owner);
    expect([none.statusCode, none.json().error]).toEqual([404, 'This email list has no upload failures.']);
    expect((await t.as(owner, { method: 'GET', url: `/api/email_lists/${id}` })).json().failedEmailsUrl).toBeNull();
  });

  it('neutralises cells a spreadsheet would run as formulas in the failures file', async () => {
    const { id } = await list(t, owner);
    const csv = 'email\n=HYPERLINK("http://evil")\n+1+1\n-2\n@SUM(A1)\nplain\n';
    await uploadAndWait(t, owner, id, csv);
    const lines = (await t.as(owner, { method: 'GET', url: `/api/email_lists/failed/${id}` })).body.trim().split('\n');
    expect(lines).toEqual([
      'row,email,reason',
      `2,"'=HYPERLINK(""http://evil"")",invalid email`,
      "3,'+1+1,invalid email",
      "4,'-2,invalid email",
      "5,'@SUM(A1),invalid email",
      '6,plain,invalid email',
    ]);
  });

  it('keeps odd characters of optional fields, reads old Mac line ends, and caps long values', async () => {
    const { id } = await list(t, owner);
    const long = 'L'.repeat(300);
    const csv = [
      'email,name,surname,city',
      'odd@gmail.com,Back\\slash,"Tab\there",' + long,
      'second@gmail.com,"Line\nbreak",,',
    ].join('\r');
    await uploadAndWait(t, owner, id, csv);
    const { rows } = await t.ctx.db.$client.query(
      'select email, name, surname, city from emails where email_list_id = $1 order by email',
      [id],
    );
    expect(rows).toEqual([
      { email: 'odd@gmail.com', name: 'Back\\slash', surname: 'Tab\there', city: 'L'.repeat(255) },
      { email: 'second@gmail.com', name: 'Line\nbreak', surname: null, city: null },
    ]);
  });

  it('refuses what it cannot use at once, with a 4xx, and changes nothing', async () => {
    const assigned = await t.user();
    const stranger = await t.user();
    const { id } = await list(t, owner, { users: [assigned] });
    const before = await state(t, id);
    const uploads = async () =>
      (await t.ctx.db.$client.query('select count(*)::int as n from uploads where kind = 5 and target_id = $1', [id]))
        .rows[0].n;

    const cases: [ReturnType<typeof upload>, number, unknown][] = [
      [upload(t, owner, id, 'name,city\nJohn,Paris\n'), 422, { emails: 'The file has no "email" column.' }],
      [upload(t, owner, id, 'email;name\njohn@gmail.com;John\n'), 422, { emails: 'The file has no "email" column.' }],
      [
        upload(t, owner, id, 'email\nx@gmail.com\n', { filename: 'photo.png', type: 'image/png' }),
        422,
        { emails: 'The file must be a CSV file (text/csv).' },
      ],
      [upload(t, owner, id, ''), 422, { emails: 'The file is empty.' }],
      [upload(t, owner, id, '\n\n'), 422, { emails: 'The file is empty.' }],
      [
        upload(t, owner, id, '"email,name\nx@gmail.com,X\n'),
        422,
        { emails: expect.stringMatching(/^The file is not a valid CSV file: /) },
      ],
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
    const emptyPart = await t.as(owner, {
      method: 'POST',
      url: '/api/add-emails',
      ...multipart({ emailListId: String(id) }, { filename: '', type: 'application/octet-stream', content: '' }),
    });
    expect([emptyPart.statusCode, emptyPart.json().error]).toEqual([422, { emails: 'Please choose a CSV file.' }]);
    const unauthenticated = await upload(t, { ...owner, token: 'nope' }, id, 'email\nx@gmail.com\n');
    expect(unauthenticated.statusCode).toBe(401);

    expect(await state(t, id)).toEqual(before);
    expect(await uploads()).toBe(0);
    expect(uploadsLeft()).toEqual([]);
  });

  it('stores a first upload into an empty list straight into it, with the same outcome as the merge (decision 1240)', async () => {
    const cat = await category(t);
    const db = t.ctx.db.$client;
    await db.query(`insert into spam_emails (email) values ('trap2@gmail.com')`);
    await db.query(`insert into mail_provider_domains (domain, is_blacklisted) values ('blacklisted2.test', true)`);
    await db.query(`insert into unsubscribers (email, category_id) values ('unsub3@gmail.com', $1)`, [cat]);
    // Two addresses with the same 32-bit fingerprint: the second is flagged "maybe seen" yet is new.
    const [fa, fb] = ['u31992@gmail.com', 'u605430@gmail.com'];
    const filter = new DupFilter();
    expect([filter.seen(fa), filter.seen(fb)]).toEqual([false, true]);
    const csv = [
      'email,name',
      `${fa},First`, // 2
      'ann@gmail.com,Ann', // 3
      'trap2@gmail.com,', // 4: spam trap -> invalid
      'x@blacklisted2.test,', // 5: blacklisted domain -> invalid
      `${fb},Second`, // 6: collides with row 2, not a duplicate
      'ANN@gmail.com,Again', // 7: duplicate
      'broken,', // 8: invalid email
      'unsub3@gmail.com,', // 9: unsubscribed -> invalid
      `${fb},Third`, // 10: duplicate of row 6
      'ann@gmail.com,Thrice', // 11: duplicate
      ',nobody', // 12: missing email
      'bo@yahoo.com,Bo', // 13
    ].join('\n');
    const direct = await list(t, owner, { categoryId: cat });
    const merged = await list(t, owner, { categoryId: cat });
    await uploadAndWait(t, owner, merged.id, 'email\nseed@gmail.com\n'); // not empty: the ordinary way
    const outcome = async (listId: number) => {
      const { jobId } = await uploadAndWait(t, owner, listId, csv);
      await expectCountersExact(t, listId);
      const up = (await db.query('select inserted, failed, stats from uploads where id = $1', [jobId])).rows[0];
      const emails = (
        await db.query(
          `select email, name, valid, mail_provider_id from emails where email_list_id = $1 and email <> 'seed@gmail.com'
           order by email`,
          [listId],
        )
      ).rows;
      const item = (await t.as(owner, { method: 'GET', url: `/api/email_lists/${listId}` })).json();
      const failures = (await t.as(owner, { method: 'GET', url: item.failedEmailsUrl })).body;
      return { direct: up.stats.timings.direct, inserted: up.inserted, failed: up.failed, emails, failures };
    };
    const a = await outcome(direct.id);
    const b = await outcome(merged.id);
    expect(a.direct).toBe(true);
    expect(b.direct).toBe(false);
    expect({ ...a, direct: null }).toEqual({ ...b, direct: null });
    expect(a.emails.map((e: { email: string; name: string; valid: boolean }) => [e.email, e.name, e.valid])).toEqual([
      ['ann@gmail.com', 'Ann', true],
      ['bo@yahoo.com', 'Bo', true],
      ['trap2@gmail.com', null, false],
      [fa, 'First', true],
      [fb, 'Second', true],
      ['unsub3@gmail.com', null, false],
      ['x@blacklisted2.test', null, false],
    ]);
    expect(a.failures.trim().split(/\r?\n/)).toEqual([
      'row,email,reason',
      '7,ann@gmail.com,duplicate',
      '8,broken,invalid email',
      `10,${fb},duplicate`,
      '11,ann@gmail.com,duplicate',
      '12,,missing email',
    ]);
    expect(await state(t, direct.id)).toMatchObject({ total_counter: 7, valid_counter: 4, job: null, completion: 100 });
  });

  it('leaves an empty list empty when a malformed file fails on the direct path', async () => {
    const { id } = await list(t, owner);
    const before = await state(t, id);
    const rows = Array.from({ length: 2000 }, (_, i) => `r${i}@gmail.com,A`);
    const res = await upload(
      t,
      owner,
      id,
      `email,name\n${rows.join('\n')}\n"unterminated@gmail.com,B\nlast@gmail.com,C\n`,
    );
    expect(await waitUpload(t, res.json().jobId)).toBe('failed');
    expect(await state(t, id)).toEqual({ ...before, job: null, completion: 0 });
    expect(
      (await t.ctx.db.$client.query('select count(*)::int as n from emails where email_list_id = $1', [id])).rows[0].n,
    ).toBe(0);
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
    expect(last).toMatchObject({
      subject: 'Email list upload',
      status: 'error',
      message: expect.stringMatching(/^Broken: The file is not a valid CSV file: .*quote/i),
    });
    expect(uploadsLeft()).toEqual([]);
  });
});
