// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { category, list } from '../features/email-lists/test-helpers.ts';
import { offers } from '../db/schema/index.ts';
import { ownedIds, requireAllOwned } from './access.ts';

/**
 * The input rules every route inherits (issue 6, items 2, 4, 10 and 11): canonical ids only, bounded
 * texts, and the collection rules (sorting, paging) of every resource.
 */
let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
const count = async (table: string) =>
  (await t.ctx.db.$client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.user({ admin: true });
  alice = await t.user();
  bob = await t.user();
});
afterAll(() => t.close());

describe('ids are canonical decimals within the column range', () => {
  // A user whose id is what the sloppy spellings used to be read as: deleting "0x10" must not delete user 16.
  const spellings = ['0x10', '1e1', '%205', '+5', '05', '5.0', '-5', '2147483648', '99999999999999999999', 'abc'];

  beforeAll(async () => {
    // Users 5, 10 and 16 exist, so reading "%205", "1e1" or "0x10" as a number would delete one of them.
    while ((await count('users')) < 17) await t.user();
  });

  it.each(spellings)('DELETE /api/users/%s is refused and deletes nobody', async (raw) => {
    const before = await count('users');
    const res = await t.as(admin, { method: 'DELETE', url: `/api/users/${raw}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await count('users')).toBe(before);
  });

  it.each([
    '/api/users/2147483648',
    '/api/offers/2147483648',
    '/api/email_lists/2147483648',
    '/api/categories/4294967296',
  ])('GET %s answers 4xx, not 500', async (url) => {
    const res = await t.as(admin, { method: 'GET', url });
    expect([404, 422]).toContain(res.statusCode);
  });

  it.each([
    ['a hex id', '0x10'],
    ['an exponent', '1e1'],
    ['a padded id', ' 5'],
    ['an id past 2^31', 2 ** 31],
    ['a fraction', 1.5],
    ['an IRI past 2^31', '/api/categories/2147483648'],
  ])('a reference given as %s is 422 and nothing is created', async (_what, ref) => {
    const before = await count('offers');
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/offers',
      payload: { name: 'x', url: 'https://example.com', category: ref, user: alice.id },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ category: 'Category is required.' });
    expect(await count('offers')).toBe(before);
  });

  it.each([
    ['user.id', '0x10'],
    ['user.id', '1e1'],
    ['category', '2147483648'],
    ['_page', '1e1'],
    ['_page', '0'],
    ['itemsPerPage', '0x10'],
    ['itemsPerPage', '0'],
  ])('a filter %s=%s is 422', async (key, value) => {
    const url = key === 'category' ? '/api/email_lists' : '/api/offers';
    const res = await t.as(admin, { method: 'GET', url: `${url}?${key}=${encodeURIComponent(value)}` });
    expect(res.statusCode).toBe(422);
  });
});

describe('texts are bounded by the shared schemas', () => {
  it('a 9,000-character username is 422 and creates no user', async () => {
    const before = await count('users');
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/users',
      payload: {
        username: 'u'.repeat(9000),
        email: 'long@example.com',
        password: 'secret123',
        confirmPassword: 'secret123',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ username: 'Username must be no longer than 100 characters.' });
    expect(await count('users')).toBe(before);
  });

  it.each([
    ['/api/register', { username: 'x'.repeat(101), email: 'r@example.com', password: 'secret123' }, 'username'],
    ['/api/email_lists', { name: 'n'.repeat(10_000), category: 1 }, 'name'],
    ['/api/categories', { name: 'c'.repeat(101) }, 'name'],
    ['/api/offers', { name: 'o', url: `https://example.com/${'p'.repeat(3000)}`, category: 1, user: 1 }, 'url'],
  ])('POST %s refuses an over-long %s', async (url, payload, field) => {
    const res = await t.as(admin, { method: 'POST', url, payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().error[field as string]).toMatch(/must be no longer than \d+ characters\./);
  });

  it('an over-long search is 422, not a slow query', async () => {
    const res = await t.as(admin, { method: 'GET', url: `/api/users?username=${'x'.repeat(5000)}` });
    expect(res.statusCode).toBe(422);
  });
});

describe('users', () => {
  it("shows each user's own e-mail lists (owned or assigned), not the same lists for everyone", async () => {
    const a = await list(t, alice);
    const b = await list(t, bob);
    const shared = await list(t, admin, { users: [bob] });
    const res = await t.as(admin, { method: 'GET', url: '/api/users?pagination=false' });
    const byId = new Map(
      res.json()['hydra:member'].map((u: { id: number; emailLists: { id: number }[] }) => [u.id, u]),
    );
    const listsOf = (u: TestUser) => (byId.get(u.id) as { emailLists: { id: number }[] }).emailLists.map((l) => l.id);
    expect(listsOf(alice)).toEqual([a.id]);
    expect(listsOf(bob)).toEqual([b.id, shared.id]);
  });

  it.each([
    ['', 'Profit Rate is required.'],
    [null, 'Profit Rate is required.'],
    [150, 'Must be in 0-100.'],
    [-5, 'Must be in 0-100.'],
    ['abc', 'Must be in 0-100.'],
    ['   ', 'Profit Rate is required.'],
    [undefined, 'Profit Rate is required.'],
  ])('profitRate %j is refused with %s and nothing changes', async (profitRate, message) => {
    const res = await t.as(admin, {
      method: 'PUT',
      url: `/api/users/${alice.id}`,
      payload: { username: alice.username, email: alice.email, isActive: true, profitRate },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ profitRate: message });
    expect((await t.as(admin, { method: 'GET', url: `/api/users/${alice.id}` })).json().profitRate).toBe(100);
  });
});

describe('collections', () => {
  it.each([
    ['/api/users', ['id', 'username', 'email', 'isActive', 'profitRate']],
    ['/api/offers', ['id', 'name', 'url', 'category', 'user', 'archive']],
    ['/api/email_lists', ['id', 'name', 'totalCounter', 'validCounter', 'created_at']],
    ['/api/categories', ['id', 'name']],
    ['/api/mail_providers', ['id', 'name']],
  ])('%s sorts by each of its columns both ways', async (url, fields) => {
    const cat = await category(t);
    for (let i = 0; i < 3; i++) {
      await t.as(admin, {
        method: 'POST',
        url: '/api/offers',
        payload: { name: `sort ${i}`, url: `https://e${i}.example.com`, category: cat, user: alice.id },
      });
      await list(t, alice, { name: `sort ${i}`, categoryId: cat });
    }
    for (const field of fields) {
      const ids = async (dir: string) => {
        const res = await t.as(admin, { method: 'GET', url: `${url}?pagination=false&order[${field}]=${dir}` });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        return (body['hydra:member'] ?? body.items).map((r: { id: number }) => r.id);
      };
      const asc = await ids('asc');
      const desc = await ids('desc');
      expect(asc.length).toBeGreaterThan(1);
      expect(new Set(asc)).toEqual(new Set(desc));
      if (field === 'id') expect(asc).toEqual([...asc].sort((x: number, y: number) => x - y));
      if (field === 'name' && (url === '/api/offers' || url === '/api/email_lists')) {
        // the rows made here, named 'sort 0'..'sort 2', come in order both ways
        const res = await t.as(admin, { method: 'GET', url: `${url}?pagination=false&name=sort&order[name]=desc` });
        const names = (res.json()['hydra:member'] ?? res.json().items).map((r: { name: string }) => r.name);
        expect([...new Set(names)]).toEqual(['sort 2', 'sort 1', 'sort 0']);
      }
    }
  });

  it('ignores unknown sort fields and refuses an unknown direction', async () => {
    expect((await t.as(admin, { method: 'GET', url: '/api/users?order[password_hash]=asc' })).statusCode).toBe(200);
    expect((await t.as(admin, { method: 'GET', url: '/api/users?order[username]=sideways' })).statusCode).toBe(422);
  });

  it('answers the total on a page past the end, and every row with pagination=false', async () => {
    const all = (await t.as(admin, { method: 'GET', url: '/api/users?pagination=false' })).json();
    const past = (await t.as(admin, { method: 'GET', url: '/api/users?_page=999&itemsPerPage=10' })).json();
    expect(past).toEqual({ 'hydra:member': [], 'hydra:totalItems': all['hydra:totalItems'] });
    expect(all['hydra:member']).toHaveLength(all['hydra:totalItems']);
  });
});

describe('a set of ids reduced to what a user may touch', () => {
  it("keeps the caller's own ids; a bulk call over someone else's changes nothing and names them", async () => {
    const cat = await category(t);
    const make = async (owner: TestUser) =>
      (
        await t.as(admin, {
          method: 'POST',
          url: '/api/offers',
          payload: { name: 'bulk', url: 'https://bulk.example.com', category: cat, user: owner.id },
        })
      ).json().id as number;
    const [a1, a2, b1] = [await make(alice), await make(alice), await make(bob)];
    const on = { table: offers, id: offers.id, owner: offers.userId };
    const aliceUser = { id: alice.id, username: alice.username, roles: alice.roles, isAdmin: false };
    expect((await ownedIds(t.ctx.db, aliceUser, on, [a1, a2, b1, 999_999])).sort()).toEqual([a1, a2].sort());
    await expect(requireAllOwned(t.ctx.db, aliceUser, on, [a1, b1])).rejects.toMatchObject({
      status: 404,
      error: { ids: `Not found: ${b1}.` },
    });
    const adminUser = { id: admin.id, username: admin.username, roles: admin.roles, isAdmin: true };
    expect(await requireAllOwned(t.ctx.db, adminUser, on, [a1, b1, b1])).toEqual([a1, b1]);
  });
});
