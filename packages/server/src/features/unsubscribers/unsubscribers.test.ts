import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_ACCEPTED } from '@console/shared/uploads';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { multipartBody, uploadOutcome } from '../../../test/uploads.ts';
import { indexReads, indexReadsAfter, trigramIndexes } from '../../../test/plans.ts';

let t: TestApp;
let make: ReturnType<typeof factories>;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  admin = await t.user({ admin: true });
});
afterAll(() => t.close());

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
/** Single add as the form sends it: multipart `data` (JSON). */
const add = (data: object, u = admin) =>
  t.as(u, { method: 'POST', url: '/api/unsubscribers', ...multipartBody({ data: JSON.stringify(data) }) });
const upload = (data: object, csv: string, u = admin) =>
  t.as(u, {
    method: 'POST',
    url: '/api/unsubscribers',
    ...multipartBody({ data: JSON.stringify(data) }, { field: 'file', filename: 'unsub.csv', content: csv }),
  });

/** Each list's counters against a direct count of its e-mails. */
async function expectCountersTrue(listIds: number[]) {
  const rows = await q(
    `select l.id, l.valid_counter, l.total_counter,
            (select count(*) from emails e where e.email_list_id = l.id and e.valid)::int as valid,
            (select count(*) from emails e where e.email_list_id = l.id)::int as total,
            (select coalesce(sum(counter), 0) from email_list_provider_counters c where c.email_list_id = l.id)::int as providers
     from email_lists l where l.id = any($1) order by l.id`,
    [listIds],
  );
  for (const r of rows) {
    expect(r.valid_counter, `list ${r.id} valid`).toBe(r.valid);
    expect(r.total_counter, `list ${r.id} total`).toBe(r.total);
    expect(r.providers, `list ${r.id} providers`).toBe(r.total);
  }
  return Object.fromEntries(rows.map((r) => [r.id, r.valid]));
}

describe('unsubscribers', () => {
  it('reads the form data sent after the file (issue 22)', async () => {
    const cat = await make.category();
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/unsubscribers',
      ...multipartBody(
        {},
        { field: 'file', filename: 'unsub.csv', content: 'after1@file.example\n' },
        { data: JSON.stringify({ category: cat.id }) },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await uploadOutcome(t, res.json().id)).toMatchObject({ status: 'done' });
    expect(await q('select email from unsubscribers where category_id = $1', [cat.id])).toEqual([
      { email: 'after1@file.example' },
    ]);
  });

  it('adds one address to a category: every list of that category counts it invalid, others do not; delete restores it', async () => {
    const cat1 = await make.category();
    const cat2 = await make.category();
    const a = await make.emailList({
      categoryId: cat1.id,
      emails: ['x@one.example', 'y@one.example', 'z@one.example'],
    });
    const b = await make.emailList({ categoryId: cat1.id, emails: ['x@one.example', 'w@two.example'] });
    const c = await make.emailList({ categoryId: cat2.id, emails: ['x@one.example'] });
    const ids = [a.id, b.id, c.id];
    expect(await expectCountersTrue(ids)).toEqual({ [a.id]: 3, [b.id]: 2, [c.id]: 1 });

    const res = await add({ category: `/api/categories/${cat1.id}`, email: ' X@One.Example ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email: 'x@one.example', category: { id: cat1.id } });
    expect(await expectCountersTrue(ids)).toEqual({ [a.id]: 2, [b.id]: 1, [c.id]: 1 });

    const dup = await add({ category: cat1.id, email: 'x@one.example' });
    expect([dup.statusCode, dup.json()]).toEqual([
      409,
      { error: { email: 'This address is already unsubscribed from this category.' } },
    ]);

    // A spam-trap rule still holds for y: deleting its unsubscription leaves it invalid.
    const y = (await add({ category: cat1.id, email: 'y@one.example' })).json();
    await q(`insert into spam_emails (email) values ('y@one.example')`);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/unsubscribers/${y.id}` })).statusCode).toBe(204);
    expect(await expectCountersTrue(ids)).toEqual({ [a.id]: 1, [b.id]: 1, [c.id]: 1 });
    await q(`delete from spam_emails where email = 'y@one.example'`);

    expect((await t.as(admin, { method: 'DELETE', url: `/api/unsubscribers/${res.json().id}` })).statusCode).toBe(204);
    expect(await expectCountersTrue(ids)).toEqual({ [a.id]: 2, [b.id]: 2, [c.id]: 1 });
    // JSON works too.
    const json = await t.as(admin, {
      method: 'POST',
      url: '/api/unsubscribers',
      payload: { category: cat2.id, email: 'x@one.example' },
    });
    expect(json.statusCode).toBe(201);
    expect(await expectCountersTrue(ids)).toEqual({ [a.id]: 2, [b.id]: 2, [c.id]: 0 });
  });

  it('lists by category and address, newest first', async () => {
    const cat = await make.category();
    await add({ category: cat.id, email: 'first@list.example' });
    await add({ category: cat.id, email: 'second@list.example' });
    const emails = (query: string) =>
      t
        .as(admin, { method: 'GET', url: `/api/unsubscribers?${query}` })
        .then((r) => r.json()['hydra:member'].map((x: { email: string }) => x.email));
    expect(await emails(`category.id=${cat.id}`)).toEqual(['second@list.example', 'first@list.example']);
    expect(await emails(`category.id=${cat.id}&email.email=FIRST`)).toEqual(['first@list.example']);
  });

  it('keeps the whole list’s total in row_counts, exact through adds, a file and deletes, and pages read it', async () => {
    const totals = async () =>
      (
        await q(`select (select n from row_counts where table_name = 'unsubscribers')::int as kept,
                        (select count(*) from unsubscribers)::int as counted`)
      )[0];
    const cat = await make.category();
    const one = await add({ category: cat.id, email: 'kept1@count.example' });
    const file = await upload({ category: cat.id }, 'kept2@count.example\nkept3@count.example\nkept1@count.example\n');
    expect(await uploadOutcome(t, file.json().id)).toMatchObject({ status: 'done' });
    expect((await t.as(admin, { method: 'DELETE', url: `/api/unsubscribers/${one.json().id}` })).statusCode).toBe(204);
    const { kept, counted } = await totals();
    expect(kept).toBe(counted);
    const total = async (query = '') =>
      (await t.as(admin, { method: 'GET', url: `/api/unsubscribers${query}` })).json()['hydra:totalItems'];
    expect(await total()).toBe(counted);
    // The unfiltered total is the kept one, not a count: off by 7, the page says so; a filtered page counts.
    await q(`update row_counts set n = n + 7 where table_name = 'unsubscribers'`);
    try {
      expect(await total()).toBe(counted + 7);
      const [inCategory] = await q('select count(*)::int as n from unsubscribers where category_id = $1', [cat.id]);
      expect(await total(`?category.id=${cat.id}`)).toBe(inCategory.n);
    } finally {
      await q(`update row_counts set n = n - 7 where table_name = 'unsubscribers'`);
    }
  });

  it('searches the addresses through a trigram index (2,000,000 unsubscribers are not read row by row)', async () => {
    expect(await trigramIndexes(t, 'unsubscribers', 'email')).toEqual(['unsubscribers_email_trgm']);
  });

  it('finds a search page among the matches, not by walking the newest rows first (decision 1512)', async () => {
    const cat = await make.category();
    // The oldest 3,000 match, the 57,000 after them do not. Taking the matches to be spread evenly, PostgreSQL
    // would walk the primary key back through all 57,000 to fill the page (PostgreSQL 15: 450 ms at 1.9M rows).
    await q(
      `insert into unsubscribers (email, category_id)
       select case when g <= 3000 then 'early' else 'late' end || g || '@spread.example', $1 from generate_series(1, 60000) g`,
      [cat.id],
    );
    try {
      await q('analyze unsubscribers');
      const before = await indexReads(t, 'unsubscribers');
      const res = await t.as(admin, { method: 'GET', url: '/api/unsubscribers?email.email=early' });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      expect(page['hydra:totalItems']).toBe(3000);
      expect(page['hydra:member'].map((u: { email: string }) => u.email).slice(0, 2)).toEqual([
        'early3000@spread.example',
        'early2999@spread.example',
      ]);
      const read = await indexReadsAfter(t, 'unsubscribers', before);
      expect(read['unsubscribers_pkey']).toBeLessThan(1000);
      // Past 50,000 matches, the page is the plain statement's (the walk soon meets 30 of them): the same answer.
      const broad = await t.as(admin, { method: 'GET', url: '/api/unsubscribers?email.email=spread&_page=2' });
      expect(broad.statusCode, broad.body).toBe(200);
      expect(broad.json()['hydra:totalItems']).toBe(60000);
      expect(broad.json()['hydra:member'][0].email).toBe('late59970@spread.example');
    } finally {
      await q(`delete from unsubscribers where email like '%@spread.example'`);
    }
  });

  it.each<[string, object, Record<string, string>]>([
    ['no category', { email: 'a@b.example' }, { category: 'Category is required.' }],
    ['an unknown category', { category: 999999, email: 'a@b.example' }, { category: 'Category is required.' }],
    ['a bad address', { category: 1, email: 'not-an-address' }, { email: 'Invalid email.' }],
    ['neither address nor file', { category: 1 }, { email: 'Give an e-mail or choose a file.' }],
  ])('refuses %s, and adds nothing', async (_, data, error) => {
    const cat = await make.category();
    const payload = 'category' in data && data.category === 1 ? { ...data, category: cat.id } : data;
    const before = (await q('select count(*)::int as n from unsubscribers'))[0].n;
    const res = await add(payload);
    expect([res.statusCode, res.json()]).toEqual([422, { error }]);
    expect((await q('select count(*)::int as n from unsubscribers'))[0].n).toBe(before);
  });

  it('refuses ordinary users (403), missing tokens (401), malformed data and ids', async () => {
    const user = await t.user();
    const cat = await make.category();
    expect((await add({ category: cat.id, email: 'a@b.example' }, user)).statusCode).toBe(403);
    expect((await t.as(user, { method: 'GET', url: '/api/unsubscribers' })).statusCode).toBe(403);
    expect((await t.as(user, { method: 'DELETE', url: '/api/unsubscribers/1' })).statusCode).toBe(403);
    expect((await t.as(null, { method: 'POST', url: '/api/unsubscribers' })).statusCode).toBe(401);
    const bad = await t.as(admin, {
      method: 'POST',
      url: '/api/unsubscribers',
      ...multipartBody({ data: '{not json' }),
    });
    expect(bad.statusCode).toBe(422);
    expect((await t.as(admin, { method: 'DELETE', url: '/api/unsubscribers/0x1' })).statusCode).toBe(422);
    expect((await t.as(admin, { method: 'DELETE', url: '/api/unsubscribers/999999' })).statusCode).toBe(404);
  });
});

describe('unsubscribers: uploads', () => {
  it('adds the addresses of a file (one per line, or an email column) and the lists follow in the same transaction', async () => {
    const cat = await make.category();
    const list = await make.emailList({ categoryId: cat.id, emails: ['a@up.example', 'b@up.example', 'c@up.example'] });
    await add({ category: cat.id, email: 'a@up.example' });
    const res = await upload({ category: cat.id }, 'A@up.example\nb@up.example\n\nb@up.example\nnobody@up.example\n');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: FILE_ACCEPTED, completion: 0 });
    expect(await uploadOutcome(t, res.json().id)).toEqual({ status: 'done', inserted: 2, error: null });
    expect(await expectCountersTrue([list.id])).toEqual({ [list.id]: 1 });
    const withHeader = await upload({ category: cat.id }, 'name,email\nCee,c@up.example\n');
    expect(await uploadOutcome(t, withHeader.json().id)).toMatchObject({ status: 'done', inserted: 1 });
    expect(await expectCountersTrue([list.id])).toEqual({ [list.id]: 0 });
    const [notice] = await q('select message from notifications where user_id = $1 order by id desc limit 1', [
      admin.id,
    ]);
    expect(notice.message).toBe('File unsub.csv is processed! Added 1 unsubscribers.');
  });

  it('refuses a file with a bad address as a whole, and a file that holds no address at once', async () => {
    const cat = await make.category();
    const list = await make.emailList({ categoryId: cat.id, emails: ['a@bad.example'] });
    const bad = await upload({ category: cat.id }, 'a@bad.example\nnot an address\n');
    expect(await uploadOutcome(t, bad.json().id)).toEqual({
      status: 'failed',
      inserted: 0,
      error: 'Line 2: Invalid email. Nothing was imported.',
    });
    expect(await expectCountersTrue([list.id])).toEqual({ [list.id]: 1 });
    const shapeless = await upload({ category: cat.id }, 'hello,world\n');
    expect([shapeless.statusCode, shapeless.json()]).toEqual([
      422,
      { error: { file: 'The file must hold one address per line, or a header row with an email column.' } },
    ]);
    const noCategory = await upload({}, 'a@bad.example\n');
    expect([noCategory.statusCode, noCategory.json()]).toEqual([422, { error: { category: 'Category is required.' } }]);
  });
});
