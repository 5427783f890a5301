import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccess } from '../../../../test/access.ts';
import { factories } from '../../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/harness.ts';

let t: TestApp;
let make: ReturnType<typeof factories>;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  admin = await t.user({ admin: true });
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Mail 1',
  host: 'smtp.example.com',
  port: 587,
  tls: true,
  relayNormalSpeed: 30,
  relayBackoffSpeed: 300,
  ...over,
});
const count = async () => (await t.ctx.db.$client.query('select count(*)::int as n from smtp_servers')).rows[0].n;

const RP_INVALID = 'Return-Path domain must be a domain name such as bounces.example.com, or empty.';

describe('SMTP servers', () => {
  it('takes the spec defaults for what a create leaves out (issue 22), and shows them in the OpenAPI document', async () => {
    const alice = await t.user();
    const res = await t.as(alice, {
      method: 'POST',
      url: '/api/smtp_servers',
      payload: { name: 'Defaults', host: 'smtp.example.com' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ port: 25, tls: false, relayNormalSpeed: 60, relayBackoffSpeed: 600 });
    const blank = await t.as(alice, { method: 'POST', url: '/api/smtp_servers', payload: body({ port: '' }) });
    expect([blank.statusCode, blank.json().error]).toEqual([422, { port: 'Port is required.' }]);
    const put = await t.as(alice, {
      method: 'PUT',
      url: `/api/smtp_servers/${res.json().id}`,
      payload: { name: 'Defaults', host: 'smtp.example.com' },
    });
    expect(put.statusCode).toBe(422); // an edit states every field
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const schema = doc.paths['/api/smtp_servers'].post.requestBody.content['application/json'].schema;
    expect(schema.properties.port.default).toBe(25);
    expect(schema.properties.tls.default).toBe(false);
    expect(schema.required).not.toContain('port');
  });

  it('creates, reads, lists, updates and deletes a server of the caller, and its relays with it', async () => {
    const alice = await t.user();
    const created = await t.as(alice, { method: 'POST', url: '/api/smtp_servers', payload: body({ user: admin.id }) });
    expect(created.statusCode, created.body).toBe(201);
    const server = created.json();
    expect(server).toMatchObject({ ...body(), user: { id: alice.id }, relaysCount: 0 });
    expect((await t.as(alice, { method: 'GET', url: `/api/smtp_servers/${server.id}` })).json()).toEqual(server);
    const list = await t.as(alice, { method: 'GET', url: '/api/smtp_servers?serverName=mail' });
    expect(list.json()).toEqual({ 'hydra:member': [server], 'hydra:totalItems': 1 });
    const put = await t.as(alice, {
      method: 'PUT',
      url: `/api/smtp_servers/${server.id}`,
      payload: body({ name: 'Mail 2', port: '2525', tls: false }),
    });
    expect(put.json()).toMatchObject({ name: 'Mail 2', port: 2525, tls: false });
    await make.smtpRelay({ owner: alice, smtpServerId: server.id });
    const del = await t.as(alice, { method: 'DELETE', url: `/api/smtp_servers/${server.id}` });
    expect(del.statusCode).toBe(204);
    const left = await t.ctx.db.$client.query('select count(*)::int as n from smtp_relays where smtp_server_id = $1', [
      server.id,
    ]);
    expect(left.rows[0].n).toBe(0);
  });

  it('keeps a Return-Path domain for VERP (decision 1440): off by default, kept by an edit without it, cleared by empty', async () => {
    const alice = await t.user();
    const created = (await t.as(alice, { method: 'POST', url: '/api/smtp_servers', payload: body() })).json();
    expect(created.returnPathDomain).toBeNull();
    const url = `/api/smtp_servers/${created.id}`;
    const set = await t.as(alice, {
      method: 'PUT',
      url,
      payload: body({ returnPathDomain: ' Bounces.Example.COM. ' }),
    });
    expect(set.json().returnPathDomain).toBe('bounces.example.com');
    const kept = await t.as(alice, { method: 'PUT', url, payload: body({ name: 'Kept' }) });
    expect(kept.json()).toMatchObject({ name: 'Kept', returnPathDomain: 'bounces.example.com' });
    const cleared = await t.as(alice, { method: 'PUT', url, payload: body({ returnPathDomain: '' }) });
    expect(cleared.json().returnPathDomain).toBeNull();
  });

  it('keeps the spec defaults in one constant, for the form and the create', async () => {
    const { SMTP_SERVER_DEFAULTS } = await import('@console/shared/smtp-servers');
    expect(SMTP_SERVER_DEFAULTS).toEqual({ port: 25, tls: false, relayNormalSpeed: 60, relayBackoffSpeed: 600 });
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no name', { name: '' }, { name: 'Server Name is required.' }],
    ['a long name', { name: 'x'.repeat(101) }, { name: 'Server Name must be no longer than 100 characters.' }],
    ['no host', { host: ' ' }, { host: 'Server HOST is required.' }],
    ['a URL as host', { host: 'http://x/' }, { host: 'Server HOST must be a host name or an IP address.' }],
    ['no port', { port: '' }, { port: 'Port is required.' }],
    ['a fractional port', { port: 2.5 }, { port: 'Port must be integer.' }],
    ['a port out of range', { port: 70000 }, { port: 'Port must be between 1 and 65535.' }],
    ['no normal speed', { relayNormalSpeed: null }, { relayNormalSpeed: 'Relay Normal Speed is required.' }],
    ['a text speed', { relayNormalSpeed: 'fast' }, { relayNormalSpeed: 'Relay Normal Speed must be integer.' }],
    ['no backoff speed', { relayBackoffSpeed: '' }, { relayBackoffSpeed: 'Relay Backoff Speed is required.' }],
    ['a negative speed', { relayBackoffSpeed: -1 }, { relayBackoffSpeed: 'Relay Backoff Speed must be at least 0.' }],
    ['no tls', { tls: null }, { tls: 'TLS is required.' }],
    ['an unknown owner', { user: 999_999 }, { user: 'User not found.' }],
    ['a Return-Path address', { returnPathDomain: 'bounce@example.com' }, { returnPathDomain: RP_INVALID }],
    ['a one-label Return-Path', { returnPathDomain: 'localhost' }, { returnPathDomain: RP_INVALID }],
    [
      'a NUL in the Return-Path',
      { returnPathDomain: 'b\u0000.example.com' },
      { returnPathDomain: 'Must not contain a NUL character.' },
    ],
    ['an over-long Return-Path', { returnPathDomain: `${'a.'.repeat(127)}com` }, { returnPathDomain: RP_INVALID }],
    ['a number as Return-Path', { returnPathDomain: 42 }, { returnPathDomain: RP_INVALID }],
  ])('refuses %s and stores nothing', async (_, over, error) => {
    const before = await count();
    const res = await t.as(admin, { method: 'POST', url: '/api/smtp_servers', payload: body(over) });
    expect([res.statusCode, res.json()]).toEqual([422, { error }]);
    expect(await count()).toBe(before);
  });

  it('lets an administrator choose the owner; a server with relays keeps its owner', async () => {
    const bob = await t.user();
    const carol = await t.user();
    const server = (
      await t.as(admin, { method: 'POST', url: '/api/smtp_servers', payload: body({ user: bob.id }) })
    ).json();
    expect(server.user.id).toBe(bob.id);
    await make.smtpRelay({ owner: bob, smtpServerId: server.id });
    const res = await t.as(admin, {
      method: 'PUT',
      url: `/api/smtp_servers/${server.id}`,
      payload: body({ user: carol.id }),
    });
    expect([res.statusCode, res.json()]).toEqual([
      422,
      { error: { user: 'The server has relays of its owner: it cannot change owner.' } },
    ]);
    // Without an owner in the body an administrator's edit keeps the owner.
    const kept = await t.as(admin, { method: 'PUT', url: `/api/smtp_servers/${server.id}`, payload: body() });
    expect(kept.json().user.id).toBe(bob.id);
  });

  it('scopes the list and the select list to the owner; administrators filter by owner', async () => {
    const owner = await t.user();
    const other = await t.user();
    const mine = await make.smtpServer({ owner, name: 'zz mine' });
    await make.smtpServer({ owner: other, name: 'zz theirs' });
    const sel = await t.as(owner, {
      method: 'GET',
      url: `/api/smtp_servers?groups[]=select&pagination=false&user.id=${other.id}`,
    });
    expect(sel.json()['hydra:member']).toEqual([{ id: mine.id, name: 'zz mine' }]);
    const byAdmin = await t.as(admin, { method: 'GET', url: `/api/smtp_servers?user.id=${other.id}` });
    expect(byAdmin.json()['hydra:member'].map((s: { name: string }) => s.name)).toEqual(['zz theirs']);
  });

  it.each([
    ['GET', '/api/smtp_servers/:id', true],
    ['PUT', '/api/smtp_servers/:id', true],
    ['DELETE', '/api/smtp_servers/:id', true],
    ['GET', '/api/smtp_servers', false],
    ['POST', '/api/smtp_servers', false],
  ] as const)('%s %s: 401 without a token; another user’s server is 404 and untouched', async (method, url, owned) => {
    await expectAccess(t, {
      method,
      url,
      payload: body({ name: 'Taken over' }),
      owned: owned ? async (owner) => (await make.smtpServer({ owner, name: 'Untouched' })).id : undefined,
    });
    const { rows } = await t.ctx.db.$client.query(
      `select count(*)::int as n from smtp_servers where name = 'Taken over'`,
    );
    expect(rows[0].n).toBe(0);
  });
});
