import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { open } from '../../../core/sealed.ts';
import { newEd25519KeyPair } from '../../../pmta/ssh/keys.ts';
import { factories } from '../../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/harness.ts';
import { pmtaServerBody } from '../../../../test/server-bodies.ts';
import { postFile, uploadOutcome } from '../../../../test/uploads.ts';

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
const serversOf = async (userId: number) =>
  (await q('select count(*)::int as n from pmta_servers where user_id = $1', [userId]))[0].n as number;
const body = pmtaServerBody;

describe('PMTA servers: calls', () => {
  it('creates, reads, lists, updates and deletes; no secret in any answer', async () => {
    const alice = await t.user();
    const res = await t.as(alice, { method: 'POST', url: '/api/pmta_servers', payload: body({ user: admin.id }) });
    expect(res.statusCode, res.body).toBe(201);
    const server = res.json();
    expect(server).toMatchObject({
      ...body({ encryption: null }),
      isVps: false,
      user: { id: alice.id },
      relaysCount: 0,
    });
    await q(`update pmta_servers set ssh_password_enc = 'sealed-secret', ssh_key_enc = 'sealed-key' where id = $1`, [
      server.id,
    ]);
    for (const url of [`/api/pmta_servers/${server.id}`, '/api/pmta_servers', '/api/pmta_servers?groups[]=select']) {
      const r = await t.as(alice, { method: 'GET', url });
      expect(r.body).not.toMatch(/sealed|ssh_password|sshPassword|sshKey/);
    }
    const put = await t.as(alice, {
      method: 'PUT',
      url: `/api/pmta_servers/${server.id}`,
      payload: body({ name: 'PMTA 2', encryption: 'tls', isVps: true, smtpPort: '2525' }),
    });
    expect(put.json()).toMatchObject({ name: 'PMTA 2', encryption: 'tls', isVps: true, smtpPort: 2525 });
    await make.pmtaRelay({ owner: alice, pmtaServerId: server.id, ip: '10.20.30.40' });
    expect((await t.as(alice, { method: 'DELETE', url: `/api/pmta_servers/${server.id}` })).statusCode).toBe(204);
    expect(await q('select event from relay_history where pmta_server_id = $1 order by id', [server.id])).toEqual([
      { event: 'created' },
      { event: 'deleted' },
    ]);
  });

  it('takes the spec defaults for what a create leaves out (issue 22)', async () => {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/pmta_servers',
      payload: { name: 'Defaults', serverIp: '192.0.2.77', ipList: '192.0.2.1' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      pmtaHttpPort: 8080,
      sshPort: 22,
      smtpPort: 3535,
      serverUsername: 'root',
      relayNormalSpeed: 60,
      relayBackoffSpeed: 600,
      isVps: false,
    });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const schema = doc.paths['/api/pmta_servers'].post.requestBody.content['application/json'].schema;
    expect(schema.properties.smtpPort.default).toBe(3535);
    expect(schema.properties.serverUsername.default).toBe('root');
  });
});

describe('PMTA servers: SSH credentials', () => {
  const key = newEd25519KeyPair();
  const secrets = async (id: number) =>
    (await q('select ssh_password_enc, ssh_key_enc, host_key from pmta_servers where id = $1', [id]))[0] as {
      ssh_password_enc: string | null;
      ssh_key_enc: string | null;
      host_key: string | null;
    };

  it('seals a password and a private key, never returns them, keeps them when an edit leaves them blank', async () => {
    const owner = await t.user();
    const res = await t.as(owner, {
      method: 'POST',
      url: '/api/pmta_servers',
      payload: body({ sshPassword: 'pa55word', sshKey: key.private }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ hasSshPassword: true, hasSshKey: true, hostKey: null });
    expect(res.body).not.toMatch(/pa55word|PRIVATE KEY/);
    const id = res.json().id as number;
    const stored = await secrets(id);
    expect(open(t.ctx.secret, stored.ssh_password_enc!)).toBe('pa55word');
    expect(open(t.ctx.secret, stored.ssh_key_enc!)).toBe(key.private.trim());
    const got = await t.as(owner, { method: 'GET', url: `/api/pmta_servers/${id}` });
    expect(got.body).not.toMatch(/pa55word|PRIVATE KEY/);

    const put = (over: Record<string, unknown>) =>
      t.as(owner, { method: 'PUT', url: `/api/pmta_servers/${id}`, payload: body(over) });
    expect((await put({ name: 'renamed', sshPassword: '', sshKey: null })).json()).toMatchObject({
      name: 'renamed',
      hasSshPassword: true,
      hasSshKey: true,
    });
    expect(await secrets(id)).toEqual(stored);
    await put({ sshPassword: 'n3w' });
    expect(open(t.ctx.secret, (await secrets(id)).ssh_password_enc!)).toBe('n3w');
    const plain = await t.as(owner, { method: 'POST', url: '/api/pmta_servers', payload: body() });
    expect(plain.json()).toMatchObject({ hasSshPassword: false, hasSshKey: false });
  });

  it.each([
    ['a public key', () => key.public],
    ['text', () => 'not a key'],
    [
      'a key with a passphrase',
      () => ssh2.utils.generateKeyPairSync('ed25519', { passphrase: 'x', cipher: 'aes256-ctr', rounds: 4 }).private,
    ],
  ])('refuses %s as SSH Key and stores nothing', async (_, make) => {
    const before = await serversOf(admin.id);
    const res = await t.as(admin, { method: 'POST', url: '/api/pmta_servers', payload: body({ sshKey: make() }) });
    expect([res.statusCode, res.json()]).toEqual([
      422,
      { error: { sshKey: 'SSH Key must be a private key (OpenSSH or PEM) without a passphrase.' } },
    ]);
    expect(await serversOf(admin.id)).toBe(before);
  });

  it('refuses an over-long SSH password', async () => {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/pmta_servers',
      payload: body({ sshPassword: 'x'.repeat(201) }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toHaveProperty('sshPassword');
  });

  it('forgets the pinned host key when the address or SSH port changes, not otherwise', async () => {
    const owner = await t.user();
    // A host of its own: one host, one owner (decision 1010); the form's address is other owners' already.
    const host = { serverIp: '198.51.100.77' };
    const { id } = (await t.as(owner, { method: 'POST', url: '/api/pmta_servers', payload: body(host) })).json();
    const pin = () => q(`update pmta_servers set host_key = 'SHA256:abc' where id = $1`, [id]);
    const put = (over: Record<string, unknown>) =>
      t.as(owner, { method: 'PUT', url: `/api/pmta_servers/${id}`, payload: body({ ...host, ...over }) });
    await pin();
    expect((await put({ name: 'same host' })).json().hostKey).toBe('SHA256:abc');
    expect((await put({ sshPort: 2222 })).json().hostKey).toBeNull();
    await pin();
    expect((await put({ sshPort: 2222, serverIp: '198.51.100.11' })).json().hostKey).toBeNull();
  });
});

describe('PMTA servers: uploads', () => {
  const upload = (u: TestUser, csv: string, fields: Record<string, string | number> = {}) =>
    postFile(t, u, '/api/upload_pmta_servers', 'servers', csv, fields);

  it('creates servers from a simple file with the form defaults, skipping IPs the owner already has', async () => {
    const bob = await t.user();
    await make.pmtaServer({ owner: bob, serverIp: '192.0.2.1' });
    const csv =
      'name:serverIp:ipList:isVps:encryption\nA:192.0.2.1:127.0.0.1::\nB:192.0.2.2:127.0.0.1:true:tls\nC:192.0.2.3:10.0.0.1::\n';
    const res = await upload(bob, csv, { type: 'simple' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await uploadOutcome(t, res.json().id)).toEqual({ status: 'done', inserted: 2, error: null });
    const rows = await q(
      `select name, host(server_ip) as ip, pmta_http_port, ssh_port, smtp_port, server_username, is_vps, encryption
       from pmta_servers where user_id = $1 and name in ('B', 'C') order by name`,
      [bob.id],
    );
    expect(rows).toEqual([
      {
        name: 'B',
        ip: '192.0.2.2',
        pmta_http_port: 8080,
        ssh_port: 22,
        smtp_port: 3535,
        server_username: 'root',
        is_vps: true,
        encryption: 'tls',
      },
      {
        name: 'C',
        ip: '192.0.2.3',
        pmta_http_port: 8080,
        ssh_port: 22,
        smtp_port: 3535,
        server_username: 'root',
        is_vps: false,
        encryption: null,
      },
    ]);
    const [notice] = await q(`select message from notifications where user_id = $1 order by id desc limit 1`, [bob.id]);
    expect(notice.message).toBe('File list.csv processing completed! Created 2 servers.');
  });

  it('creates servers with their relays; lines of one server make one server', async () => {
    const carol = await t.user();
    const group = await make.pmtaRelayGroup({ owner: carol });
    const csv = [
      'name:serverIp:ipList:relayGroupId:relayHost:relayIp:senderEmail:active',
      `S1:192.0.2.10:127.0.0.1:${group.id}:mta1.example.com:10.1.0.1:a@example.com:`,
      `S1:192.0.2.10:127.0.0.1:${group.id}:mta2.example.com:10.1.0.2:b@example.com:false`,
      `S2:192.0.2.11:127.0.0.1:${group.id}:mta3.example.com:10.1.0.3:c@example.com:1`,
    ].join('\n');
    const res = await upload(carol, csv, { type: 'withRelay' });
    expect(await uploadOutcome(t, res.json().id)).toEqual({ status: 'done', inserted: 2, error: null });
    const relays = await q(
      `select s.name, r.smtp_host, host(r.ip) as ip, r.active, r.group_id from pmta_relays r join pmta_servers s on s.id = r.pmta_server_id
       where r.user_id = $1 order by r.ip`,
      [carol.id],
    );
    expect(relays).toEqual([
      { name: 'S1', smtp_host: 'mta1.example.com', ip: '10.1.0.1', active: true, group_id: group.id },
      { name: 'S1', smtp_host: 'mta2.example.com', ip: '10.1.0.2', active: false, group_id: group.id },
      { name: 'S2', smtp_host: 'mta3.example.com', ip: '10.1.0.3', active: true, group_id: group.id },
    ]);
  });

  it('refuses a whole file for one bad line: another user’s group, a duplicate relay IP, a bad address', async () => {
    const dave = await t.user();
    const mine = await make.pmtaRelayGroup({ owner: dave });
    const theirs = await make.pmtaRelayGroup();
    const head = 'name:serverIp:ipList:relayGroupId:relayHost:relayIp:senderEmail';
    const cases: [string, string][] = [
      [
        `S:192.0.2.20:x:${theirs.id}:mta.example.com:10.2.0.1:a@example.com`,
        `Line 2: Relay group #${theirs.id} is not one of the owner's current groups`,
      ],
      [
        `S:192.0.2.20:x:${mine.id}:mta.example.com:10.2.0.1:a@example.com\nS:192.0.2.20:x:${mine.id}:mtb.example.com:10.2.0.1:b@example.com`,
        'Line 3: Relay IP 10.2.0.1 appears twice for server 192.0.2.20',
      ],
      [`S:192.0.2.20:x:${mine.id}:mta.example.com:10.2.0.999:a@example.com`, 'Line 2: Not valid IP address'],
      [
        `S:192.0.2.20:x:${mine.id}:-bad-:10.2.0.1:a@example.com`,
        'Line 2: Smtp Host must be a host name, e.g. mta1.example.com',
      ],
      [`S:192.0.2.20:x:${mine.id}:mta.example.com:10.2.0.1:not-an-email`, 'Line 2: Invalid Email'],
    ];
    for (const [lines, error] of cases) {
      const res = await upload(dave, `${head}\n${lines}\n`, { type: 'withRelay' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await uploadOutcome(t, res.json().id)).toEqual({
        status: 'failed',
        inserted: 0,
        error: `${error}. Nothing was imported.`,
      });
    }
    expect(await serversOf(dave.id)).toBe(0);
  });

  it('refuses a bad header or type at once; an ordinary user may not name another owner', async () => {
    const erin = await t.user();
    const header = await upload(erin, 'name;serverIp\nx;1.2.3.4\n', { type: 'simple' });
    expect([header.statusCode, header.json()]).toEqual([
      422,
      {
        error: {
          servers: 'The first line must name the columns (colon-separated): name:serverIp:ipList are required.',
        },
      },
    ]);
    const type = await upload(erin, 'name:serverIp:ipList\nx:1.2.3.4:y\n', { type: 'other' });
    expect([type.statusCode, type.json()]).toEqual([
      422,
      { error: { type: "The upload type must be 'simple' or 'withRelay'." } },
    ]);
    const other = await upload(erin, `name:serverIp:ipList:ownerId\nx:192.0.2.30:y:${admin.id}\n`, { type: 'simple' });
    expect(await uploadOutcome(t, other.json().id)).toMatchObject({
      status: 'failed',
      error: 'Line 2: Only administrators upload servers for another owner. Nothing was imported.',
    });
    const listed = await t.as(erin, { method: 'GET', url: '/api/upload_files?type=8' });
    expect(listed.json()).toEqual([]);
  });

  it('lets an administrator upload for an owner, per request or per line', async () => {
    const frank = await t.user();
    const gina = await t.user();
    const res = await upload(admin, `name:serverIp:ipList:ownerId\nF:192.0.2.40:y:\nG:192.0.2.41:y:${gina.id}\n`, {
      ownerId: frank.id,
    });
    expect(await uploadOutcome(t, res.json().id)).toMatchObject({ status: 'done', inserted: 2 });
    expect([await serversOf(frank.id), await serversOf(gina.id)]).toEqual([1, 1]);
  });
});
