// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

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
const count = async () => (await q('select count(*)::int as n from tags'))[0].n as number;

describe('tags', () => {
  it('creates (201), reads, updates (200), lists with filters and deletes; values one per line, blanks dropped', async () => {
    const owner = await t.user();
    const res = await t.as(owner, {
      method: 'POST',
      url: '/api/tags',
      payload: { name: 'greeting', content: ['Hello', ' Hi ', '', '   '] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const tag = res.json();
    expect(tag).toMatchObject({ name: 'greeting', content: ['Hello', 'Hi'], user: { id: owner.id } });
    const put = await t.as(owner, {
      method: 'PUT',
      url: `/api/tags/${tag.id}`,
      payload: { name: 'greeting2', content: ['Hey'], user: admin.id },
    });
    expect([put.statusCode, put.json().name, put.json().user.id]).toEqual([200, 'greeting2', owner.id]);
    await make.tag({ owner, name: 'signoff' });
    const list = (query: string, u = owner) =>
      t
        .as(u, { method: 'GET', url: `/api/tags?${query}` })
        .then((r) => r.json()['hydra:member'].map((x: { name: string }) => x.name));
    expect(await list('')).toEqual(['signoff', 'greeting2']);
    expect(await list('name=GREET')).toEqual(['greeting2']);
    expect(await list('groups[]=select&pagination=false')).toEqual(['greeting2', 'signoff']);
    expect(await list(`user.id=${owner.id}`, await t.user())).toEqual([]);
    expect(await list(`user.id=${owner.id}`, admin)).toEqual(['signoff', 'greeting2']);
    expect((await t.as(owner, { method: 'DELETE', url: `/api/tags/${tag.id}` })).statusCode).toBe(204);
    expect(await list('')).toEqual(['signoff']);
  });

  it('keeps names unique per owner; another owner may use the same name; an administrator writes for an owner', async () => {
    const owner = await t.user();
    await make.tag({ owner, name: 'promo' });
    const dup = await t.as(owner, { method: 'POST', url: '/api/tags', payload: { name: 'promo', content: ['x'] } });
    expect([dup.statusCode, dup.json()]).toEqual([409, { error: { name: 'You already have a tag with this name.' } }]);
    const other = await t.as(await t.user(), {
      method: 'POST',
      url: '/api/tags',
      payload: { name: 'promo', content: ['x'] },
    });
    expect(other.statusCode).toBe(201);
    const byAdmin = await t.as(admin, {
      method: 'POST',
      url: '/api/tags',
      payload: { name: 'from-admin', content: ['x'], user: owner.id },
    });
    expect(byAdmin.json().user.id).toBe(owner.id);
    const ignored = await t.as(owner, {
      method: 'POST',
      url: '/api/tags',
      payload: { name: 'mine', content: ['x'], user: admin.id },
    });
    expect(ignored.json().user.id).toBe(owner.id);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no name', { name: '' }, { name: 'Tag Name is required.' }],
    ['a blank name', { name: '   ' }, { name: 'Tag Name is required.' }],
    ['a long name', { name: 'x'.repeat(101) }, { name: 'Tag Name must be no longer than 100 characters.' }],
    [
      'braces in the name',
      { name: 'a{b}' },
      { name: 'Tag Name cannot contain {, } or | (they write tags in messages).' },
    ],
    [
      'a pipe in the name',
      { name: 'a|b' },
      { name: 'Tag Name cannot contain {, } or | (they write tags in messages).' },
    ],
    ['no content', { content: undefined }, { content: 'Tag Content is required.' }],
    ['blank lines only', { content: ['', ' '] }, { content: 'Tag Content is required.' }],
    ['content as a string', { content: 'Hello' }, { content: 'Tag Content is required.' }],
    [
      'numbers as content',
      { content: [1, 2] },
      { 'content.0': 'Tag Content is required.', 'content.1': 'Tag Content is required.' },
    ],
    ['an unknown owner', { user: 999999 }, { user: 'User not found.' }],
  ])('refuses %s, and adds nothing', async (_, over, error) => {
    const before = await count();
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/tags',
      payload: { name: 'ok', content: ['v'], ...over },
    });
    expect([res.statusCode, res.json()]).toEqual([422, { error }]);
    expect(await count()).toBe(before);
  });

  it('refuses NUL bytes and malformed ids with a 4xx', async () => {
    const nul = await t.as(admin, { method: 'POST', url: '/api/tags', payload: { name: 'a\u0000', content: ['v'] } });
    expect(nul.statusCode).toBe(422);
    for (const id of ['0x1', '1e1', '-1', '2147483648', 'abc']) {
      expect((await t.as(admin, { method: 'GET', url: `/api/tags/${id}` })).statusCode, id).toBe(422);
    }
  });

  it.each([
    ['GET', '/api/tags/:id'],
    ['PUT', '/api/tags/:id'],
    ['DELETE', '/api/tags/:id'],
  ] as const)('%s %s: 401 without a token; another user’s tag is 404 and untouched', async (method, url) => {
    let id = 0;
    await expectAccess(t, {
      method,
      url,
      payload: { name: 'changed', content: ['changed'] },
      owned: async (owner) => (id = (await make.tag({ owner, name: 'kept' })).id),
    });
    expect((await q('select name from tags where id = $1', [id]))[0]).toEqual({ name: 'kept' });
  });
});
