// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { startGreeter, startSocks5Server, type Socks5Server } from '../../../test/peers/socks5-server.ts';
import { postFile, uploadOutcome } from '../../../test/uploads.ts';
import { open } from '../../core/sealed.ts';

let t: TestApp;
let make: ReturnType<typeof factories>;
let admin: TestUser;
let greeter: Awaited<ReturnType<typeof startGreeter>>;
let plain: Socks5Server;
let guarded: Socks5Server;
beforeAll(async () => {
  greeter = await startGreeter();
  plain = await startSocks5Server();
  guarded = await startSocks5Server({ credentials: { login: 'proxy-user', password: 'proxy-pass' } });
  // Proxies and the check target live on loopback here; the console refuses internal addresses otherwise.
  t = await createTestApp({
    env: {
      ALLOW_INTERNAL_URLS: 'true',
      SOCKS_CHECK_TARGET: `127.0.0.1:${greeter.port}`,
      SOCKS_CHECK_TIMEOUT_MS: '3000',
    },
  });
  make = factories(t);
  admin = await t.user({ admin: true });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([greeter?.close(), plain?.close(), guarded?.close()]);
});

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
const count = async (userId: number) =>
  (await q('select count(*)::int as n from socks_proxies where user_id = $1', [userId]))[0].n as number;

describe('socks proxies: calls', () => {
  it('creates, reads, updates and deletes; the password is sealed and never returned', async () => {
    const alice = await t.user();
    const res = await t.as(alice, {
      method: 'POST',
      url: '/api/socks',
      payload: { ip: '203.0.113.7', port: '1080', login: 'me', password: 'secret-1', user: admin.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain('secret-1');
    const socks = res.json();
    expect(socks).toMatchObject({ ip: '203.0.113.7', port: 1080, login: 'me', hasPassword: true, active: true });
    expect(socks.user.id).toBe(alice.id);
    const [row] = await q('select password_enc from socks_proxies where id = $1', [socks.id]);
    expect(open(t.ctx.secret, row.password_enc)).toBe('secret-1');

    // A blank password keeps the stored one; clearPassword removes it.
    const kept = await t.as(alice, {
      method: 'PUT',
      url: `/api/socks/${socks.id}`,
      payload: { ip: '203.0.113.8', port: 1081, login: 'me', password: '', active: false },
    });
    expect(kept.json()).toMatchObject({ ip: '203.0.113.8', port: 1081, hasPassword: true, active: false });
    const cleared = await t.as(alice, {
      method: 'PUT',
      url: `/api/socks/${socks.id}`,
      payload: { ip: '203.0.113.8', port: 1081, clearPassword: true },
    });
    expect(cleared.json().hasPassword).toBe(false);

    const list = await t.as(alice, { method: 'GET', url: '/api/socks?ip=113.8' });
    expect(list.json()['hydra:totalItems']).toBe(1);
    expect((await t.as(alice, { method: 'DELETE', url: `/api/socks/${socks.id}` })).statusCode).toBe(204);
    expect(await count(alice.id)).toBe(0);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no IP', { port: 1080 }, { ip: 'IP is required.' }],
    ['a bad IP', { ip: '300.1.1.1', port: 1080 }, { ip: 'Not valid IP address' }],
    ['a host name', { ip: 'proxy.example.com', port: 1080 }, { ip: 'Not valid IP address' }],
    ['no port', { ip: '1.2.3.4' }, { port: 'Port is required.' }],
    ['a text port', { ip: '1.2.3.4', port: 'x' }, { port: 'Port must be integer.' }],
    ['port 99999', { ip: '1.2.3.4', port: 99_999 }, { port: 'Port must be between 1 and 65535.' }],
    ['port 0', { ip: '1.2.3.4', port: '0' }, { port: 'Port must be between 1 and 65535.' }],
    [
      'a long login',
      { ip: '1.2.3.4', port: 1, login: 'x'.repeat(256) },
      { login: 'Login must be no longer than 255 characters.' },
    ],
    ['an unknown owner', { ip: '1.2.3.4', port: 1, user: 999_999 }, { user: 'User not found.' }],
  ])('refuses %s and stores nothing', async (_, payload, error) => {
    const before = await count(admin.id);
    const res = await t.as(admin, { method: 'POST', url: '/api/socks', payload });
    expect([res.statusCode, res.json()]).toEqual([422, { error }]);
    expect(await count(admin.id)).toBe(before);
  });

  it('refuses the same IP and port twice for one owner', async () => {
    const bob = await t.user();
    await make.socksProxy({ owner: bob, ip: '198.51.100.1', port: 1080 });
    const res = await t.as(bob, { method: 'POST', url: '/api/socks', payload: { ip: '198.51.100.1', port: 1080 } });
    expect([res.statusCode, res.json()]).toEqual([
      409,
      { error: { ip: 'This proxy (IP and port) is already in your list.' } },
    ]);
  });

  it('sorts by IP as addresses, and filters by the SMTP relay group that uses them', async () => {
    const carol = await t.user();
    const a = await make.socksProxy({ owner: carol, ip: '10.0.0.10' });
    const b = await make.socksProxy({ owner: carol, ip: '10.0.0.9' });
    const sorted = await t.as(carol, { method: 'GET', url: '/api/socks?order[ip]=asc' });
    expect(sorted.json()['hydra:member'].map((s: { id: number }) => s.id)).toEqual([b.id, a.id]);
    const relay = await make.smtpRelay({ owner: carol, socksId: a.id });
    const byGroup = await t.as(carol, { method: 'GET', url: `/api/socks?smtpRelayGroup.id=${relay.groupId}` });
    expect(byGroup.json()['hydra:member'].map((s: { id: number }) => s.id)).toEqual([a.id]);
  });

  it('restores, removes inactive and removes all, for the caller or an administrator’s chosen owner', async () => {
    const dave = await t.user();
    const erin = await t.user();
    await make.socksProxy({ owner: dave, active: false });
    await make.socksProxy({ owner: dave, active: true });
    await make.socksProxy({ owner: erin, active: false });
    // An ordinary user's userId is ignored: it acts on their own proxies only.
    const reset = await t.as(dave, { method: 'GET', url: `/api/socks/reset-activity?userId=${erin.id}` });
    expect(reset.json()).toEqual({ count: 1, message: 'Successfully reset!' });
    expect((await q('select active from socks_proxies where user_id = $1', [erin.id]))[0].active).toBe(false);
    const removed = await t.as(admin, { method: 'GET', url: `/api/socks/delete-inactive?userId=${erin.id}` });
    expect(removed.json()).toEqual({ count: 1, message: 'Successfully removed!' });
    expect(await count(erin.id)).toBe(0);
    expect(await count(dave.id)).toBe(2);
    const all = await t.as(dave, { method: 'GET', url: '/api/socks/delete-all' });
    expect(all.json().count).toBe(2);
    const bad = await t.as(admin, { method: 'GET', url: '/api/socks/delete-all?userId=0x10' });
    expect([bad.statusCode, bad.json()]).toEqual([422, { error: { userId: 'User not found.' } }]);
  });

  it.each([
    ['GET', '/api/socks/:id', true],
    ['PUT', '/api/socks/:id', true],
    ['DELETE', '/api/socks/:id', true],
    ['GET', '/api/socks/check/:id', true],
    ['GET', '/api/socks', false],
    ['GET', '/api/socks/delete-all', false],
  ] as const)('%s %s: 401 without a token; another user’s proxy is 404 and untouched', async (method, url, owned) => {
    let id = 0;
    await expectAccess(t, {
      method,
      url,
      payload: { ip: '192.0.2.99', port: 9 },
      owned: owned
        ? async (owner) => (id = (await make.socksProxy({ owner, ip: '192.0.2.1', active: true })).id)
        : undefined,
    });
    if (id)
      expect((await q('select host(ip) as ip, active from socks_proxies where id = $1', [id]))[0]).toEqual({
        ip: '192.0.2.1',
        active: true,
      });
  });
});

describe('socks proxies: the check', () => {
  const check = async (owner: TestUser, id: number) =>
    (await t.as(owner, { method: 'GET', url: `/api/socks/check/${id}` })).json();

  it('passes through a proxy without credentials and marks it active, with the bound address', async () => {
    const p = await make.socksProxy({ ip: '127.0.0.1', port: plain.port, active: false });
    const res = await check(p.owner, p.id);
    expect(res).toEqual({ result: true, msg: expect.stringContaining('The proxy works'), boundIp: '127.0.0.1' });
    expect(plain.connects).toContain(`127.0.0.1:${greeter.port}`);
    expect((await q('select active, bound_ip, checked_at from socks_proxies where id = $1', [p.id]))[0]).toMatchObject({
      active: true,
      bound_ip: '127.0.0.1',
    });
  });

  it('passes with the right credentials, fails with wrong ones and marks the proxy inactive', async () => {
    const owner = await t.user();
    const good = await make.socksProxy({
      owner,
      ip: '127.0.0.1',
      port: guarded.port,
      login: 'proxy-user',
      password: 'proxy-pass',
    });
    expect((await check(owner, good.id)).result).toBe(true);
    // 127.0.0.2 is loopback too: the same proxy under another address (an owner lists an IP and port once).
    const bad = await make.socksProxy({
      owner,
      ip: '127.0.0.2',
      port: guarded.port,
      login: 'proxy-user',
      password: 'nope',
    });
    const res = await check(owner, bad.id);
    expect(res.result).toBe(false);
    expect((await q('select active from socks_proxies where id = $1', [bad.id]))[0].active).toBe(false);
    // Without credentials the proxy that needs them refuses too.
    const none = await make.socksProxy({ owner, ip: '127.0.0.3', port: guarded.port });
    expect((await check(owner, none.id)).result).toBe(false);
  });

  it('fails on a dead port and marks the proxy inactive', async () => {
    const dead = await startSocks5Server();
    const port = dead.port;
    await dead.close();
    const p = await make.socksProxy({ ip: '127.0.0.1', port, active: true });
    const res = await check(p.owner, p.id);
    expect(res).toEqual({
      result: false,
      msg: 'The proxy does not work: the proxy refused the connection.',
      boundIp: null,
    });
    expect((await q('select active from socks_proxies where id = $1', [p.id]))[0].active).toBe(false);
  });
});

describe('socks proxies: upload', () => {
  const upload = (u: TestUser, csv: string, fields: Record<string, string | number> = {}) =>
    postFile(t, u, '/api/add-socks-proxies', 'socksProxies', csv, fields);

  it('adds the new proxies of a file, sealed, skipping ones already listed', async () => {
    const frank = await t.user();
    await make.socksProxy({ owner: frank, ip: '203.0.113.1', port: 1080 });
    const res = await upload(
      frank,
      'ip:port:login:password\n203.0.113.1:1080\n203.0.113.2:1080:u:p\n203.0.113.2:1080:u:p\n203.0.113.3:1081\n',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      originalName: 'list.csv',
      completion: 0,
      message: 'File is accepted for processing – It will take some time to process the data, please wait.',
    });
    const listed = await t.as(frank, { method: 'GET', url: '/api/upload_files?type=1' });
    expect(listed.statusCode).toBe(200);
    expect(await uploadOutcome(t, res.json().id)).toEqual({ status: 'done', inserted: 2, error: null });
    const rows = await q(
      'select host(ip) as ip, port, login, password_enc from socks_proxies where user_id = $1 order by ip',
      [frank.id],
    );
    expect(rows.map((r) => `${r.ip}:${r.port}`)).toEqual(['203.0.113.1:1080', '203.0.113.2:1080', '203.0.113.3:1081']);
    expect(open(t.ctx.secret, rows[1].password_enc)).toBe('p');
  });

  it('refuses a bad header at once and a file with a bad line as a whole', async () => {
    const gina = await t.user();
    const header = await upload(gina, 'address;port\n1.2.3.4;1080\n');
    expect([header.statusCode, header.json()]).toEqual([
      422,
      {
        error: {
          socksProxies:
            'The first line must be the header ip:port:login:password (login and password may be left out).',
        },
      },
    ]);
    const res = await upload(gina, 'ip:port\n203.0.113.9:1080\n300.0.0.1:1080\n203.0.113.10:x\n203.0.113.11:99999\n');
    expect(res.statusCode).toBe(200);
    expect(await uploadOutcome(t, res.json().id)).toEqual({
      status: 'failed',
      inserted: 0,
      error:
        'Line 3: Not valid IP address. Line 4: Port must be integer. Line 5: Port must be between 1 and 65535. Nothing was imported.',
    });
    expect(await count(gina.id)).toBe(0);
  });

  it('lets an administrator upload for an owner; an ordinary user’s userId is ignored', async () => {
    const hank = await t.user();
    const ivy = await t.user();
    const forHank = await upload(admin, 'ip:port\n203.0.113.20:1080\n', { userId: hank.id });
    await uploadOutcome(t, forHank.json().id);
    expect(await count(hank.id)).toBe(1);
    const byIvy = await upload(ivy, 'ip:port\n203.0.113.21:1080\n', { userId: hank.id });
    await uploadOutcome(t, byIvy.json().id);
    expect([await count(hank.id), await count(ivy.id)]).toEqual([1, 1]);
    const unknown = await upload(admin, 'ip:port\n203.0.113.22:1080\n', { userId: 999_999 });
    expect([unknown.statusCode, unknown.json()]).toEqual([422, { error: { userId: 'User not found.' } }]);
  });
});
