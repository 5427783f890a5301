import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayKind } from '@console/shared/relays';
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

/** Both kinds through the same factories: an owner, two groups, three relays in the first. */
async function fleet(kind: RelayKind) {
  const owner = await t.user();
  const group = (o: { owner: TestUser }) => (kind === 'pmta' ? make.pmtaRelayGroup(o) : make.smtpRelayGroup(o));
  const g1 = await group({ owner });
  const g2 = await group({ owner });
  const relays = [];
  for (let i = 1; i <= 3; i++) {
    relays.push(
      kind === 'pmta'
        ? await make.pmtaRelay({ owner, groupId: g1.id, ip: `10.3.0.${i}` })
        : await make.smtpRelay({ owner, groupId: g1.id }),
    );
  }
  const stranger = kind === 'pmta' ? await make.pmtaRelay() : await make.smtpRelay();
  const theirGroup = await group({ owner: await t.user() });
  return { owner, g1, g2, ids: relays.map((r) => r.id), stranger, theirGroup, table: `${kind}_relays` };
}

describe.each(['pmta', 'smtp'] as const)('%s relays: bulk calls', (kind) => {
  it('moves, changes activity and deletes a whole selection, or nothing when one id is not the caller’s', async () => {
    const f = await fleet(kind);
    const call = (path: string, body: object, u = f.owner) =>
      t.as(u, { method: 'POST', url: `/api/${kind}_relays/${path}`, payload: body });
    const mineCount = async () =>
      (await q(`select count(*)::int as n from ${f.table} where user_id = $1`, [f.owner.id]))[0].n;

    const refused = await call('bulk_delete', { relaysIds: [...f.ids, f.stranger.id] });
    expect([refused.statusCode, refused.json()]).toEqual([
      404,
      { error: { relaysIds: `Not found: ${f.stranger.id}.` } },
    ]);
    expect(await mineCount()).toBe(3);

    expect((await call('bulk_move', { relaysIds: f.ids.slice(0, 2), groupId: f.g2.id })).json()).toEqual({
      count: 2,
      message: 'Successfully moved!',
    });
    expect(
      (await q(`select group_id from ${f.table} where id = any($1) order by id`, [f.ids])).map((r) => r.group_id),
    ).toEqual([f.g2.id, f.g2.id, f.g1.id]);
    const foreign = await call('bulk_move', { relaysIds: f.ids, groupId: f.theirGroup.id });
    expect([foreign.statusCode, foreign.json()]).toEqual([
      422,
      { error: { groupId: "The relay group must be one of the owner's current groups." } },
    ]);
    // An administrator moves any owner's relays, to that owner's group only.
    expect((await call('bulk_move', { relaysIds: f.ids, groupId: f.g1.id }, admin)).statusCode).toBe(200);

    expect((await call('bulk_activity', { relaysIds: f.ids.join(','), activity: 'false' })).json()).toEqual({
      count: 3,
      message: 'Successfully changed!',
    });
    expect((await q(`select bool_or(active) as a from ${f.table} where user_id = $1`, [f.owner.id]))[0].a).toBe(false);
    expect((await call('bulk_activity', { relaysIds: f.ids, activity: 'maybe' })).statusCode).toBe(422);

    for (const bad of [[], ['0x1'], ['1\u0000'], 'x'.repeat(5000)]) {
      expect((await call('bulk_delete', { relaysIds: bad })).statusCode).toBe(422);
    }
    expect((await call('bulk_delete', { relaysIds: f.ids }, await t.user())).statusCode).toBe(404);
    expect(await mineCount()).toBe(3);
    expect((await call('bulk_delete', { relaysIds: f.ids })).json()).toEqual({
      count: 3,
      message: 'Deleted successfully!',
    });
    expect(await mineCount()).toBe(0);
    expect((await t.as(null, { method: 'POST', url: `/api/${kind}_relays/bulk_delete` })).statusCode).toBe(401);
  });
});

type Refusal = [string, Record<string, unknown>, Record<string, string>];

/** What differs between the kinds for the calls both kinds answer alike (decision 1492). */
const relayKinds = [
  {
    kind: 'pmta' as const,
    server: (o: { owner?: TestUser }) => make.pmtaServer(o),
    group: (o: { owner?: TestUser }) => make.pmtaRelayGroup(o),
    serverField: 'pmtaServer',
    serverNotOwners: "The PMTA server must be one of the owner's servers.",
    refusals: [
      ['no group', { group: undefined }, { group: 'Relay Group is required' }],
      ['no server', { pmtaServer: '' }, { pmtaServer: 'Pmta Server is required' }],
      ['no host', { smtpHost: '' }, { smtpHost: 'Smtp Host is required' }],
      ['no IP', { ip: '' }, { ip: 'IP address is required' }],
      ['a bad IP', { ip: '10.0.0' }, { ip: 'Not valid IP address' }],
      ['no sender', { senderEmail: '' }, { senderEmail: 'Sender Email is required' }],
      ['a bad sender', { senderEmail: 'nope' }, { senderEmail: 'Invalid Email' }],
      ['a long description', { description: 'x'.repeat(401) }, { description: 'Max length is 400 symbols' }],
    ] as Refusal[],
    /** A create's fields besides its server and group. */
    fields: () => ({ smtpHost: 'm.example.com', ip: '10.7.0.1', senderEmail: 'a@example.com' }),
    /** A relay of `owner`, and the column a refused write must leave as it was. */
    relay: (owner: TestUser) => make.pmtaRelay({ owner, ip: '10.6.6.6' }),
    kept: { column: 'host(ip) as ip', row: { ip: '10.6.6.6' } },
    edit: { group: 1, ip: '10.0.0.9', senderEmail: 'x@example.com', switches: [] },
    calls: ['/api/pmta_relays/:id', '/api/pmta_relay_switches/:id'],
  },
  {
    kind: 'smtp' as const,
    server: (o: { owner?: TestUser }) => make.smtpServer(o),
    group: (o: { owner?: TestUser }) => make.smtpRelayGroup(o),
    serverField: 'smtpServer',
    serverNotOwners: "The SMTP server must be one of the owner's servers.",
    refusals: [
      ['no group', { group: undefined }, { group: 'Relay Group is required' }],
      ['no server', { smtpServer: '' }, { smtpServer: 'SMTP Server is required' }],
      ['no sender', { senderEmail: '' }, { senderEmail: 'Email is required' }],
      ['a bad sender', { senderEmail: 'nope' }, { senderEmail: 'Invalid Email' }],
      ['no account', { account: ' ' }, { account: 'Account is required' }],
      ['no password', { password: '' }, { password: 'Password is required' }],
      ['a long account', { account: 'x'.repeat(256) }, { account: 'Account must be no longer than 255 characters.' }],
      ['a long description', { description: 'x'.repeat(401) }, { description: 'Max length is 400 symbols' }],
      ['a malformed group id', { group: '0x10' }, { group: 'Relay Group is required' }],
      ['a number as account', { account: 7 }, { account: 'Account is required' }],
    ] as Refusal[],
    fields: () => ({ senderEmail: 'a@example.com', account: `acc-${Math.random()}`, password: 'pw' }),
    relay: (owner: TestUser) => make.smtpRelay({ owner, account: 'kept' }),
    kept: { column: 'account', row: { account: 'kept' } },
    edit: { group: 1, smtpServer: 1, account: 'changed', senderEmail: 'x@example.com' },
    calls: ['/api/smtp_relays/:id'],
  },
];

describe.each(relayKinds)('$kind relays: what both kinds answer alike', (k) => {
  const url = `/api/${k.kind}_relays`;
  const count = async () => (await q(`select count(*)::int as n from ${k.kind}_relays`))[0].n as number;

  it.each(k.refusals)('refuses %s, and adds nothing', async (_, over, error) => {
    const before = await count();
    const res = await t.as(admin, {
      method: 'POST',
      url,
      payload: { group: 1, [k.serverField]: 1, ...k.fields(), ...over },
    });
    expect([res.statusCode, res.json()]).toEqual([422, { error }]);
    expect(await count()).toBe(before);
  });

  it("refuses another owner's server or group, also for an administrator writing for an owner", async () => {
    const owner = await t.user();
    const mine = await k.server({ owner });
    const myGroup = await k.group({ owner });
    const theirs = await k.server({});
    const theirGroup = await k.group({});
    const server = k.serverField;
    const post = (u: TestUser, body: object) => t.as(u, { method: 'POST', url, payload: { ...k.fields(), ...body } });
    expect((await post(owner, { [server]: theirs.id, group: myGroup.id })).json()).toEqual({
      error: { [server]: k.serverNotOwners },
    });
    expect((await post(owner, { [server]: mine.id, group: theirGroup.id })).json()).toEqual({
      error: { group: "The relay group must be one of the owner's current groups." },
    });
    await q(`update ${k.kind}_relay_groups set archive = now() where id = $1`, [myGroup.id]);
    expect((await post(owner, { [server]: mine.id, group: myGroup.id })).statusCode).toBe(422);
    await q(`update ${k.kind}_relay_groups set archive = null where id = $1`, [myGroup.id]);
    expect((await post(admin, { [server]: mine.id, group: theirGroup.id, user: owner.id })).statusCode).toBe(422);
    const made = await post(admin, { [server]: mine.id, group: myGroup.id, user: owner.id });
    expect([made.statusCode, made.json().user.id]).toEqual([201, owner.id]);
    const made1 = await q(`select count(*)::int as n from ${k.kind}_relays where ${k.kind}_server_id = $1`, [mine.id]);
    expect(made1[0].n).toBe(1);
  });

  it.each(
    k.calls.flatMap((call) =>
      (call.endsWith('_relays/:id') ? (['GET', 'PUT', 'DELETE'] as const) : (['GET', 'POST'] as const)).map(
        (method) => [method, call] as const,
      ),
    ),
  )('%s %s: 401 without a token; another user’s relay is 404 and untouched', async (method, call) => {
    let id = 0;
    await expectAccess(t, {
      method,
      url: call,
      payload: { ...k.edit, active: false, normalSpeed: 1, backoffSpeed: 1 },
      owned: async (owner) => (id = (await k.relay(owner)).id),
    });
    expect((await q(`select ${k.kept.column} from ${k.kind}_relays where id = $1`, [id]))[0]).toEqual(k.kept.row);
  });

  it('answers 422 for malformed ids', async () => {
    for (const id of ['0x1', '1e1', '-1', '2147483648', 'abc']) {
      expect((await t.as(admin, { method: 'GET', url: `${url}/${id}` })).statusCode, id).toBe(422);
    }
  });
});

describe('relays: the description call', () => {
  it('edits the description of a PMTA or an SMTP relay of the caller', async () => {
    const p = await make.pmtaRelay();
    const s = await make.smtpRelay({ owner: p.owner });
    const edit = (u: TestUser, body: object) =>
      t.as(u, { method: 'POST', url: '/api/relays/edit_description', payload: body });
    expect((await edit(p.owner, { relayType: 'pmta', relayId: p.id, description: ' new ' })).json()).toEqual({
      id: p.id,
      description: 'new',
    });
    expect((await edit(p.owner, { relayType: 'smtp', relayId: s.id, description: '' })).json()).toEqual({
      id: s.id,
      description: null,
    });
    expect((await edit(admin, { relayType: 'smtp', relayId: s.id, description: 'by admin' })).statusCode).toBe(200);
    expect((await edit(await t.user(), { relayType: 'pmta', relayId: p.id, description: 'x' })).statusCode).toBe(404);
    expect((await edit(p.owner, { relayType: 'other', relayId: p.id })).json()).toEqual({
      error: { relayType: "Relay type must be 'pmta' or 'smtp'." },
    });
    expect((await edit(p.owner, { relayType: 'pmta', relayId: p.id, description: 'x'.repeat(401) })).json()).toEqual({
      error: { description: 'Max length is 400 symbols' },
    });
    expect((await q('select description from pmta_relays where id = $1', [p.id]))[0].description).toBe('new');
  });
});
