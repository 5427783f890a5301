// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfferMessages } from '@console/shared/offers';
import { expectAccess } from '../../../test/access.ts';
import { ownerPostbackKey } from '../../tracking/postback-key.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { categories, offers } from '../../db/schema/index.ts';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let cat: { id: number; name: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.user({ admin: true });
  alice = await t.user();
  bob = await t.user();
  const [row] = await t.ctx.db
    .insert(categories)
    .values({ name: 'Finance' })
    .returning({ id: categories.id, name: categories.name });
  cat = row!;
});
afterAll(() => t.close());

// Links point at a closed local port: the health check queued by create/update never leaves the machine.
const LINK = 'http://127.0.0.1:9/offer';
let seq = 0;
const body = (over: Record<string, unknown> = {}) => ({
  category: `/api/categories/${cat.id}`,
  name: `Offer ${++seq}`,
  url: LINK,
  user: alice.id,
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const res = await t.as(admin, { method: 'POST', url: '/api/offers', payload: body(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const countOffers = async () => Number((await t.ctx.db.$client.query('select count(*) from offers')).rows[0].count);
const list = async (u: TestUser, query = '') => (await t.as(u, { method: 'GET', url: `/api/offers${query}` })).json();
// The health check queued on create runs in the background and may fill clean/checkedAt at any moment.
const stable = ({ clean: _c, checkedAt: _k, ...rest }: Record<string, unknown>) => rest;
const idsOf = (page: { 'hydra:member': { id: number }[] }) => page['hydra:member'].map((o) => o.id);

describe('auth and roles', () => {
  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/offers'],
      ['GET', '/api/offers/1'],
      ['POST', '/api/offers'],
      ['PUT', '/api/offers/1'],
      ['POST', '/api/offers/archive/1'],
    ] as const) {
      expect((await t.as(null, { method, url })).statusCode).toBe(401);
    }
  });

  it('refuses writes to ordinary users, even on their own offers (403), and changes nothing', async () => {
    const own = await create({ user: alice.id });
    const before = await countOffers();
    const post = await t.as(alice, { method: 'POST', url: '/api/offers', payload: body() });
    expect(post.statusCode).toBe(403);
    const put = await t.as(alice, { method: 'PUT', url: `/api/offers/${own.id}`, payload: body({ name: 'Hijacked' }) });
    expect(put.statusCode).toBe(403);
    const archive = await t.as(alice, { method: 'POST', url: `/api/offers/archive/${own.id}` });
    expect(archive.statusCode).toBe(403);
    expect(await countOffers()).toBe(before);
    const after = (await t.as(alice, { method: 'GET', url: `/api/offers/${own.id}` })).json();
    expect(after).toMatchObject({ name: own.name, archive: null });
  });
});

describe('POST /api/offers', () => {
  it('creates an offer owned by the chosen user, with nested category and owner', async () => {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/offers',
      payload: {
        category: cat.id,
        name: ' Loans ',
        url: LINK,
        plug: 'http://127.0.0.1:9/plug',
        user: `/api/users/${alice.id}`,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json())).toEqual(expect.arrayContaining(['clean', 'checkedAt']));
    expect(stable(res.json())).toEqual({
      id: expect.any(Number),
      name: 'Loans',
      url: LINK,
      plug: 'http://127.0.0.1:9/plug',
      callback: null,
      archive: null,
      category: { id: cat.id, name: 'Finance' },
      user: { id: alice.id, username: alice.username },
      postbackRequiresClick: false,
      postbackMaxAmount: null,
    });
  });

  it('stores url, plug and callback URI-encoded once, keeping the placeholders', async () => {
    const decoded = 'http://127.0.0.1:9/café landing?c=[click_id]&t=[trk]&e=[email]&next=https%3A%2F%2Fx.example';
    const encoded =
      'http://127.0.0.1:9/caf%C3%A9%20landing?c=[click_id]&t=[trk]&e=[email]&next=https%3A%2F%2Fx.example';
    const a = await create({
      url: decoded,
      plug: 'http://127.0.0.1:9/é',
      callback: 'https://pb.example/p?cid={cid}&sum={sum}',
    });
    expect(a.url).toBe(encoded);
    expect(a.plug).toBe('http://127.0.0.1:9/%C3%A9');
    expect(a.callback).toBe('https://pb.example/p?cid={cid}&sum={sum}');
    // Sending the stored (encoded) form back does not encode it again.
    const b = await create({ url: encoded });
    expect(b.url).toBe(encoded);
    const c = await create({ url: 'http://127.0.0.1:9/?c=%5Bclick_id%5D' });
    expect(c.url).toBe('http://127.0.0.1:9/?c=[click_id]');
    const stored = await t.ctx.db.$client.query('select url from offers where id = $1', [a.id]);
    expect(stored.rows[0].url).toBe(encoded);
  });

  const required = {
    category: 'Category is required.',
    name: 'Name is required.',
    url: 'Url is required.',
    user: 'User is required.',
  };
  // One test per message (payloads are built lazily: `body` needs the category made in beforeAll).
  it.each<[string, () => object, Record<string, string>]>([
    ['an empty body', () => ({}), required],
    ['blank fields', () => ({ category: '', name: '  ', url: '', user: '' }), required],
    ['a malformed category', () => body({ category: 'abc' }), { category: 'Category is required.' }],
    ['a url that is not one', () => body({ url: 'not a url' }), { url: 'Invalid url.' }],
    ['an ftp url', () => body({ url: 'ftp://files.example/x' }), { url: 'Invalid url.' }],
    ['a javascript: plug', () => body({ plug: 'javascript:alert(1)' }), { plug: 'Invalid url.' }],
    ['a plug that is not a url', () => body({ plug: 'nope' }), { plug: 'Invalid url.' }],
    ['a callback that is not a url', () => body({ callback: 'nope' }), { callback: 'Invalid url.' }],
    ['a long name', () => body({ name: 'x'.repeat(256) }), { name: 'Name must be no longer than 255 characters.' }],
    [
      'a missing category and user',
      () => body({ category: 999999, user: 999999 }),
      { category: 'Category not found.', user: 'User not found.' },
    ],
  ])('answers 422 for %s and stores nothing', async (_what, payload, error) => {
    const before = await countOffers();
    const res = await t.as(admin, { method: 'POST', url: '/api/offers', payload: payload() });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error });
    expect(await countOffers()).toBe(before);
  });

  it('treats an empty plug or callback as none', async () => {
    const o = await create({ plug: '', callback: '  ' });
    expect(o).toMatchObject({ plug: null, callback: null });
  });
});

describe('GET /api/offers', () => {
  it('confines ordinary users to their own offers whatever filter they send', async () => {
    const a = await create({ user: alice.id });
    const b = await create({ user: bob.id });
    const bobs = await list(bob, '?pagination=false');
    expect(idsOf(bobs)).toContain(b.id);
    expect(idsOf(bobs)).not.toContain(a.id);
    expect(bobs['hydra:member'].every((o: { user: { id: number } }) => o.user.id === bob.id)).toBe(true);
    const sneaky = await list(bob, `?pagination=false&user.id=${alice.id}`);
    expect(idsOf(sneaky)).not.toContain(a.id);
    expect(idsOf(sneaky)).toContain(b.id);
    const select = await list(bob, '?groups[]=select&pagination=false&archive[exists]=false');
    expect(idsOf(select)).not.toContain(a.id);
  });

  it('lets administrators see everything and filter by owner, name and archive state', async () => {
    const tag = `Needle${Date.now()}`;
    const a = await create({ user: alice.id, name: `${tag} A` });
    const b = await create({ user: bob.id, name: `${tag} B` });
    const archived = await create({ user: bob.id, name: `${tag} old` });
    expect((await t.as(admin, { method: 'POST', url: `/api/offers/archive/${archived.id}` })).statusCode).toBe(200);

    expect(idsOf(await list(admin, `?name=${tag.toLowerCase()}`)).sort()).toEqual([a.id, b.id, archived.id].sort());
    expect(idsOf(await list(admin, `?name=${tag}&user.id=${bob.id}`)).sort()).toEqual([b.id, archived.id].sort());
    expect(idsOf(await list(admin, `?name=${tag}&archive[exists]=true`))).toEqual([archived.id]);
    expect(idsOf(await list(admin, `?name=${tag}&archive[exists]=false`)).sort()).toEqual([a.id, b.id].sort());
    const select = await list(admin, `?groups[]=select&pagination=false&archive[exists]=false&name=${tag}`);
    expect(select).toEqual({
      'hydra:member': [
        { id: a.id, name: `${tag} A` },
        { id: b.id, name: `${tag} B` },
      ],
      'hydra:totalItems': 2,
    });
  });

  it('pages by 30 by default, newest first', async () => {
    const t2 = await createTestApp();
    try {
      const adm = await t2.user({ admin: true });
      const [c] = await t2.ctx.db.insert(categories).values({ name: 'C' }).returning();
      await t2.ctx.db
        .insert(offers)
        .values(
          Array.from({ length: 31 }, (_, i) => ({ name: `O${i}`, url: LINK, categoryId: c!.id, userId: adm.id })),
        );
      const first = (await t2.as(adm, { method: 'GET', url: '/api/offers' })).json();
      expect(first['hydra:member']).toHaveLength(30);
      expect(first['hydra:totalItems']).toBe(31);
      expect(first['hydra:member'][0].name).toBe('O30');
      const second = (await t2.as(adm, { method: 'GET', url: '/api/offers?_page=2' })).json();
      expect(second['hydra:member'].map((o: { name: string }) => o.name)).toEqual(['O0']);
    } finally {
      await t2.close();
    }
  });
});

describe('GET /api/offers/{id}', () => {
  it('answers the owner and administrators; 404 to anyone else', async () => {
    const a = await create({ user: alice.id });
    // The owner also gets the postback URL with their postback key; nobody else does.
    const key = await ownerPostbackKey(t.ctx, alice.id);
    expect(stable((await t.as(alice, { method: 'GET', url: `/api/offers/${a.id}` })).json())).toEqual({
      ...stable(a),
      postbackUrl: `http://localhost:80/postback?cid={cid}&sum={sum}&key=${key}`,
    });
    expect(stable((await t.as(admin, { method: 'GET', url: `/api/offers/${a.id}` })).json())).toEqual(stable(a));
    const other = await t.as(bob, { method: 'GET', url: `/api/offers/${a.id}` });
    expect(other.statusCode).toBe(404);
    expect((await t.as(admin, { method: 'GET', url: '/api/offers/999999' })).statusCode).toBe(404);
  });
});

describe('the postback rules of an offer', () => {
  it('stores requires-click and the maximum amount', async () => {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/offers',
      payload: {
        category: cat.id,
        name: 'Capped',
        url: LINK,
        user: alice.id,
        postbackRequiresClick: true,
        postbackMaxAmount: 25.5,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ postbackRequiresClick: true, postbackMaxAmount: 25.5 });
  });

  it.each([0, -1, 1_000_001, 'x'])('refuses the maximum amount %s', async (postbackMaxAmount) => {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/offers',
      payload: { category: cat.id, name: 'Capped', url: LINK, user: alice.id, postbackMaxAmount },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: { postbackMaxAmount: OfferMessages.maxAmountInvalid } });
  });
});

describe('PUT /api/offers/{id}', () => {
  it('updates every field, the owner included', async () => {
    const a = await create({ user: alice.id });
    const [other] = await t.ctx.db.insert(categories).values({ name: 'Health' }).returning();
    const res = await t.as(admin, {
      method: 'PUT',
      url: `/api/offers/${a.id}`,
      payload: {
        category: { id: other!.id },
        name: 'Renamed',
        url: 'http://127.0.0.1:9/new path',
        plug: 'http://127.0.0.1:9/p',
        user: bob.id,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: a.id,
      name: 'Renamed',
      url: 'http://127.0.0.1:9/new%20path',
      plug: 'http://127.0.0.1:9/p',
      category: { id: other!.id, name: 'Health' },
      user: { id: bob.id, username: bob.username },
    });
    expect((await t.as(alice, { method: 'GET', url: `/api/offers/${a.id}` })).statusCode).toBe(404);
    expect((await t.as(bob, { method: 'GET', url: `/api/offers/${a.id}` })).statusCode).toBe(200);
  });

  it('validates like create and changes nothing on bad input', async () => {
    const a = await create();
    const res = await t.as(admin, {
      method: 'PUT',
      url: `/api/offers/${a.id}`,
      payload: { ...body(), name: '', url: 'bad' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: { name: 'Name is required.', url: 'Invalid url.' } });
    const gone = await t.as(admin, { method: 'PUT', url: `/api/offers/${a.id}`, payload: body({ category: 999999 }) });
    expect(gone.json()).toEqual({ error: { category: 'Category not found.' } });
    expect(stable((await t.as(admin, { method: 'GET', url: `/api/offers/${a.id}` })).json())).toEqual(stable(a));
    expect((await t.as(admin, { method: 'PUT', url: '/api/offers/999999', payload: body() })).statusCode).toBe(404);
  });

  it('refuses to edit an archived offer (409)', async () => {
    const a = await create();
    await t.as(admin, { method: 'POST', url: `/api/offers/archive/${a.id}` });
    const res = await t.as(admin, { method: 'PUT', url: `/api/offers/${a.id}`, payload: body({ name: 'Changed' }) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Archived offers are read-only.' });
    expect((await t.as(admin, { method: 'GET', url: `/api/offers/${a.id}` })).json().name).toBe(a.name);
  });
});

describe('POST /api/offers/archive/{id}', () => {
  it('archives once; a second time answers 409', async () => {
    const a = await create();
    const res = await t.as(admin, { method: 'POST', url: `/api/offers/archive/${a.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, archive: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const again = await t.as(admin, { method: 'POST', url: `/api/offers/archive/${a.id}` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Offer is already archived.' });
    expect((await t.as(admin, { method: 'POST', url: '/api/offers/archive/999999' })).statusCode).toBe(404);
  });

  it('has no delete: offers stay for the campaigns and reports that reference them', async () => {
    const a = await create();
    expect((await t.as(admin, { method: 'DELETE', url: `/api/offers/${a.id}` })).statusCode).toBe(404);
    expect((await t.as(admin, { method: 'GET', url: `/api/offers/${a.id}` })).statusCode).toBe(200);
  });
});

describe('access matrix (test/access.ts)', () => {
  it.each([
    { method: 'GET' as const, url: '/api/offers' },
    { method: 'GET' as const, url: '/api/offers/:id', owned: true },
    { method: 'POST' as const, url: '/api/offers', admin: true },
    { method: 'PUT' as const, url: '/api/offers/:id', admin: true, owned: true },
    { method: 'POST' as const, url: '/api/offers/archive/:id', admin: true, owned: true },
    { method: 'POST' as const, url: '/api/postback_key/rotate', payload: { confirm: true } },
  ])('$method $url', async ({ owned, ...c }) => {
    const make = factories(t);
    await expectAccess(t, { ...c, owned: owned ? async (owner) => (await make.offer({ owner })).id : undefined });
  });
});

describe('POST /api/postback_key/rotate', () => {
  const rotate = (u: TestUser, payload: unknown) =>
    t.as(u, { method: 'POST', url: '/api/postback_key/rotate', payload: payload as object });

  it("makes a new key for the caller only; the offer's postback URL carries it", async () => {
    const a = await create({ user: alice.id });
    const before = await ownerPostbackKey(t.ctx, alice.id);
    const ofBob = await ownerPostbackKey(t.ctx, bob.id);
    const res = await rotate(alice, { confirm: true });
    expect(res.statusCode).toBe(200);
    const { postbackKey } = res.json<{ postbackKey: string }>();
    expect(postbackKey).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(postbackKey).not.toBe(before);
    expect(await ownerPostbackKey(t.ctx, alice.id)).toBe(postbackKey);
    expect(await ownerPostbackKey(t.ctx, bob.id)).toBe(ofBob);
    const offer = (await t.as(alice, { method: 'GET', url: `/api/offers/${a.id}` })).json<{ postbackUrl: string }>();
    expect(offer.postbackUrl).toMatch(new RegExp(`&key=${postbackKey}$`));
  });

  it('makes a key for an owner who had none', async () => {
    const carol = await t.user();
    const res = await rotate(carol, { confirm: true });
    expect(res.statusCode).toBe(200);
    expect(await ownerPostbackKey(t.ctx, carol.id)).toBe(res.json<{ postbackKey: string }>().postbackKey);
  });

  it.each([
    ['no confirmation', { confirm: false }],
    ['a missing confirm', {}],
    ['confirm as a string', { confirm: 'true' }],
    ['confirm as a number', { confirm: 1 }],
    ['confirm null', { confirm: null }],
    ['an array body', [true]],
    ['a NUL byte', { confirm: '\u0000' }],
    ['an over-long value', { confirm: 'x'.repeat(100_000) }],
  ])('refuses %s (422) and keeps the key', async (_, payload) => {
    const before = await ownerPostbackKey(t.ctx, alice.id);
    expect((await rotate(alice, payload)).statusCode).toBe(422);
    expect(await ownerPostbackKey(t.ctx, alice.id)).toBe(before);
  });

  it('says what a 422 is about', async () => {
    expect((await rotate(alice, { confirm: false })).json()).toEqual({ error: { confirm: 'Confirm the new key.' } });
  });
});
