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
const count = async () => (await q('select count(*)::int as n from links'))[0].n as number;
const URL_OK = 'https://trk.example.com/t/c/[uuid]/[junk]';

describe('links', () => {
  it('creates in one of the owner’s groups, lists with filters, updates and deletes', async () => {
    const owner = await t.user();
    const g1 = await make.linkGroup({ owner, name: 'offers', type: 0 });
    const g2 = await make.linkGroup({ owner, name: 'pixels', type: 2 });
    const res = await t.as(owner, {
      method: 'POST',
      url: '/api/links',
      payload: { group: `/api/link_groups/${g1.id}`, url: ` ${URL_OK} ` },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      url: URL_OK,
      group: { id: g1.id, name: 'offers', type: 'offer' },
      user: { id: owner.id },
    });
    await make.link({ owner, groupId: g2.id, url: 'https://px.example.com/t/o/[uuid]' });
    const urls = (query: string, u = owner) =>
      t
        .as(u, { method: 'GET', url: `/api/links?${query}` })
        .then((r) => r.json()['hydra:member'].map((x: { url: string }) => x.url));
    expect(await urls('')).toEqual(['https://px.example.com/t/o/[uuid]', URL_OK]);
    expect(await urls(`group.id=${g1.id}`)).toEqual([URL_OK]);
    expect(await urls('url=PX.example')).toEqual(['https://px.example.com/t/o/[uuid]']);
    expect(await urls(`user.id=${owner.id}`, await t.user())).toEqual([]);
    expect(await urls(`user.id=${owner.id}`, admin)).toHaveLength(2);

    const put = await t.as(owner, {
      method: 'PUT',
      url: `/api/links/${res.json().id}`,
      payload: { group: g2.id, url: 'http://px2.example.com/t/o/[uuid]' },
    });
    expect(put.json()).toMatchObject({ group: { id: g2.id, type: 'pixel' }, url: 'http://px2.example.com/t/o/[uuid]' });
    expect((await t.as(owner, { method: 'DELETE', url: `/api/links/${res.json().id}` })).statusCode).toBe(204);
    expect(await urls('')).toEqual(['https://px.example.com/t/o/[uuid]']);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no group', { group: undefined }, { group: 'Group is required.' }],
    ['no URL', { url: ' ' }, { url: 'URL is required.' }],
    [
      'a URL without [uuid]',
      { url: 'https://trk.example.com/t/c/' },
      { url: 'The URL must hold [uuid]: without it nothing could be tracked through the link.' },
    ],
    [
      'another macro',
      { url: 'https://trk.example.com/t/c/[uuid]?e=[email]' },
      { url: 'A link may hold only the macros [uuid] and [junk].' },
    ],
    [
      'not a web address',
      { url: 'ftp://trk.example.com/[uuid]' },
      { url: 'URL must be an http or https address, e.g. https://trk.example.com/t/c/[uuid].' },
    ],
    [
      'a header line after CR LF',
      { url: 'https://trk.example.com/t/c/[uuid]\r\nX-Injected: yes' },
      { url: 'URL must not contain spaces or control characters (line breaks, tabs).' },
    ],
    [
      'a tab',
      { url: 'https://trk.example.com/t/c/\t[uuid]' },
      { url: 'URL must not contain spaces or control characters (line breaks, tabs).' },
    ],
    [
      'a relative URL',
      { url: '/t/c/[uuid]' },
      { url: 'URL must be an http or https address, e.g. https://trk.example.com/t/c/[uuid].' },
    ],
    [
      'no host',
      { url: 'https:///[uuid]' },
      { url: 'URL must be an http or https address, e.g. https://trk.example.com/t/c/[uuid].' },
    ],
    [
      'a long URL',
      { url: `https://t.example.com/[uuid]/${'x'.repeat(2100)}` },
      { url: 'URL must be no longer than 2048 characters.' },
    ],
    ['a malformed group', { group: '0x1' }, { group: 'Group is required.' }],
  ])('refuses %s, and adds nothing', async (_, over, error) => {
    const g = await make.linkGroup({ owner: admin });
    const before = await count();
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/links',
      payload: { group: g.id, url: URL_OK, ...over },
    });
    expect([res.statusCode, res.json()]).toEqual([422, { error }]);
    expect(await count()).toBe(before);
  });

  it("refuses another owner's group; an administrator's link belongs to the group's owner", async () => {
    const owner = await t.user();
    const theirs = await make.linkGroup();
    const mine = await make.linkGroup({ owner });
    const post = (u: TestUser, payload: object) => t.as(u, { method: 'POST', url: '/api/links', payload });
    expect((await post(owner, { group: theirs.id, url: URL_OK })).json()).toEqual({
      error: { group: "The group must be one of the owner's link groups." },
    });
    expect((await post(admin, { group: mine.id, url: URL_OK, user: theirs.owner.id })).statusCode).toBe(422);
    const made = await post(admin, { group: mine.id, url: URL_OK });
    expect([made.statusCode, made.json().user.id]).toEqual([201, owner.id]);
    const link = await make.link({ owner });
    const moved = await t.as(owner, {
      method: 'PUT',
      url: `/api/links/${link.id}`,
      payload: { group: theirs.id, url: URL_OK },
    });
    expect(moved.statusCode).toBe(422);
    expect((await q('select group_id from links where id = $1', [link.id]))[0].group_id).toBe(link.groupId);
  });

  it.each([
    ['GET', '/api/links/:id'],
    ['PUT', '/api/links/:id'],
    ['DELETE', '/api/links/:id'],
  ] as const)('%s %s: 401 without a token; another user’s link is 404 and untouched', async (method, url) => {
    let id = 0;
    await expectAccess(t, {
      method,
      url,
      payload: { group: 1, url: 'https://changed.example.com/[uuid]' },
      owned: async (owner) => (id = (await make.link({ owner, url: 'https://kept.example.com/[uuid]' })).id),
    });
    expect((await q('select url from links where id = $1', [id]))[0]).toEqual({
      url: 'https://kept.example.com/[uuid]',
    });
  });
});
