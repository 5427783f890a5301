import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/harness.ts';
import { postFile, uploadOutcome } from '../../../../test/uploads.ts';
import { FILE_ACCEPTED } from '@console/shared/uploads';
import { open } from '../../../core/sealed.ts';

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
const ids = (res: { json: () => { 'hydra:member': { id: number }[] } }) => res.json()['hydra:member'].map((r) => r.id);
const passwordOf = async (id: number) =>
  open(t.ctx.secret, (await q('select password_enc from smtp_relays where id = $1', [id]))[0].password_enc);

/** An owner with two servers, two groups and four relays. */
async function fleet() {
  const owner = await t.user();
  const s1 = await make.smtpServer({ owner, name: 'b-office' });
  const s2 = await make.smtpServer({ owner, name: 'a-cloud' });
  const g1 = await make.smtpRelayGroup({ owner, name: 'g-one' });
  const g2 = await make.smtpRelayGroup({ owner, name: 'g-two' });
  const relay = (smtpServerId: number, groupId: number, account: string, active = true) =>
    make.smtpRelay({ owner, smtpServerId, groupId, account, active });
  const relays = [
    await relay(s1.id, g1.id, 'carol'),
    await relay(s1.id, g2.id, 'alice', false),
    await relay(s2.id, g1.id, 'bob'),
    await relay(s2.id, g2.id, 'dave-sales'),
  ];
  return { owner, s1, s2, g1, g2, relays };
}

describe('SMTP relays: the list', () => {
  it('filters by account, group, server and owner, and sorts by every sortable column', async () => {
    const f = await fleet();
    const [c, a, b, d] = f.relays.map((r) => r.id) as [number, number, number, number];
    await q('update smtp_relays set status = 3 where id = $1', [b]);
    const list = async (query: string, u = f.owner) =>
      ids(await t.as(u, { method: 'GET', url: `/api/smtp_relays?${query}` }));
    expect(await list('')).toEqual([c, a, b, d]);
    expect(await list('account=AL')).toEqual([a, d]); // contains, any case: alice, dave-sales
    expect(await list(`group.id=${f.g2.id}`)).toEqual([a, d]);
    expect(await list(`smtpServer.id=/api/smtp_servers/${f.s2.id}`)).toEqual([b, d]);
    expect(await list('order[account]=asc')).toEqual([a, b, c, d]);
    expect(await list('order[group.name]=desc')).toEqual([a, d, c, b]);
    expect(await list('order[smtpServer.name]=asc')).toEqual([b, d, c, a]);
    expect(await list('order[status]=desc')).toEqual([b, c, a, d]);
    expect(await list('order[active]=asc')).toEqual([a, c, b, d]);
    expect(await list('order[id]=desc')).toEqual([d, b, a, c]);
    // Another user sees none of them, whatever owner they ask for; an administrator filters by owner.
    expect(await list(`user.id=${f.owner.id}`, await t.user())).toEqual([]);
    expect(await list(`user.id=${f.owner.id}`, admin)).toEqual([c, a, b, d]);
    const row = (await t.as(f.owner, { method: 'GET', url: `/api/smtp_relays?id=${c}` })).json()['hydra:member'][0];
    expect(row).toMatchObject({ account: 'carol', hasPassword: true, smtpServer: { name: 'b-office' } });
    expect(JSON.stringify(row)).not.toMatch(/password_enc|passwordEnc|"password"/);
    for (const bad of ['group.id=0x1', 'smtpServer.id=abc', 'order[account]=sideways', `account=${'x'.repeat(300)}`]) {
      expect((await t.as(f.owner, { method: 'GET', url: `/api/smtp_relays?${bad}` })).statusCode, bad).toBe(422);
    }
  });
});

describe('SMTP relays: paused per mail service (decision 1475)', () => {
  const pause = (relayId: number, service: string, reason: string, at = '2026-11-28T10:00:00Z') =>
    q(
      `insert into smtp_relay_pauses (relay_id, mail_provider_id, reason, paused_at)
       select $1, id, $3, $4 from mail_providers where name = $2`,
      [relayId, service, reason, at],
    );

  it("lists and shows the relay's current pauses (service, reason, since) to its owner only", async () => {
    const f = await fleet();
    const [c, a] = f.relays.map((r) => r.id) as [number, number];
    const theirs = await fleet();
    const their = theirs.relays[0]!.id;
    await pause(c, 'Yahoo', 'Paused for Yahoo: complaints.', '2026-11-28T10:00:00Z');
    await pause(c, 'Gmail', 'Paused for Gmail: infrastructure bounces.', '2026-11-28T11:30:00.250Z');
    await pause(a, 'Gmail', 'Resumed already.');
    await q('update smtp_relay_pauses set resumed_at = now() where relay_id = $1', [a]);
    await pause(their, 'Gmail', 'Their pause.');
    const gmail = (await q(`select id from mail_providers where name = 'Gmail'`))[0].id;
    const yahoo = (await q(`select id from mail_providers where name = 'Yahoo'`))[0].id;
    const expected = [
      {
        mailService: { id: gmail, name: 'Gmail' },
        reason: 'Paused for Gmail: infrastructure bounces.',
        since: '2026-11-28T11:30:00.250Z',
      },
      {
        mailService: { id: yahoo, name: 'Yahoo' },
        reason: 'Paused for Yahoo: complaints.',
        since: '2026-11-28T10:00:00.000Z',
      },
    ];
    const members = async (u: TestUser, query = '') =>
      (await t.as(u, { method: 'GET', url: `/api/smtp_relays?${query}` })).json()['hydra:member'] as {
        id: number;
        pauses: unknown[];
      }[];
    const mine = await members(f.owner);
    // Only the current pauses, the spec's fields as they were; a resumed pause is gone.
    expect(mine.map((r) => [r.id, r.pauses.length])).toEqual(f.relays.map((r) => [r.id, r.id === c ? 2 : 0]));
    expect(mine[0]!.pauses).toEqual(expected);
    expect(Object.keys(mine[0]!).sort()).toEqual(
      [
        'account',
        'active',
        'backoff',
        'backoffSpeed',
        'description',
        'group',
        'hasPassword',
        'id',
        'normalSpeed',
        'pauses',
        'providerSigns',
        'senderEmail',
        'smtpServer',
        'socks',
        'status',
        'user',
      ].sort(),
    );
    const one = await t.as(f.owner, { method: 'GET', url: `/api/smtp_relays/${c}` });
    expect(one.json().pauses).toEqual(expected);
    // Another owner's pause is invisible: not in this owner's list, its relay 404; an administrator sees both.
    expect(JSON.stringify(mine)).not.toContain('Their pause.');
    expect((await members(theirs.owner)).find((r) => r.id === their)!.pauses).toMatchObject([
      { reason: 'Their pause.' },
    ]);
    expect(JSON.stringify(await members(theirs.owner))).not.toContain('Paused for Gmail: infrastructure');
    expect((await t.as(theirs.owner, { method: 'GET', url: `/api/smtp_relays/${c}` })).statusCode).toBe(404);
    const all = await members(admin, 'pagination=false');
    expect(all.find((r) => r.id === c)!.pauses).toEqual(expected);
    expect(all.find((r) => r.id === their)!.pauses).toMatchObject([{ reason: 'Their pause.' }]);
    // Resumed (the Delivery screen's call), the pause leaves the relay's payload.
    const resumed = await t.as(f.owner, {
      method: 'POST',
      url: `/api/delivery/smtp_relays/${c}/resume`,
      payload: { mailServiceId: gmail },
    });
    expect(resumed.statusCode, resumed.body).toBe(204);
    expect((await t.as(f.owner, { method: 'GET', url: `/api/smtp_relays/${c}` })).json().pauses).toEqual([expected[1]]);
  });
});

describe('SMTP relays: create, edit, delete', () => {
  it('creates with the spec defaults, the server speeds and a sealed password; edit keeps the owner and a blank password', async () => {
    const owner = await t.user();
    const server = await make.smtpServer({ owner });
    await q('update smtp_servers set relay_normal_speed = 30, relay_backoff_speed = 900 where id = $1', [server.id]);
    const group = await make.smtpRelayGroup({ owner });
    const other = await make.smtpRelayGroup({ owner });
    const socks = await make.socksProxy({ owner });
    const res = await t.as(owner, {
      method: 'POST',
      url: '/api/smtp_relays',
      payload: {
        group: `/api/smtp_relay_groups/${group.id}`,
        smtpServer: server.id,
        senderEmail: ' news@example.com ',
        account: 'news',
        password: ' s3cret ',
        description: 'first',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const relay = res.json();
    expect(relay).toMatchObject({
      account: 'news',
      senderEmail: 'news@example.com',
      hasPassword: true,
      active: false,
      status: 1,
      backoff: false,
      normalSpeed: 30,
      backoffSpeed: 900,
      socks: null,
      description: 'first',
      user: { id: owner.id },
    });
    expect(relay.password).toBeUndefined();
    expect(await passwordOf(relay.id)).toBe(' s3cret ');

    const someoneElse = await t.user();
    const put = (body: object, u: TestUser = owner) =>
      t.as(u, {
        method: 'PUT',
        url: `/api/smtp_relays/${relay.id}`,
        payload: {
          group: other.id,
          smtpServer: server.id,
          senderEmail: 'b@example.com',
          account: 'news',
          active: true,
          normalSpeed: '45',
          backoffSpeed: 450,
          backoff: true,
          socks: socks.id,
          user: someoneElse.id,
          ...body,
        },
      });
    const edited = await put({ password: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      group: { id: other.id },
      active: true,
      normalSpeed: 45,
      backoffSpeed: 450,
      backoff: true,
      socks: { id: socks.id, port: socks.port },
      user: { id: owner.id },
    });
    expect(await passwordOf(relay.id)).toBe(' s3cret ');
    await put({ password: 'changed' });
    expect(await passwordOf(relay.id)).toBe('changed');
    expect((await put({ socks: (await make.socksProxy()).id })).json()).toEqual({
      error: { socks: "The socks proxy must be one of the owner's proxies." },
    });
    expect((await put({ normalSpeed: '1.5' })).json()).toEqual({
      error: { normalSpeed: 'Normal Relay speed must be integer' },
    });
    expect((await put({ backoffSpeed: '' })).json()).toEqual({
      error: { backoffSpeed: 'Backoff Relay speed is required' },
    });
    // Backoff is never faster than normal (issue 23): 0 means no pause at all.
    for (const backoffSpeed of [0, 5])
      expect((await put({ normalSpeed: 10, backoffSpeed })).json()).toEqual({
        error: { backoffSpeed: 'Backoff Relay speed must be at least Normal Relay speed (0 sends without a pause).' },
      });
    // An administrator edits it too; the owner stays.
    expect((await put({ socks: null }, admin)).json()).toMatchObject({ socks: null, user: { id: owner.id } });

    const dup = await t.as(owner, {
      method: 'POST',
      url: '/api/smtp_relays',
      payload: { group: group.id, smtpServer: server.id, senderEmail: 'a@example.com', account: 'news', password: 'x' },
    });
    expect([dup.statusCode, dup.json()]).toEqual([
      409,
      { error: { account: 'This account is already a relay of this SMTP server.' } },
    ]);
    expect((await t.as(owner, { method: 'DELETE', url: `/api/smtp_relays/${relay.id}` })).statusCode).toBe(204);
    expect((await t.as(owner, { method: 'GET', url: `/api/smtp_relays/${relay.id}` })).statusCode).toBe(404);
  });

  it('refuses NUL bytes with a 4xx', async () => {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/smtp_relays',
      payload: { group: 1, smtpServer: 1, senderEmail: 'a@example.com', account: 'a\u0000b', password: 'pw' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('SMTP relays: uploads', () => {
  const upload = (u: TestUser, csv: string, fields: Record<string, string | number>) =>
    postFile(t, u, '/api/upload_smtp_relays', 'relays', csv, fields);

  it('adds the relays of a file to the chosen server and group, passwords sealed, active by default', async () => {
    const owner = await t.user();
    const server = await make.smtpServer({ owner });
    const group = await make.smtpRelayGroup({ owner });
    const res = await upload(
      owner,
      'account,password,senderEmail,active\nu1,p w1,u1@example.com,\nu2,pw2,u2@example.com,false\n',
      { serverId: server.id, groupId: group.id },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: FILE_ACCEPTED, completion: 0 });
    expect(await uploadOutcome(t, res.json().id)).toEqual({ status: 'done', inserted: 2, error: null });
    const rows = await q(
      'select id, account, active, group_id, user_id, normal_speed from smtp_relays where smtp_server_id = $1 order by account',
      [server.id],
    );
    expect(rows.map((r) => [r.account, r.active, r.group_id, r.user_id, r.normal_speed])).toEqual([
      ['u1', true, group.id, owner.id, 60],
      ['u2', false, group.id, owner.id, 60],
    ]);
    expect(await passwordOf(rows[0].id)).toBe('p w1');
    const [notice] = await q('select message from notifications where user_id = $1 order by id desc limit 1', [
      owner.id,
    ]);
    expect(notice.message).toBe('File list.csv processing completed! Uploaded 2 relays.');
  });

  it('refuses the whole file for one bad line, a repeated account or one the server already has', async () => {
    const owner = await t.user();
    const server = await make.smtpServer({ owner });
    const group = await make.smtpRelayGroup({ owner });
    await make.smtpRelay({ owner, smtpServerId: server.id, groupId: group.id, account: 'taken' });
    const res = await upload(
      owner,
      'account,password,senderEmail\nok,pw,ok@example.com\nbad,pw,not-an-email\nrep,pw,a@example.com\nrep,pw,b@example.com\ntaken,pw,t@example.com\nnopw,,n@example.com\n',
      { serverId: server.id, groupId: group.id },
    );
    expect(await uploadOutcome(t, res.json().id)).toEqual({
      status: 'failed',
      inserted: 0,
      error:
        'Line 3: Invalid Email. Line 5: Account rep appears twice. Line 6: This account is already a relay of this SMTP server. Line 7: Password is required. Nothing was imported.',
    });
    expect((await q('select count(*)::int as n from smtp_relays where smtp_server_id = $1', [server.id]))[0].n).toBe(1);
  });

  it("refuses a bad header, missing choices, and another owner's server or group at once", async () => {
    const owner = await t.user();
    const server = await make.smtpServer({ owner });
    const group = await make.smtpRelayGroup({ owner });
    const csv = 'account,password,senderEmail\nu,p,u@example.com\n';
    const header = await upload(owner, 'login,password\nu,p\n', { serverId: server.id, groupId: group.id });
    expect([header.statusCode, header.json().error]).toEqual([
      422,
      { relays: expect.stringContaining('account,password,senderEmail are required') },
    ]);
    expect((await upload(owner, csv, {})).json()).toEqual({
      error: { serverId: 'SMTP Server is required', groupId: 'Relay Group is required' },
    });
    expect((await upload(owner, csv, { serverId: (await make.smtpServer()).id, groupId: group.id })).json()).toEqual({
      error: { serverId: "The SMTP server must be one of the owner's servers." },
    });
    expect(
      (await upload(owner, csv, { serverId: server.id, groupId: (await make.smtpRelayGroup()).id })).json(),
    ).toEqual({ error: { groupId: "The relay group must be one of the owner's current groups." } });
    // An administrator uploads into any owner's server; the relays are that owner's.
    const byAdmin = await upload(admin, csv, { serverId: server.id, groupId: group.id });
    expect(await uploadOutcome(t, byAdmin.json().id)).toMatchObject({ status: 'done', inserted: 1 });
    expect((await q('select user_id from smtp_relays where smtp_server_id = $1', [server.id]))[0].user_id).toBe(
      owner.id,
    );
    expect((await t.as(null, { method: 'POST', url: '/api/upload_smtp_relays' })).statusCode).toBe(401);
  });
});
