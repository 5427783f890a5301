// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { expectCountersExact, list, state, uploadAndWait } from './test-helpers.ts';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let assigned: TestUser;
let stranger: TestUser;
let listId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.user({ admin: true });
  owner = await t.user();
  assigned = await t.user();
  stranger = await t.user();
  listId = (await list(t, owner, { users: [assigned] })).id;
  await t.ctx.db.$client.query(`insert into spam_emails (email) values ('v03@yahoo.com')`);
  const rows = Array.from({ length: 25 }, (_, i) => {
    const n = String(i).padStart(2, '0');
    return `v${n}@${i % 2 ? 'yahoo.com' : 'gmail.com'},First${n},Last${n}`;
  });
  await uploadAndWait(t, owner, listId, ['email,name,surname', ...rows].join('\n'));
});
afterAll(() => t.close());

const page = (u: TestUser | null, query = '', id = listId) =>
  t.as(u, { method: 'GET', url: `/api/get-emails-list/${id}${query}` });
const form = (o: Record<string, string | string[]>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) for (const x of [v].flat()) p.append(k, x);
  return { payload: p.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
};
const idOf = async (email: string) =>
  (
    await t.ctx.db.$client.query<{ id: number }>('select id from emails where email = $1 and email_list_id = $2', [
      email,
      listId,
    ])
  ).rows[0]!.id;

describe('GET /api/get-emails-list/{id}', () => {
  it('pages by 10, ordered by address, with the owner for the actions', async () => {
    const res = await page(owner);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalItems).toBe(25);
    expect(body.emailListUsername).toBe(owner.username);
    expect(body.items).toHaveLength(10);
    expect(body.items[0]).toEqual({
      id: expect.any(Number),
      email: 'v00@gmail.com',
      first_name: 'First00',
      last_name: 'Last00',
      valid: true,
    });
    expect(body.items.find((e: { email: string }) => e.email === 'v03@yahoo.com').valid).toBe(false);
    const third = (await page(owner, '?_page=3')).json();
    expect(third.items.map((e: { email: string }) => e.email)).toEqual([
      'v20@gmail.com',
      'v21@yahoo.com',
      'v22@gmail.com',
      'v23@yahoo.com',
      'v24@gmail.com',
    ]);
    expect((await page(owner, '?itemsPerPage=30')).json().items).toHaveLength(25);
  });

  it('searches by address', async () => {
    const yahoo = (await page(owner, '?email=YAHOO')).json();
    expect(yahoo.totalItems).toBe(12);
    expect(yahoo.items).toHaveLength(10);
    expect(yahoo.items.every((e: { email: string }) => e.email.endsWith('@yahoo.com'))).toBe(true);
    expect((await page(owner, '?email=v1&_page=2')).json()).toMatchObject({ totalItems: 10, items: [] });
    expect((await page(owner, '?email=%25')).json().totalItems).toBe(0); // LIKE wildcards are literal
  });

  it('lets an assigned user and an admin read, and nobody else', async () => {
    expect((await page(assigned)).json().totalItems).toBe(25);
    expect((await page(admin)).json().emailListUsername).toBe(owner.username);
    expect((await page(stranger)).statusCode).toBe(404);
    expect((await page(null)).statusCode).toBe(401);
  });
});

describe('POST /api/delete-emails-list/{id}', () => {
  it('deletes one e-mail of the list and takes it off the counters', async () => {
    const before = await state(t, listId);
    const id = await idOf('v03@yahoo.com'); // an invalid one: valid_counter stays
    const res = await t.as(owner, {
      method: 'POST',
      url: `/api/delete-emails-list/${id}`,
      ...form({ emailListId: String(listId) }),
    });
    expect([res.statusCode, res.json()]).toEqual([200, { deleted: 1 }]);
    expect(await state(t, listId)).toMatchObject({
      total_counter: before.total_counter - 1,
      valid_counter: before.valid_counter,
    });
    await expectCountersExact(t, listId);
    const again = await t.as(owner, {
      method: 'POST',
      url: `/api/delete-emails-list/${id}`,
      ...form({ emailListId: String(listId) }),
    });
    expect([again.statusCode, again.json().error]).toEqual([404, 'Email not found.']);
  });

  it('refuses an e-mail of another list, assigned users, strangers and bad input; nothing changes', async () => {
    const other = await list(t, owner);
    await uploadAndWait(t, owner, other.id, 'email\nelse@gmail.com\n');
    const foreign = (await t.ctx.db.$client.query('select id from emails where email_list_id = $1', [other.id])).rows[0]
      .id;
    const before = await state(t, listId);
    const id = await idOf('v05@yahoo.com');
    const del = (u: TestUser | null, emailId: number, body: Record<string, string>) =>
      t.as(u, { method: 'POST', url: `/api/delete-emails-list/${emailId}`, ...form(body) });
    const cases: [Awaited<ReturnType<typeof del>>, number, unknown][] = [
      [await del(owner, foreign, { emailListId: String(listId) }), 404, 'Email not found.'],
      [await del(assigned, id, { emailListId: String(listId) }), 403, 'Access denied.'],
      [await del(stranger, id, { emailListId: String(listId) }), 404, { emailListId: 'Email list not found.' }],
      [await del(owner, id, {}), 422, { emailListId: 'Email list not found.' }],
    ];
    for (const [res, status, error] of cases) expect([res.statusCode, res.json().error]).toEqual([status, error]);
    expect((await del(null, id, { emailListId: String(listId) })).statusCode).toBe(401);
    expect(await state(t, listId)).toEqual(before);
    expect((await state(t, other.id)).total_counter).toBe(1);
  });
});

describe('POST /api/batch-delete-emails', () => {
  it('deletes the selected e-mails of the list (comma list or repeated field) and keeps the counters exact', async () => {
    const before = await state(t, listId);
    const a = await idOf('v10@gmail.com');
    const b = await idOf('v11@yahoo.com');
    const c = await idOf('v12@gmail.com');
    const byComma = await t.as(admin, {
      method: 'POST',
      url: '/api/batch-delete-emails',
      ...form({ idsToDelete: `${a},${b}`, emailListId: String(listId) }),
    });
    expect([byComma.statusCode, byComma.json()]).toEqual([200, { deleted: 2 }]);
    const repeated = await t.as(owner, {
      method: 'POST',
      url: '/api/batch-delete-emails',
      ...form({ idsToDelete: [String(c), String(a)], emailListId: String(listId) }),
    });
    expect(repeated.json()).toEqual({ deleted: 1 });
    expect(await state(t, listId)).toMatchObject({
      total_counter: before.total_counter - 3,
      valid_counter: before.valid_counter - 3,
    });
    await expectCountersExact(t, listId);
    const viewer = (await page(owner, '?email=v1')).json();
    expect(viewer.items.map((e: { email: string }) => e.email)).not.toContain('v11@yahoo.com');
  });

  it("says 'You must select something to delete' for an empty selection, and refuses others", async () => {
    const before = await state(t, listId);
    const d = await idOf('v20@gmail.com');
    const batch = (u: TestUser | null, body: Record<string, string>) =>
      t.as(u, { method: 'POST', url: '/api/batch-delete-emails', ...form(body) });
    const bodies: Record<string, string>[] = [
      { idsToDelete: '', emailListId: String(listId) },
      { emailListId: String(listId) },
      { idsToDelete: ' , ', emailListId: String(listId) },
    ];
    for (const body of bodies) {
      const res = await batch(owner, body);
      expect([res.statusCode, res.json().error]).toEqual([422, { idsToDelete: 'You must select something to delete' }]);
    }
    expect((await batch(assigned, { idsToDelete: String(d), emailListId: String(listId) })).statusCode).toBe(403);
    expect((await batch(stranger, { idsToDelete: String(d), emailListId: String(listId) })).statusCode).toBe(404);
    expect((await batch(null, { idsToDelete: String(d), emailListId: String(listId) })).statusCode).toBe(401);
    expect(await state(t, listId)).toEqual(before);
  });
});
