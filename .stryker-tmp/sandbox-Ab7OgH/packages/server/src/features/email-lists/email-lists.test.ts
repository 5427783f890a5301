// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { category, expectCountersExact, list, state, uploadAndWait } from './test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.user({ admin: true });
  alice = await t.user();
  bob = await t.user();
});
afterAll(() => t.close());

const get = (u: TestUser | null, url: string) => t.as(u, { method: 'GET', url });
const ids = (body: { items: { id: number }[] }) => body.items.map((i) => i.id);

describe('GET /api/email_lists', () => {
  it('shows a user the lists they own or are assigned to, and admins every list', async () => {
    const cat = await category(t, 'Finance');
    const own = await list(t, alice, { name: 'Alice own', categoryId: cat });
    const assigned = await list(t, bob, { name: 'Bob shares', users: [alice] });
    const hidden = await list(t, bob, { name: 'Bob private' });
    const res = await get(alice, '/api/email_lists');
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([assigned.id, own.id]);
    expect(res.json().totalItems).toBe(2);
    const all = ids((await get(admin, '/api/email_lists')).json());
    expect(all).toEqual(expect.arrayContaining([own.id, assigned.id, hidden.id]));
    expect(ids((await get(bob, '/api/email_lists')).json())).toEqual([hidden.id, assigned.id]);
  });

  it('gives each item the fields of the spec', async () => {
    const cat = await category(t, 'Shape');
    const { id } = await list(t, alice, { name: 'Shaped', categoryId: cat, users: [bob] });
    const item = (await get(admin, `/api/email_lists?name=Shaped`)).json().items[0];
    const { rows: providers } = await t.ctx.db.$client.query('select id, name from mail_providers order by name, id');
    expect(item).toEqual({
      id,
      name: 'Shaped',
      category: { id: cat, name: 'Shape' },
      users: [{ id: bob.id, username: bob.username }],
      usersCount: 1,
      totalCounter: 0,
      validCounter: 0,
      providersCounters: providers.map((p) => ({ mailProviderId: p.id, mailProviderName: p.name, counter: 0 })),
      created_at: { date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      job: null,
      completion: 0,
      failedEmailsUrl: null,
      user: { id: alice.id, username: alice.username },
    });
  });

  it('filters by name and category and pages by 100 unless told', async () => {
    const cat = await category(t);
    for (let i = 0; i < 3; i++) await list(t, bob, { name: `Paging ${i}`, categoryId: cat });
    const byName = (await get(admin, '/api/email_lists?name=paging&itemsPerPage=2&_page=2')).json();
    expect(byName.totalItems).toBe(3);
    expect(byName.items.map((i: { name: string }) => i.name)).toEqual(['Paging 0']);
    expect((await get(admin, `/api/email_lists?category=${cat}`)).json().totalItems).toBe(3);
    expect((await get(admin, `/api/email_lists?category=/api/categories/${cat}`)).json().totalItems).toBe(3);
    expect((await get(alice, `/api/email_lists?category=${cat}`)).json()).toEqual({ items: [], totalItems: 0 });
    const many = await category(t);
    for (let i = 0; i < 101; i++) await list(t, bob, { categoryId: many });
    expect((await get(admin, `/api/email_lists?category=${many}`)).json().items).toHaveLength(100);
  });

  it('needs a token', async () => {
    expect((await get(null, '/api/email_lists')).statusCode).toBe(401);
    expect((await get(null, '/api/smart_email_lists')).statusCode).toBe(401);
  });
});

describe('GET /api/email_lists/{id}', () => {
  it('answers 404 for a list the user may not see', async () => {
    const { id } = await list(t, bob);
    expect((await get(alice, `/api/email_lists/${id}`)).statusCode).toBe(404);
    expect((await get(bob, `/api/email_lists/${id}`)).json().id).toBe(id);
    expect((await get(admin, `/api/email_lists/${id}`)).json().id).toBe(id);
    expect((await get(null, `/api/email_lists/${id}`)).statusCode).toBe(401);
  });
});

describe('POST and PUT /api/email_lists', () => {
  it('creates a list for an admin, owned by the admin unless told', async () => {
    const cat = await category(t);
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/email_lists',
      payload: { name: ' New list ', category: `/api/categories/${cat}`, users: [alice.id, `/api/users/${bob.id}`] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'New list',
      category: { id: cat },
      usersCount: 2,
      user: { id: admin.id },
    });
    const owned = await t.as(admin, {
      method: 'POST',
      url: '/api/email_lists',
      payload: { name: 'For Alice', category: cat, user: alice.id },
    });
    expect(owned.json().user).toEqual({ id: alice.id, username: alice.username });
    expect(ids((await get(alice, '/api/email_lists?name=For Alice')).json())).toEqual([owned.json().id]);
  });

  it('answers each validation message of the spec, and creates nothing', async () => {
    const before = (await get(admin, '/api/email_lists')).json().totalItems;
    const post = (payload: object) => t.as(admin, { method: 'POST', url: '/api/email_lists', payload });
    const empty = await post({});
    expect([empty.statusCode, empty.json().error]).toEqual([
      422,
      { name: 'Name is required.', category: 'Category is required.' },
    ]);
    expect((await post({ name: '', category: '' })).json().error).toEqual({
      name: 'Name is required.',
      category: 'Category is required.',
    });
    expect((await post({ name: '   ', category: 'abc' })).json().error).toEqual({
      name: 'Name must have at least 1 characters.',
      category: 'Category is required.',
    });
    expect((await post({ name: 'x', category: 999999 })).json().error).toEqual({ category: 'Category not found.' });
    const cat = await category(t);
    expect((await post({ name: 'x', category: cat, users: [999999] })).json().error).toEqual({
      users: 'User not found.',
    });
    expect((await get(admin, '/api/email_lists')).json().totalItems).toBe(before);
  });

  it('refuses non-admins (403) and anonymous callers (401)', async () => {
    const cat = await category(t);
    const { id } = await list(t, alice);
    const body = { name: 'Mine now', category: cat };
    expect((await t.as(alice, { method: 'POST', url: '/api/email_lists', payload: body })).statusCode).toBe(403);
    expect((await t.as(alice, { method: 'PUT', url: `/api/email_lists/${id}`, payload: body })).statusCode).toBe(403);
    expect((await t.as(alice, { method: 'DELETE', url: `/api/email_lists/${id}` })).statusCode).toBe(403);
    expect(
      (await t.as(alice, { method: 'POST', url: '/api/clone-email-list', payload: { emailListId: id } })).statusCode,
    ).toBe(403);
    expect((await t.as(null, { method: 'POST', url: '/api/email_lists', payload: body })).statusCode).toBe(401);
    expect((await get(alice, `/api/email_lists/${id}`)).json().name).not.toBe('Mine now');
  });

  it('updates name, category and assigned users; users left out stay as they were', async () => {
    const { id } = await list(t, alice, { users: [bob] });
    const cat = await category(t, 'Moved');
    const res = await t.as(admin, {
      method: 'PUT',
      url: `/api/email_lists/${id}`,
      payload: { name: 'Renamed', category: cat },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed',
      category: { id: cat, name: 'Moved' },
      users: [{ id: bob.id }],
      user: { id: alice.id },
    });
    const cleared = await t.as(admin, {
      method: 'PUT',
      url: `/api/email_lists/${id}`,
      payload: { name: 'Renamed', category: cat, users: [] },
    });
    expect(cleared.json().usersCount).toBe(0);
    expect((await get(bob, `/api/email_lists/${id}`)).statusCode).toBe(404);
    const bad = await t.as(admin, {
      method: 'PUT',
      url: `/api/email_lists/${id}`,
      payload: { name: '', category: cat },
    });
    expect([bad.statusCode, bad.json().error]).toEqual([422, { name: 'Name is required.' }]);
    expect(
      (await t.as(admin, { method: 'PUT', url: '/api/email_lists/999999', payload: { name: 'x', category: cat } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('DELETE /api/email_lists/{id}', () => {
  it('deletes the list with its e-mails, also when its owner is deleted', async () => {
    const { id } = await list(t, alice);
    await uploadAndWait(t, alice, id, 'email\na@gmail.com\nb@yahoo.com\n');
    const res = await t.as(admin, { method: 'DELETE', url: `/api/email_lists/${id}` });
    expect(res.statusCode).toBe(204);
    expect((await get(admin, `/api/email_lists/${id}`)).statusCode).toBe(404);
    const left = async (listId: number) =>
      (await t.ctx.db.$client.query('select count(*)::int as n from emails where email_list_id = $1', [listId])).rows[0]
        .n;
    expect(await left(id)).toBe(0);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/email_lists/${id}` })).statusCode).toBe(404);

    const carol = await t.user();
    const other = await list(t, carol);
    await uploadAndWait(t, carol, other.id, 'email\nc@gmail.com\n');
    await t.ctx.db.$client.query('delete from users where id = $1', [carol.id]);
    expect(await left(other.id)).toBe(0);
  });
});

describe('POST /api/clone-email-list', () => {
  it('copies the e-mails, the counters, the owner and the assigned users', async () => {
    const { id, categoryId } = await list(t, alice, { name: 'Source', users: [bob] });
    await t.ctx.db.$client.query(
      `insert into spam_emails (email) values ('clone-trap@gmail.com') on conflict do nothing`,
    );
    await uploadAndWait(
      t,
      alice,
      id,
      'email,name\nx@gmail.com,X\ny@yahoo.com,Y\nclone-trap@gmail.com,T\nz@outlook.com,Z\n',
    );
    const res = await t.as(admin, { method: 'POST', url: '/api/clone-email-list', payload: { emailListId: id } });
    expect(res.statusCode).toBe(201);
    const clone = res.json();
    expect(clone).toMatchObject({
      name: 'Source (copy)',
      category: { id: categoryId },
      user: { id: alice.id },
      users: [{ id: bob.id }],
      totalCounter: 4,
      validCounter: 3,
      job: null,
      failedEmailsUrl: null,
    });
    const source = (await get(admin, `/api/email_lists/${id}`)).json();
    expect(clone.providersCounters).toEqual(source.providersCounters);
    await expectCountersExact(t, clone.id);
    const emailsOf = async (listId: number) =>
      (
        await t.ctx.db.$client.query(
          'select email, name, valid, mail_provider_id from emails where email_list_id = $1 order by email',
          [listId],
        )
      ).rows;
    expect(await emailsOf(clone.id)).toEqual(await emailsOf(id));

    const named = await t.as(admin, {
      method: 'POST',
      url: '/api/clone-email-list',
      payload: { emailListId: `/api/email_lists/${id}`, name: 'Named copy' },
    });
    expect(named.json().name).toBe('Named copy');
    const missing = await t.as(admin, {
      method: 'POST',
      url: '/api/clone-email-list',
      payload: { emailListId: 999999 },
    });
    expect(missing.statusCode).toBe(404);
    const invalid = await t.as(admin, { method: 'POST', url: '/api/clone-email-list', payload: {} });
    expect([invalid.statusCode, invalid.json().error]).toEqual([422, { emailListId: 'Email list not found.' }]);
    expect((await state(t, id)).total_counter).toBe(4);
  });
});

describe('GET /api/smart_email_lists', () => {
  it('labels each visible list "name (valid/total)" with a color for its state', async () => {
    const dave = await t.user();
    const empty = await list(t, dave, { name: 'A empty' });
    const ready = await list(t, dave, { name: 'B ready' });
    await uploadAndWait(t, dave, ready.id, 'email\nr1@gmail.com\nr2@gmail.com\n');
    const noValid = await list(t, dave, { name: 'C no valid' });
    await t.ctx.db.$client.query(
      `insert into spam_emails (email) values ('only-trap@gmail.com') on conflict do nothing`,
    );
    await uploadAndWait(t, dave, noValid.id, 'email\nonly-trap@gmail.com\n');
    const uploading = await list(t, dave, { name: 'D uploading' });
    await t.ctx.db.$client.query('update email_lists set job = 12345 where id = $1', [uploading.id]);
    await list(t, bob, { name: 'Not mine' });
    const res = await get(dave, '/api/smart_email_lists');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      'hydra:member': [
        { id: empty.id, label: 'A empty (0/0)', color: 'grey' },
        { id: ready.id, label: 'B ready (2/2)', color: 'green' },
        { id: noValid.id, label: 'C no valid (0/1)', color: 'red' },
        { id: uploading.id, label: 'D uploading (0/0)', color: 'orange' },
      ],
      'hydra:totalItems': 4,
    });
  });
});
