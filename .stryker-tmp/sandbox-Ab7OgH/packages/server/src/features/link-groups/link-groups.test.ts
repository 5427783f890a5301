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
const count = async () => (await q('select count(*)::int as n from link_groups'))[0].n as number;

describe('link groups', () => {
  it('creates with a type by name or number, lists with filters, updates and deletes with its links', async () => {
    const owner = await t.user();
    const post = (payload: object) => t.as(owner, { method: 'POST', url: '/api/link_groups', payload });
    const offer = await post({ type: 'offer', name: 'Offer hosts' });
    expect(offer.statusCode, offer.body).toBe(201);
    expect(offer.json()).toMatchObject({ type: 'offer', name: 'Offer hosts', linksCount: 0, user: { id: owner.id } });
    const unsub = (await post({ type: 1, name: 'Unsub hosts' })).json();
    const pixel = (await post({ type: '2', name: 'Pixel hosts' })).json();
    expect([unsub.type, pixel.type]).toEqual(['unsubscribe', 'pixel']);
    const names = (query: string, u = owner) =>
      t
        .as(u, { method: 'GET', url: `/api/link_groups?${query}` })
        .then((r) => r.json()['hydra:member'].map((x: { name: string }) => x.name));
    expect(await names('')).toEqual(['Pixel hosts', 'Unsub hosts', 'Offer hosts']);
    expect(await names('type=unsubscribe')).toEqual(['Unsub hosts']);
    expect(await names('type=0')).toEqual(['Offer hosts']);
    expect(await names('name=HOSTS&type=pixel')).toEqual(['Pixel hosts']);
    expect(await names('groups[]=select&pagination=false&type=offer')).toEqual(['Offer hosts']);
    expect(await names(`user.id=${owner.id}`, await t.user())).toEqual([]);
    expect(await names(`user.id=${owner.id}`, admin)).toEqual(['Pixel hosts', 'Unsub hosts', 'Offer hosts']);
    expect((await t.as(owner, { method: 'GET', url: '/api/link_groups?type=fax' })).statusCode).toBe(422);

    // With a link, the type and the owner stay; the name may change.
    await make.link({ owner, groupId: offer.json().id });
    const put = (payload: object, u = owner) =>
      t.as(u, { method: 'PUT', url: `/api/link_groups/${offer.json().id}`, payload });
    expect((await put({ type: 'pixel', name: 'x' })).json()).toEqual({
      error: { type: 'The group holds links: its type cannot change.' },
    });
    expect((await put({ type: 'offer', name: 'x', user: (await t.user()).id }, admin)).statusCode).toBe(422);
    expect((await put({ type: 'offer', name: 'Offer hosts 2' })).json()).toMatchObject({
      name: 'Offer hosts 2',
      linksCount: 1,
    });
    expect((await t.as(owner, { method: 'DELETE', url: `/api/link_groups/${offer.json().id}` })).statusCode).toBe(204);
    expect((await q('select count(*)::int as n from links where user_id = $1', [owner.id]))[0].n).toBe(0);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no type', { type: undefined }, { type: 'Type is required.' }],
    ['an unknown type', { type: 'fax' }, { type: 'Type is required.' }],
    ['type 3', { type: 3 }, { type: 'Type is required.' }],
    ['no name', { name: ' ' }, { name: 'Group Name is required.' }],
    ['a long name', { name: 'x'.repeat(101) }, { name: 'Group Name must be no longer than 100 characters.' }],
    ['an unknown owner', { user: 999999 }, { user: 'User not found.' }],
  ])('refuses %s, and adds nothing', async (_, over, error) => {
    const before = await count();
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/link_groups',
      payload: { type: 'offer', name: 'g', ...over },
    });
    expect([res.statusCode, res.json()]).toEqual([422, { error }]);
    expect(await count()).toBe(before);
  });

  it('lets an administrator create for an owner; an ordinary user’s owner is ignored', async () => {
    const owner = await t.user();
    const byAdmin = await t.as(admin, {
      method: 'POST',
      url: '/api/link_groups',
      payload: { type: 'pixel', name: 'p', user: owner.id },
    });
    expect(byAdmin.json().user.id).toBe(owner.id);
    const mine = await t.as(owner, {
      method: 'POST',
      url: '/api/link_groups',
      payload: { type: 'pixel', name: 'p', user: admin.id },
    });
    expect(mine.json().user.id).toBe(owner.id);
    for (const id of ['0x1', '1e1', '-1', 'abc']) {
      expect((await t.as(admin, { method: 'GET', url: `/api/link_groups/${id}` })).statusCode, id).toBe(422);
    }
  });

  it.each([
    ['GET', '/api/link_groups/:id'],
    ['PUT', '/api/link_groups/:id'],
    ['DELETE', '/api/link_groups/:id'],
  ] as const)('%s %s: 401 without a token; another user’s group is 404 and untouched', async (method, url) => {
    let id = 0;
    await expectAccess(t, {
      method,
      url,
      payload: { type: 'offer', name: 'changed' },
      owned: async (owner) => (id = (await make.linkGroup({ owner, name: 'kept' })).id),
    });
    expect((await q('select name from link_groups where id = $1', [id]))[0]).toEqual({ name: 'kept' });
  });
});
