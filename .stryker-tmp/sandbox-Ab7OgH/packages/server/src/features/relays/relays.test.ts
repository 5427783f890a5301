// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayKind } from '@console/shared/relays';
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
