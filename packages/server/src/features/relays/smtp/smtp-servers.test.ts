import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/harness.ts';
import { smtpServerBody } from '../../../../test/server-bodies.ts';

let t: TestApp;
let make: ReturnType<typeof factories>;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  admin = await t.user({ admin: true });
});
afterAll(() => t.close());

const body = smtpServerBody;

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
});
