// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { emailLists, offers, unsubscribers } from '../../db/schema/index.ts';

let t: TestApp;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.user({ admin: true });
  user = await t.user();
});
afterAll(() => t.close());

let seq = 0;
const unique = (prefix: string) => `${prefix} ${++seq}`;

async function create(body: Record<string, unknown>) {
  const res = await t.as(admin, { method: 'POST', url: '/api/categories', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; parent: { id: number; name: string } | null };
}

const countRows = async () => Number((await t.ctx.db.$client.query('select count(*) from categories')).rows[0].count);
const nameOf = async (id: number) =>
  (await t.ctx.db.$client.query('select name, parent_id from categories where id = $1', [id])).rows[0];

describe('auth', () => {
  it('answers 401 without a token on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/categories/tree'],
      ['GET', '/api/categories'],
      ['GET', '/api/categories/1'],
      ['POST', '/api/categories'],
      ['PUT', '/api/categories/1'],
      ['DELETE', '/api/categories/1'],
    ] as const) {
      expect(
        (
          await t.as(null, {
            method,
            url,
            payload: method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' },
          })
        ).statusCode,
      ).toBe(401);
    }
  });

  it('refuses writes to non-administrators (403) and changes nothing', async () => {
    const c = await create({ name: unique('Guarded') });
    const before = await countRows();
    expect((await t.as(user, { method: 'POST', url: '/api/categories', payload: { name: 'Mine' } })).statusCode).toBe(
      403,
    );
    expect(
      (await t.as(user, { method: 'PUT', url: `/api/categories/${c.id}`, payload: { name: 'Renamed' } })).statusCode,
    ).toBe(403);
    expect((await t.as(user, { method: 'DELETE', url: `/api/categories/${c.id}` })).statusCode).toBe(403);
    expect(await countRows()).toBe(before);
    expect((await nameOf(c.id)).name).toBe(c.name);
  });

  it('lets any signed-in user read (the list and offer forms need the select)', async () => {
    const c = await create({ name: unique('Readable') });
    expect((await t.as(user, { method: 'GET', url: '/api/categories/tree' })).statusCode).toBe(200);
    expect(
      (await t.as(user, { method: 'GET', url: '/api/categories?groups[]=select&pagination=false' })).statusCode,
    ).toBe(200);
    expect((await t.as(user, { method: 'GET', url: `/api/categories/${c.id}` })).json()).toEqual(c);
  });
});

describe('POST /api/categories', () => {
  it('creates a root and children; parent as id, IRI or {id}', async () => {
    const root = await create({ name: unique('Root'), parent: null });
    expect(root).toEqual({ id: expect.any(Number), name: root.name, parent: null });
    const byIri = await create({ name: 'Child A', parent: `/api/categories/${root.id}` });
    expect(byIri.parent).toEqual({ id: root.id, name: root.name });
    const byId = await create({ name: 'Child B', parent: root.id });
    expect(byId.parent).toEqual({ id: root.id, name: root.name });
    const byObject = await create({ name: 'Child C', parent: { id: root.id } });
    expect(byObject.parent?.id).toBe(root.id);
    const emptyParent = await create({ name: unique('Root'), parent: '' });
    expect(emptyParent.parent).toBeNull();
  });

  it('trims the name', async () => {
    const name = unique('Trimmed');
    expect((await create({ name: `  ${name}  ` })).name).toBe(name);
  });

  // One test per message: the first failure no longer hides the others.
  it.each<[string, unknown, Record<string, string>]>([
    ['no name', {}, { name: 'Name is required.' }],
    ['a blank name', { name: '   ' }, { name: 'Name is required.' }],
    ['a long name', { name: 'x'.repeat(101) }, { name: 'Name must be no longer than 100 characters.' }],
    ['a missing parent', { name: 'Orphan', parent: 999999 }, { parent: 'Parent category not found.' }],
    [
      'a missing parent IRI',
      { name: 'Orphan', parent: '/api/categories/999999' },
      { parent: 'Parent category not found.' },
    ],
    ['a malformed parent', { name: 'Orphan', parent: 'abc' }, { parent: 'Parent category not found.' }],
  ])('answers 422 for %s and stores nothing', async (_what, payload, error) => {
    const before = await countRows();
    const res = await t.as(admin, { method: 'POST', url: '/api/categories', payload: payload as object });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error });
    expect(await countRows()).toBe(before);
  });

  it('keeps names unique among siblings only (case-insensitive)', async () => {
    const a = await create({ name: unique('Parent') });
    const b = await create({ name: unique('Parent') });
    await create({ name: 'Shoes', parent: a.id });
    const before = await countRows();
    const dup = await t.as(admin, {
      method: 'POST',
      url: '/api/categories',
      payload: { name: ' SHOES ', parent: a.id },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: { name: 'A category with this name already exists at this level.' } });
    expect(await countRows()).toBe(before);
    await create({ name: 'Shoes', parent: b.id }); // another level: fine
    const rootName = unique('Top');
    await create({ name: rootName });
    expect(
      (await t.as(admin, { method: 'POST', url: '/api/categories', payload: { name: rootName } })).statusCode,
    ).toBe(409);
  });
});

describe('GET /api/categories/tree', () => {
  it('returns {id, text, children} nodes ordered by name at every level', async () => {
    const t2 = await createTestApp();
    try {
      const a = await t2.user({ admin: true });
      const post = async (name: string, parent?: number) =>
        (await t2.as(a, { method: 'POST', url: '/api/categories', payload: { name, parent } })).json().id as number;
      const empty = await t2.as(a, { method: 'GET', url: '/api/categories/tree' });
      expect(empty.json()).toEqual([]);
      const zeta = await post('Zeta');
      const alpha = await post('alpha');
      const beta = await post('Beta', alpha);
      const aaa = await post('Aaa', alpha);
      const deep = await post('Deep', beta);
      const res = await t2.as(a, { method: 'GET', url: '/api/categories/tree' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        {
          id: alpha,
          text: 'alpha',
          children: [
            { id: aaa, text: 'Aaa', children: [] },
            { id: beta, text: 'Beta', children: [{ id: deep, text: 'Deep', children: [] }] },
          ],
        },
        { id: zeta, text: 'Zeta', children: [] },
      ]);
    } finally {
      await t2.close();
    }
  });
});

describe('GET /api/categories', () => {
  it('gives {id, name} rows by name for groups[]=select&pagination=false', async () => {
    const res = await t.as(admin, { method: 'GET', url: '/api/categories?groups[]=select&pagination=false' });
    const body = res.json();
    expect(body['hydra:totalItems']).toBe(await countRows());
    expect(body['hydra:member']).toHaveLength(body['hydra:totalItems']);
    for (const row of body['hydra:member']) expect(Object.keys(row).sort()).toEqual(['id', 'name']);
    const names = body['hydra:member'].map((r: { name: string }) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort((x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)));
  });

  it('pages full rows and filters by name', async () => {
    const tag = unique('Pageable');
    const p = await create({ name: `${tag} parent` });
    await create({ name: `${tag} child`, parent: p.id });
    const res = await t.as(admin, {
      method: 'GET',
      url: `/api/categories?name=${encodeURIComponent(tag)}&itemsPerPage=1&_page=1`,
    });
    expect(res.json()).toEqual({
      'hydra:member': [{ id: expect.any(Number), name: `${tag} child`, parent: { id: p.id, name: p.name } }],
      'hydra:totalItems': 2,
    });
    const page2 = await t.as(admin, {
      method: 'GET',
      url: `/api/categories?name=${encodeURIComponent(tag)}&itemsPerPage=1&_page=2`,
    });
    expect(page2.json()['hydra:member']).toEqual([{ id: p.id, name: p.name, parent: null }]);
  });
});

describe('GET /api/categories/{id}', () => {
  it('answers the category or 404', async () => {
    const c = await create({ name: unique('One') });
    expect((await t.as(admin, { method: 'GET', url: `/api/categories/${c.id}` })).json()).toEqual(c);
    const missing = await t.as(admin, { method: 'GET', url: '/api/categories/999999' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('PUT /api/categories/{id}', () => {
  it('renames', async () => {
    const c = await create({ name: unique('Old') });
    const res = await t.as(admin, { method: 'PUT', url: `/api/categories/${c.id}`, payload: { name: 'New name' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: c.id, name: 'New name', parent: null });
    // Renaming to its own name in another case is not a clash with itself.
    expect(
      (await t.as(admin, { method: 'PUT', url: `/api/categories/${c.id}`, payload: { name: 'NEW NAME' } })).statusCode,
    ).toBe(200);
  });

  it('refuses a blank name, a sibling name, a missing category, and changes nothing', async () => {
    const p = await create({ name: unique('P') });
    const a = await create({ name: 'Apples', parent: p.id });
    await create({ name: 'Pears', parent: p.id });
    const blank = await t.as(admin, { method: 'PUT', url: `/api/categories/${a.id}`, payload: { name: '' } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ error: { name: 'Name is required.' } });
    const clash = await t.as(admin, { method: 'PUT', url: `/api/categories/${a.id}`, payload: { name: 'pears' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ error: { name: 'A category with this name already exists at this level.' } });
    expect((await nameOf(a.id)).name).toBe('Apples');
    expect(
      (await t.as(admin, { method: 'PUT', url: '/api/categories/999999', payload: { name: 'X' } })).statusCode,
    ).toBe(404);
  });

  it('moves with a parent key, but never under itself or its descendants', async () => {
    const top = await create({ name: unique('Top') });
    const mid = await create({ name: 'Mid', parent: top.id });
    const leaf = await create({ name: 'Leaf', parent: mid.id });
    for (const parent of [top.id, mid.id, leaf.id]) {
      const res = await t.as(admin, {
        method: 'PUT',
        url: `/api/categories/${top.id}`,
        payload: { name: top.name, parent },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        error: { parent: 'A category cannot be moved under itself or one of its subcategories.' },
      });
    }
    expect((await nameOf(top.id)).parent_id).toBeNull();
    const gone = await t.as(admin, {
      method: 'PUT',
      url: `/api/categories/${leaf.id}`,
      payload: { name: 'Leaf', parent: 999999 },
    });
    expect(gone.json()).toEqual({ error: { parent: 'Parent category not found.' } });
    const moved = await t.as(admin, {
      method: 'PUT',
      url: `/api/categories/${leaf.id}`,
      payload: { name: 'Leaf', parent: `/api/categories/${top.id}` },
    });
    expect(moved.json().parent).toEqual({ id: top.id, name: top.name });
    const root = await t.as(admin, {
      method: 'PUT',
      url: `/api/categories/${leaf.id}`,
      payload: { name: unique('Leaf'), parent: null },
    });
    expect(root.json().parent).toBeNull();
  });
});

describe('DELETE /api/categories/{id}', () => {
  it('deletes an unused leaf', async () => {
    const c = await create({ name: unique('Doomed') });
    expect((await t.as(admin, { method: 'DELETE', url: `/api/categories/${c.id}` })).statusCode).toBe(204);
    expect((await t.as(admin, { method: 'GET', url: `/api/categories/${c.id}` })).statusCode).toBe(404);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/categories/${c.id}` })).statusCode).toBe(404);
  });

  it('refuses a category with subcategories', async () => {
    const p = await create({ name: unique('Parent') });
    await create({ name: 'Kid', parent: p.id });
    const res = await t.as(admin, { method: 'DELETE', url: `/api/categories/${p.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This category has 1 subcategory and cannot be deleted.' });
    expect(await nameOf(p.id)).toBeTruthy();
  });

  it('names what uses it: email lists, offers, unsubscribers', async () => {
    const c = await create({ name: unique('Busy') });
    const { db } = t.ctx;
    await db.insert(emailLists).values([
      { name: 'L1', categoryId: c.id, userId: user.id },
      { name: 'L2', categoryId: c.id, userId: user.id },
    ]);
    await db.insert(offers).values({ name: 'O', url: 'https://example.com/', categoryId: c.id, userId: user.id });
    const res = await t.as(admin, { method: 'DELETE', url: `/api/categories/${c.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This category is used by 2 email lists and 1 offer and cannot be deleted.' });

    const u = await create({ name: unique('Unsub') });
    await db.insert(unsubscribers).values({ email: 'gone@example.com', categoryId: u.id });
    await create({ name: 'Kid', parent: u.id });
    const res2 = await t.as(admin, { method: 'DELETE', url: `/api/categories/${u.id}` });
    expect(res2.json()).toEqual({
      error: 'This category has 1 subcategory and is used by 1 unsubscriber and cannot be deleted.',
    });
    expect(await nameOf(c.id)).toBeTruthy();
    expect(await nameOf(u.id)).toBeTruthy();
  });
});
