import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { pmtaServerBody, smtpServerBody } from '../../../test/server-bodies.ts';

/*
 * What PMTA and SMTP servers share, over both kinds (decision 1492): the form's refusals, the list's scope,
 * the owner of a server with relays, and who reaches which call. What only one kind has stays in its folder
 * (pmta/pmta-servers.test.ts: secrets, SSH, uploads; smtp/smtp-servers.test.ts: defaults, Return-Path).
 */

let t: TestApp;
let make: ReturnType<typeof factories>;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  admin = await t.user({ admin: true });
});
afterAll(() => t.close());

type Refusal = [string, Record<string, unknown>, Record<string, string>];

/** One kind of server, as the shared tests see it. */
interface ServerKind {
  kind: string;
  /** The API path and the table, both `<kind>_servers`. */
  path: 'pmta_servers' | 'smtp_servers';
  body: (over?: Record<string, unknown>) => Record<string, unknown>;
  server: (o: { owner: TestUser; name: string }) => Promise<{ id: number }>;
  relayOn: (owner: TestUser, serverId: number) => Promise<unknown>;
  /** The list's name filter (the spec names it differently per kind). */
  nameFilter: string;
  refusals: Refusal[];
}

const RP_INVALID = 'Return-Path domain must be a domain name such as bounces.example.com, or empty.';

const kinds: ServerKind[] = [
  {
    kind: 'PMTA',
    path: 'pmta_servers',
    body: pmtaServerBody,
    server: (o) => make.pmtaServer(o),
    relayOn: (owner, pmtaServerId) => make.pmtaRelay({ owner, pmtaServerId }),
    nameFilter: 'name',
    refusals: [
      ['no name', { name: '' }, { name: 'Server Name is required.' }],
      ['no IP', { serverIp: '' }, { serverIp: 'Server IP is required.' }],
      ['a bad IP', { serverIp: '1.2.3' }, { serverIp: 'Server IP must be an valid IP address.' }],
      ['no HTTP port', { pmtaHttpPort: null }, { pmtaHttpPort: 'PMTA HTTP Port is required.' }],
      ['a text HTTP port', { pmtaHttpPort: 'x' }, { pmtaHttpPort: 'PMTA HTTP Port must be integer.' }],
      ['no SSH port', { sshPort: '' }, { sshPort: 'SSH Port is required.' }],
      ['a fractional SSH port', { sshPort: 22.5 }, { sshPort: 'SSH Port must be integer.' }],
      ['no SMTP port', { smtpPort: '' }, { smtpPort: 'SMTP Port is required.' }],
      ['an SMTP port out of range', { smtpPort: 70_000 }, { smtpPort: 'SMTP Port must be between 1 and 65535.' }],
      ['no normal speed', { relayNormalSpeed: '' }, { relayNormalSpeed: 'Relay Normal Speed is required.' }],
      [
        'a text backoff speed',
        { relayBackoffSpeed: 'slow' },
        { relayBackoffSpeed: 'Relay Backoff Speed must be integer.' },
      ],
      ['no username', { serverUsername: '' }, { serverUsername: 'Server Username is required.' }],
      [
        'a short username',
        { serverUsername: 'abc' },
        { serverUsername: 'Server Username must be at least 4 characters.' },
      ],
      ['no IP list', { ipList: ' ' }, { ipList: 'IP List is required.' }],
      [
        'an unknown encryption',
        { encryption: 'starttls' },
        { encryption: "Encryption must be empty, 'ssl' or 'tls'." },
      ],
      ['an unknown owner', { user: 999_999 }, { user: 'User not found.' }],
    ],
  },
  {
    kind: 'SMTP',
    path: 'smtp_servers',
    body: smtpServerBody,
    server: (o) => make.smtpServer(o),
    relayOn: (owner, smtpServerId) => make.smtpRelay({ owner, smtpServerId }),
    nameFilter: 'serverName',
    refusals: [
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
    ],
  },
];

const rows = async (table: string, where = 'true') =>
  (await t.ctx.db.$client.query(`select count(*)::int as n from ${table} where ${where}`)).rows[0].n as number;

describe.each(kinds)('$kind servers (what both kinds share)', (k) => {
  const url = `/api/${k.path}`;

  it.each(k.refusals)('refuses %s and stores nothing', async (_, over, error) => {
    const before = await rows(k.path);
    const res = await t.as(admin, { method: 'POST', url, payload: k.body(over) });
    expect([res.statusCode, res.json()]).toEqual([422, { error }]);
    expect(await rows(k.path)).toBe(before);
  });

  it('scopes the list, the select list and the user.id filter to the owner; administrators filter by owner', async () => {
    const owner = await t.user();
    const other = await t.user();
    const mine = await k.server({ owner, name: 'zz mine' });
    await k.server({ owner: other, name: 'zz theirs' });
    const sel = await t.as(owner, {
      method: 'GET',
      url: `${url}?groups[]=select&pagination=false&user.id=${other.id}`,
    });
    expect(sel.json()['hydra:member']).toEqual([{ id: mine.id, name: 'zz mine' }]);
    const byAdmin = await t.as(admin, { method: 'GET', url: `${url}?${k.nameFilter}=zz&user.id=${other.id}` });
    expect(byAdmin.json()['hydra:member'].map((s: { name: string }) => s.name)).toEqual(['zz theirs']);
  });

  it('lets an administrator choose the owner; a server with relays keeps its owner', async () => {
    const bob = await t.user();
    const carol = await t.user();
    const server = (await t.as(admin, { method: 'POST', url, payload: k.body({ user: bob.id }) })).json();
    expect(server.user.id).toBe(bob.id);
    await k.relayOn(bob, server.id);
    const res = await t.as(admin, { method: 'PUT', url: `${url}/${server.id}`, payload: k.body({ user: carol.id }) });
    expect([res.statusCode, res.json()]).toEqual([
      422,
      { error: { user: 'The server has relays of its owner: it cannot change owner.' } },
    ]);
    // Without an owner in the body an administrator's edit keeps the owner.
    const kept = await t.as(admin, { method: 'PUT', url: `${url}/${server.id}`, payload: k.body() });
    expect(kept.json().user.id).toBe(bob.id);
  });

  it.each([
    ['GET', `${url}/:id`, true],
    ['PUT', `${url}/:id`, true],
    ['DELETE', `${url}/:id`, true],
    ['GET', url, false],
    ['POST', url, false],
  ] as const)('%s %s: 401 without a token; another user’s server is 404 and untouched', async (method, path, owned) => {
    await expectAccess(t, {
      method,
      url: path,
      payload: k.body({ name: 'Taken over' }),
      owned: owned ? async (owner) => (await k.server({ owner, name: 'Untouched' })).id : undefined,
    });
    expect(await rows(k.path, `name = 'Taken over'`)).toBe(0);
  });
});
