import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RelayGroupKinds, relayGroupsPath, type RelayGroupKind } from '@console/shared/relay-groups';
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

const groupOf = (kind: RelayGroupKind) => (kind === 'pmta' ? make.pmtaRelayGroup : make.smtpRelayGroup);
const relayIn = (kind: RelayGroupKind, owner: TestUser, groupId: number) =>
  kind === 'pmta' ? make.pmtaRelay({ owner, groupId }) : make.smtpRelay({ owner, groupId });
const names = (res: { json: () => { 'hydra:member': { name: string }[] } }) =>
  res.json()['hydra:member'].map((g) => g.name);

describe.each(RelayGroupKinds)('%s relay groups', (kind) => {
  const api = `/api/${relayGroupsPath(kind)}`;
  const table = `${kind}_relay_groups`;
  const row = async (id: number) =>
    (await t.ctx.db.$client.query(`select name, user_id, archive from ${table} where id = $1`, [id])).rows[0];

  it('creates, reads, updates and archives a group of the caller', async () => {
    const alice = await t.user();
    const created = await t.as(alice, { method: 'POST', url: api, payload: { name: '  Main  ', user: admin.id } });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    // An ordinary user's group is theirs whatever owner the body names.
    expect(group).toMatchObject({ name: 'Main', archive: null, user: { id: alice.id }, relaysCount: 0 });
    const got = await t.as(alice, { method: 'GET', url: `${api}/${group.id}` });
    expect(got.json()).toEqual(group);
    const updated = await t.as(alice, { method: 'PUT', url: `${api}/${group.id}`, payload: { name: 'Renamed' } });
    expect(updated.json()).toMatchObject({ name: 'Renamed', user: { id: alice.id } });
    const archived = await t.as(alice, { method: 'POST', url: `${api}/archive/${group.id}` });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().archive).not.toBeNull();
    // Archived: read-only, and archiving again says so.
    const again = await t.as(alice, { method: 'POST', url: `${api}/archive/${group.id}` });
    expect([again.statusCode, again.json()]).toEqual([409, { error: 'The group is already archived.' }]);
    const edit = await t.as(alice, { method: 'PUT', url: `${api}/${group.id}`, payload: { name: 'Nope' } });
    expect([edit.statusCode, edit.json()]).toEqual([409, { error: 'Archived groups are read-only.' }]);
    expect((await row(group.id)).name).toBe('Renamed');
  });

  it.each<[string, object, Record<string, string>]>([
    ['no name', {}, { name: 'Group Name is required.' }],
    ['a blank name', { name: '   ' }, { name: 'Group Name is required.' }],
    ['a long name', { name: 'x'.repeat(101) }, { name: 'Group Name must be no longer than 100 characters.' }],
    ['an unknown owner', { name: 'G', user: 999_999 }, { user: 'User not found.' }],
    ['a malformed owner', { name: 'G', user: '0x10' }, { user: 'User not found.' }],
  ])('refuses %s', async (_, payload, error) => {
    const before = (await t.ctx.db.$client.query(`select count(*)::int as n from ${table}`)).rows[0].n;
    const res = await t.as(admin, { method: 'POST', url: api, payload });
    expect([res.statusCode, res.json()]).toEqual([422, { error }]);
    expect((await t.ctx.db.$client.query(`select count(*)::int as n from ${table}`)).rows[0].n).toBe(before);
  });

  it('lets an administrator choose the owner, but never move a group that holds relays', async () => {
    const bob = await t.user();
    const carol = await t.user();
    const res = await t.as(admin, { method: 'POST', url: api, payload: { name: 'For Bob', user: bob.id } });
    const group = res.json();
    expect(group.user.id).toBe(bob.id);
    const moved = await t.as(admin, {
      method: 'PUT',
      url: `${api}/${group.id}`,
      payload: { name: 'x', user: carol.id },
    });
    expect(moved.json().user.id).toBe(carol.id);
    await relayIn(kind, carol, group.id);
    const refused = await t.as(admin, {
      method: 'PUT',
      url: `${api}/${group.id}`,
      payload: { name: 'x', user: bob.id },
    });
    expect([refused.statusCode, refused.json()]).toEqual([
      422,
      { error: { user: 'The group holds relays of its owner: it cannot change owner.' } },
    ]);
    expect((await row(group.id)).user_id).toBe(carol.id);
    expect((await t.as(admin, { method: 'GET', url: `${api}/${group.id}` })).json().relaysCount).toBe(1);
  });

  it('lists by name, archive status and, for administrators, owner', async () => {
    const owner = await t.user();
    const other = await t.user();
    const tag = `${kind}-${Date.now()}`;
    await groupOf(kind)({ owner, name: `${tag} current` });
    await groupOf(kind)({ owner, name: `${tag} old`, archived: true });
    await groupOf(kind)({ owner: other, name: `${tag} theirs` });
    const list = (u: TestUser, q: string) => t.as(u, { method: 'GET', url: `${api}?name=${tag}&${q}` });
    expect(names(await list(owner, ''))).toEqual([`${tag} old`, `${tag} current`]);
    expect(names(await list(owner, 'archive[exists]=false'))).toEqual([`${tag} current`]);
    expect(names(await list(owner, 'archive[exists]=true'))).toEqual([`${tag} old`]);
    // An ordinary user's owner filter cannot reach another user's groups.
    expect(names(await list(owner, `user.id=${other.id}`))).toEqual([`${tag} old`, `${tag} current`]);
    expect(names(await list(admin, `user.id=${other.id}`))).toEqual([`${tag} theirs`]);
    expect((await list(admin, '')).json()['hydra:totalItems']).toBe(3);
  });

  it('offers only current groups of the owner in the select list', async () => {
    const owner = await t.user();
    const tag = `sel-${kind}-${Date.now()}`;
    const b = await groupOf(kind)({ owner, name: `${tag} b` });
    const a = await groupOf(kind)({ owner, name: `${tag} a` });
    await groupOf(kind)({ owner, name: `${tag} archived`, archived: true });
    await groupOf(kind)({ name: `${tag} someone else's` });
    const res = await t.as(owner, {
      method: 'GET',
      url: `${api}?groups[]=select&pagination=false&archive[exists]=false&name=${tag}`,
    });
    expect(res.json()['hydra:member']).toEqual([
      { id: a.id, name: `${tag} a` },
      { id: b.id, name: `${tag} b` },
    ]);
  });

  it.each([
    ['GET', ':id', true],
    ['PUT', ':id', true],
    ['POST', 'archive/:id', true],
    ['GET', '', false],
    ['POST', '', false],
  ] as const)('%s %s: refused without a token; another user’s group is 404', async (method, tail, owned) => {
    await expectAccess(t, {
      method,
      url: tail ? `${api}/${tail}` : api,
      payload: { name: 'Taken over' },
      owned: owned ? async (owner) => (await groupOf(kind)({ owner, name: 'Untouched' })).id : undefined,
    });
    const { rows } = await t.ctx.db.$client.query(`select count(*)::int as n from ${table} where name = 'Taken over'`);
    expect(rows[0].n).toBe(0);
  });

  it('answers 4xx to malformed ids and wrong types', async () => {
    for (const id of ['0x10', '1e1', '%205', '2147483648', 'abc']) {
      const res = await t.as(admin, { method: 'GET', url: `${api}/${id}` });
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
    }
    const res = await t.as(admin, { method: 'POST', url: api, payload: { name: ['a'] } });
    expect(res.statusCode).toBe(422);
  });
});
