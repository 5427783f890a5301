import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/harness.ts';
import fs from 'node:fs';
import path from 'node:path';
import { PmtaRelayMessages as M } from '@console/shared/pmta-relays';
import { multipartBody, postFile, uploadOutcome } from '../../../../test/uploads.ts';
import { recomputeRelayStatus } from '../../../pmta/relay-status.ts';

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

/** An owner with two servers (one VPS), two groups and five relays spread over them. */
async function fleet() {
  const owner = await t.user();
  const net = await make.pmtaServer({ owner, name: 'b-net' });
  const vps = await make.pmtaServer({ owner, name: 'a-vps', isVps: true });
  const g1 = await make.pmtaRelayGroup({ owner, name: 'g-one' });
  const g2 = await make.pmtaRelayGroup({ owner, name: 'g-two' });
  const relays = [
    await make.pmtaRelay({
      owner,
      pmtaServerId: net.id,
      groupId: g1.id,
      smtpHost: 'mta-c.example.com',
      ip: '10.9.0.3',
      status: 3,
    }),
    await make.pmtaRelay({
      owner,
      pmtaServerId: net.id,
      groupId: g1.id,
      smtpHost: 'mta-a.example.com',
      ip: '10.9.0.10',
      description: 'warm',
    }),
    await make.pmtaRelay({
      owner,
      pmtaServerId: vps.id,
      groupId: g2.id,
      smtpHost: 'mta-b.example.com',
      ip: '10.9.0.2',
      status: 3,
      active: false,
    }),
    await make.pmtaRelay({
      owner,
      pmtaServerId: vps.id,
      groupId: g2.id,
      smtpHost: 'mx-d.example.com',
      ip: '10.9.0.1',
      status: 2,
    }),
    await make.pmtaRelay({
      owner,
      pmtaServerId: vps.id,
      groupId: g1.id,
      smtpHost: 'mx-e.example.com',
      ip: '10.9.0.20',
      description: 'warm-up',
    }),
  ];
  return { owner, net, vps, g1, g2, relays };
}

describe('PMTA relays: the list', () => {
  it('filters by every filter, counts Poor with the same filters, and sorts by every column', async () => {
    const f = await fleet();
    const [c, a, b, d, e] = f.relays.map((r) => r.id) as [number, number, number, number, number];
    const list = async (query: string) => ids(await t.as(f.owner, { method: 'GET', url: `/api/pmta_relays?${query}` }));
    expect(await list('')).toEqual([c, a, b, d, e]); // id ascending by default
    expect(await list('smtpHost=MTA-')).toEqual([c, a, b]);
    expect(await list('description=warm')).toEqual([a, e]);
    expect(await list(`group.id=${f.g2.id}`)).toEqual([b, d]);
    expect(await list(`pmtaServer.id=${f.net.id}`)).toEqual([c, a]);
    expect(await list('pmtaServer.isVps=true')).toEqual([b, d, e]);
    expect(await list('pmtaServer.isVps=false')).toEqual([c, a]);
    expect(await list(`id=${d}`)).toEqual([d]);
    expect(await list('order[ip]=asc')).toEqual([d, b, c, a, e]); // as addresses: .1 .2 .3 .10 .20
    expect(await list('order[smtpHost]=desc')).toEqual([e, d, c, b, a]);
    // One sort at a time (the screen sends one); ties fall back to id ascending.
    expect(await list('order[status]=desc')).toEqual([c, b, d, a, e]);
    expect(await list('order[pmtaServer.name]=asc')).toEqual([b, d, e, c, a]);
    expect(await list('order[group.name]=desc')).toEqual([b, d, c, a, e]);
    expect(await list('order[active]=asc')).toEqual([b, c, a, d, e]);
    expect(await list('order[pmtaServer.isVps]=desc')).toEqual([b, d, e, c, a]);
    expect((await list('order[description]=asc')).slice(0, 2)).toEqual([a, e]);

    const poor = (body: object) => t.as(f.owner, { method: 'POST', url: '/api/pmta_relays/count_poor', payload: body });
    expect((await poor({})).json()).toEqual({ count: 2 });
    expect((await poor({ isVps: true })).json()).toEqual({ count: 1 });
    expect((await poor({ hostname: 'mta-c' })).json()).toEqual({ count: 1 });
    expect((await poor({ pmtaRelayGroupId: f.g1.id, pmtaServerId: f.net.id })).json()).toEqual({ count: 1 });
    // An ordinary user's userId cannot reach another owner's relays; a bad id is a 422.
    expect(
      (
        await t.as(await t.user(), {
          method: 'POST',
          url: '/api/pmta_relays/count_poor',
          payload: { userId: f.owner.id },
        })
      ).json(),
    ).toEqual({ count: 0 });
    expect((await poor({ pmtaServerId: '0x1' })).statusCode).toBe(422);
    expect(
      (
        await t.as(admin, { method: 'POST', url: '/api/pmta_relays/count_poor', payload: { userId: f.owner.id } })
      ).json(),
    ).toEqual({ count: 2 });
  });

  it('shows a relay with its reputations', async () => {
    const relay = await make.pmtaRelay();
    await q(
      `insert into relay_reputations (relay_id, provider_id, reputation, details)
       select $1, id, 3, 'Listed: 127.0.0.2' from reputation_providers where name = 'Spamhaus ZEN'`,
      [relay.id],
    );
    const res = await t.as(relay.owner, {
      method: 'GET',
      url: `/api/pmta_relays/${relay.id}?groups[]=relay_reputations`,
    });
    expect(res.json().reputations).toEqual([
      { provider: { name: 'Spamhaus ZEN' }, reputation: 3, details: 'Listed: 127.0.0.2', date: expect.any(String) },
    ]);
    expect(
      (await t.as(relay.owner, { method: 'GET', url: `/api/pmta_relays/${relay.id}` })).json().reputations,
    ).toBeUndefined();
  });
});

describe('PMTA relays: create, edit, delete', () => {
  it('creates with the spec defaults and the server speeds; edit keeps server, host and owner', async () => {
    const owner = await t.user();
    const server = await make.pmtaServer({ owner });
    const group = await make.pmtaRelayGroup({ owner });
    const other = await make.pmtaRelayGroup({ owner });
    const res = await t.as(owner, {
      method: 'POST',
      url: '/api/pmta_relays',
      payload: {
        group: group.id,
        pmtaServer: `/api/pmta_servers/${server.id}`,
        smtpHost: 'MTA1.example.com',
        ip: '10.8.0.1',
        senderEmail: 'a@example.com',
        description: 'x',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const relay = res.json();
    expect(relay).toMatchObject({
      smtpHost: 'mta1.example.com',
      ip: '10.8.0.1',
      status: 1,
      active: false,
      backoff: false,
      normalSpeed: 60,
      backoffSpeed: 600,
    });
    const put = await t.as(owner, {
      method: 'PUT',
      url: `/api/pmta_relays/${relay.id}`,
      payload: {
        group: other.id,
        ip: '10.8.0.2',
        senderEmail: 'b@example.com',
        active: true,
        backoff: true,
        normalSpeed: '30',
        backoffSpeed: 300,
        smtpHost: 'changed.example.com',
        pmtaServer: 1,
      },
    });
    expect(put.json()).toMatchObject({
      smtpHost: 'mta1.example.com',
      pmtaServer: { id: server.id },
      group: { id: other.id },
      ip: '10.8.0.2',
      backoff: true,
      normalSpeed: 30,
    });
    const dup = await t.as(owner, {
      method: 'POST',
      url: '/api/pmta_relays',
      payload: {
        group: group.id,
        pmtaServer: server.id,
        smtpHost: 'mta2.example.com',
        ip: '10.8.0.2',
        senderEmail: 'a@example.com',
      },
    });
    expect([dup.statusCode, dup.json()]).toEqual([
      409,
      { error: { ip: 'This IP is already a relay of this PMTA server.' } },
    ]);
    expect((await t.as(owner, { method: 'DELETE', url: `/api/pmta_relays/${relay.id}` })).statusCode).toBe(204);
  });
});

describe('PMTA relays: switches, status', () => {
  it('has every mail service on for a new relay (pushing switches: pmta-relay-operations.test.ts)', async () => {
    const r = await make.pmtaRelay();
    const res = await t.as(r.owner, { method: 'GET', url: `/api/pmta_relay_switches/${r.id}` });
    const switches = res.json().switches as { providerName: string; off: boolean }[];
    expect(switches).toContainEqual({ providerName: 'Gmail', off: false });
    expect(switches.every((s) => !s.off)).toBe(true);
  });

  it('derives the status from the providers that affect it', async () => {
    const r = await make.pmtaRelay();
    const rate = (provider: string, reputation: number) =>
      q(
        `insert into relay_reputations (relay_id, provider_id, reputation) select $1, id, $2 from reputation_providers where name = $3
         on conflict (relay_id, provider_id) do update set reputation = excluded.reputation`,
        [r.id, reputation, provider],
      );
    const status = async () => {
      await recomputeRelayStatus(t.ctx.db, [r.id]);
      return (await q('select status from pmta_relays where id = $1', [r.id]))[0].status;
    };
    expect(await status()).toBe(1);
    await rate('Barracuda', 2);
    expect(await status()).toBe(2);
    await rate('SpamCop', 3);
    expect(await status()).toBe(3);
    await q(`update reputation_providers set affects_relay_status = false where name = 'SpamCop'`);
    expect(await status()).toBe(2);
    await q(`update reputation_providers set affects_relay_status = true where name = 'SpamCop'`);
  });
});

describe('PMTA relays: uploads', () => {
  const upload = (u: TestUser, csv: string, fields: Record<string, string | number>) =>
    postFile(t, u, '/api/upload_pmta_relays', 'relays', csv, fields);

  it('reads serverId and groupId sent after the file (issue 22), and refuses what they name as before', async () => {
    const owner = await t.user();
    const server = await make.pmtaServer({ owner });
    const group = await make.pmtaRelayGroup({ owner });
    const csv = 'smtpHost,ip,senderEmail,active\nm9.example.com,10.5.9.1,a@example.com,\n';
    const send = (after: Record<string, string | number>) =>
      t.as(owner, {
        method: 'POST',
        url: '/api/upload_pmta_relays',
        ...multipartBody({}, { field: 'relays', content: csv }, after),
      });
    const res = await send({ serverId: server.id, groupId: group.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await uploadOutcome(t, res.json().id)).toEqual({ status: 'done', inserted: 1, error: null });
    expect(await q('select group_id from pmta_relays where pmta_server_id = $1', [server.id])).toEqual([
      { group_id: group.id },
    ]);
    const dir = path.join(t.ctx.env.DATA_DIR, 'uploads', 'pmta-relays');
    // The first upload's file may still be on its way out (it goes after its status says done): the refused
    // uploads must add no file, whatever leaves meanwhile.
    const files = () => fs.readdirSync(dir);
    const before = files();
    const other = await make.pmtaServer();
    const refused = await send({ serverId: other.id, groupId: group.id });
    expect([refused.statusCode, refused.json().error]).toEqual([422, { serverId: M.serverNotOwners }]);
    const missing = await send({});
    expect([missing.statusCode, missing.json().error]).toEqual([
      422,
      { serverId: M.serverRequired, groupId: M.groupRequired },
    ]);
    expect(files().filter((f) => !before.includes(f))).toEqual([]); // the refused files were not kept
  });

  it('ver 1 adds relays to the chosen server and group', async () => {
    const owner = await t.user();
    const server = await make.pmtaServer({ owner });
    const group = await make.pmtaRelayGroup({ owner });
    const res = await upload(
      owner,
      'smtpHost,ip,senderEmail,active\nm1.example.com,10.5.0.1,a@example.com,\nm2.example.com,10.5.0.2,b@example.com,0\n',
      {
        serverId: server.id,
        groupId: group.id,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await uploadOutcome(t, res.json().id)).toEqual({ status: 'done', inserted: 2, error: null });
    expect(
      await q('select smtp_host, active, group_id from pmta_relays where pmta_server_id = $1 order by ip', [server.id]),
    ).toEqual([
      { smtp_host: 'm1.example.com', active: true, group_id: group.id },
      { smtp_host: 'm2.example.com', active: false, group_id: group.id },
    ]);
    const [notice] = await q('select message from notifications where user_id = $1 order by id desc limit 1', [
      owner.id,
    ]);
    expect(notice.message).toBe('File list.csv processing completed! Uploaded 2 relays.');
  });

  it("ver 1 refuses another owner's server or group at once", async () => {
    const owner = await t.user();
    const server = await make.pmtaServer({ owner });
    const theirs = await make.pmtaRelayGroup();
    const csv = 'smtpHost,ip,senderEmail\nm.example.com,10.5.1.1,a@example.com\n';
    const res = await upload(owner, csv, { serverId: server.id, groupId: theirs.id });
    expect([res.statusCode, res.json()]).toEqual([
      422,
      { error: { groupId: "The relay group must be one of the owner's current groups." } },
    ]);
    const other = await upload(owner, csv, { serverId: (await make.pmtaServer()).id, groupId: theirs.id });
    expect(other.json()).toEqual({ error: { serverId: "The PMTA server must be one of the owner's servers." } });
    expect((await upload(owner, csv, {})).json()).toEqual({
      error: { serverId: 'Pmta Server is required', groupId: 'Relay Group is required' },
    });
  });

  it('ver 2 names server and group per line; a line of another owner or a duplicate IP stops the whole file', async () => {
    const owner = await t.user();
    const s1 = await make.pmtaServer({ owner });
    const g1 = await make.pmtaRelayGroup({ owner });
    const theirs = await make.pmtaServer();
    await make.pmtaRelay({ owner, pmtaServerId: s1.id, groupId: g1.id, ip: '10.4.0.9' });
    const head = 'smtpHost,ip,senderEmail,pmtaServerId,pmtaRelayGroupId';
    const bad = await upload(
      owner,
      `${head}\nm1.example.com,10.4.0.1,a@example.com,${s1.id},${g1.id}\nm2.example.com,10.4.0.2,a@example.com,${theirs.id},${g1.id}\nm3.example.com,10.4.0.9,a@example.com,${s1.id},${g1.id}\n`,
      { allIn: 1 },
    );
    expect(await uploadOutcome(t, bad.json().id)).toEqual({
      status: 'failed',
      inserted: 0,
      error: `Line 3: Pmta server #${theirs.id} is not one of yours. Line 4: This IP is already a relay of this PMTA server. Nothing was imported.`,
    });
    const good = await upload(owner, `${head}\nm1.example.com,10.4.0.1,a@example.com,${s1.id},${g1.id}\n`, {
      allIn: 'true',
    });
    expect(await uploadOutcome(t, good.json().id)).toMatchObject({ status: 'done', inserted: 1 });
    const header = await upload(owner, 'smtpHost,ip,senderEmail\nm.example.com,10.4.0.3,a@example.com\n', { allIn: 1 });
    expect(header.statusCode).toBe(422);
  });
});
