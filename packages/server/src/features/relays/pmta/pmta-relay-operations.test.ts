import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRow } from '../../../pmta/operations.ts';
import { pmtaConnections } from '../../../pmta/ssh/connection.ts';
import { expectAccess } from '../../../../test/access.ts';
import { factories } from '../../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/harness.ts';
import { closedPort, pmtaPeer } from '../../../../test/peers/pmta.ts';

/* The DKIM, VMTA and switch operations of a PMTA relay against a real simulator (SSH, SFTP, pmta reload). */

let t: TestApp;
let f: ReturnType<typeof factories>;
let owner: TestUser;
let peer: Awaited<ReturnType<typeof pmtaPeer>>;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  owner = await t.user();
  peer = await pmtaPeer(t, f);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
const op = (id: number, name: string) => t.as(owner, { method: 'GET', url: `/api/pmta_relays/${id}/${name}` });
const simFile = (p: string) => fs.readFileSync(path.join(peer.sim.root, p), 'utf8');
const simHas = (p: string) => fs.existsSync(path.join(peer.sim.root, p));

/** A relay of `owner` on the simulator (or on a server whose SSH port is `sshPort`). */
async function relay(sshPort?: number) {
  const pmtaServerId = await peer.server(owner, sshPort);
  return f.pmtaRelay({ owner, pmtaServerId });
}

/** The base64 key of a TXT record's `p=`, its strings joined. */
const publicKeyOf = (record: string) =>
  [...record.matchAll(/"([^"]*)"/g)]
    .map((m) => m[1])
    .join('')
    .replace(/^v=DKIM1; k=rsa; p=/, '');

describe('PMTA relay DKIM', () => {
  it('generates a 2048-bit key, uploads it with the config and shows the TXT record in 255-character strings', async () => {
    const r = await relay();
    const gen = await op(r.id, 'gen_dkim');
    expect(gen.statusCode, gen.body).toBe(200);
    const record: string = gen.json().dkim;
    const domain = r.senderEmail.split('@')[1]!;
    expect(record).toMatch(
      new RegExp(
        `^s\\d{14}\\._domainkey\\.${domain.replaceAll('.', '\\.')}\\. IN TXT \\( "v=DKIM1; k=rsa; p=[^"]+" "[^"]+" \\)$`,
      ),
    );
    expect([...record.matchAll(/"([^"]*)"/g)].map((m) => m[1]!.length)[0]).toBe(255);
    const publicKey = crypto.createPublicKey({
      key: Buffer.from(publicKeyOf(record), 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);

    // The private key on the server is the pair of the record's public key; the config names it.
    const keyFile = `etc/pmta/dkim/vmta-${r.id}.pem`;
    const onServer = crypto.createPublicKey(simFile(keyFile)).export({ format: 'der', type: 'spki' });
    expect(onServer.toString('base64')).toBe(publicKeyOf(record));
    const selector = record.split('.')[0];
    expect(simFile('etc/pmta/config')).toContain(`domain-key ${selector},${domain},/etc/pmta/dkim/vmta-${r.id}.pem`);
    // Stored sealed: the database holds no private key in the clear.
    const [row] = await q('select private_key_enc from pmta_relay_dkim where relay_id = $1', [r.id]);
    expect(row.private_key_enc).not.toContain('PRIVATE KEY');

    const get = await op(r.id, 'get_dkim');
    expect([get.statusCode, get.json()]).toEqual([200, { dkim: record }]);
    // A second key replaces the first.
    const again: string = (await op(r.id, 'gen_dkim')).json().dkim;
    expect(publicKeyOf(again)).not.toBe(publicKeyOf(record));
    expect(crypto.createPublicKey(simFile(keyFile)).export({ format: 'der', type: 'spki' }).toString('base64')).toBe(
      publicKeyOf(again),
    );
  });

  it('deletes the key from the config, then from the server', async () => {
    const r = await relay();
    expect((await op(r.id, 'gen_dkim')).statusCode).toBe(200);
    const del = await op(r.id, 'del_dkim');
    expect([del.statusCode, del.json()]).toEqual([200, { success: true }]);
    expect(simFile('etc/pmta/config')).not.toContain('domain-key');
    expect(simHas(`etc/pmta/dkim/vmta-${r.id}.pem`)).toBe(false);
    expect(await q('select 1 from pmta_relay_dkim where relay_id = $1', [r.id])).toEqual([]);
    const again = await op(r.id, 'del_dkim');
    expect([again.statusCode, again.json()]).toEqual([422, { error: 'Error: this relay has no DKIM key.' }]);
    const get = await op(r.id, 'get_dkim');
    expect([get.statusCode, get.json()]).toEqual([422, { error: 'Error: this relay has no DKIM key; generate one.' }]);
  });

  it('says so when the key file is missing on the server', async () => {
    const r = await relay();
    await op(r.id, 'gen_dkim');
    fs.unlinkSync(path.join(peer.sim.root, `etc/pmta/dkim/vmta-${r.id}.pem`));
    const get = await op(r.id, 'get_dkim');
    expect(get.statusCode).toBe(422);
    expect(get.json().error).toBe(
      `Error: the key file /etc/pmta/dkim/vmta-${r.id}.pem is not on the server; upload the VMTA config.`,
    );
  });
});

describe('PMTA relay VMTA config', () => {
  it('uploads the VMTA, dates it, and deletes it', async () => {
    const r = await relay();
    const before = await op(r.id, 'vmta_config_date');
    expect([before.statusCode, before.json()]).toEqual([
      422,
      { error: `Error: vmta-${r.id} is not in the server's configuration.` },
    ]);
    const up = await op(r.id, 'upload_vmta');
    expect([up.statusCode, up.json()]).toEqual([200, { success: true }]);
    expect(simFile('etc/pmta/config')).toContain(`<virtual-mta vmta-${r.id}>`);
    expect((await peer.sim.command(['show', 'vmtas'])).stdout).toContain(`vmta-${r.id}`);
    const date = await op(r.id, 'vmta_config_date');
    expect(date.statusCode).toBe(200);
    const mtime = Math.floor(fs.statSync(path.join(peer.sim.root, 'etc/pmta/config')).mtimeMs / 1000) * 1000;
    expect(date.json()).toEqual({ date: new Date(mtime).toISOString() });

    const del = await op(r.id, 'delete_vmta');
    expect([del.statusCode, del.json()]).toEqual([200, { success: true }]);
    expect(simFile('etc/pmta/config')).not.toContain(`<virtual-mta vmta-${r.id}>`);
    expect((await q('select without_vmta from pmta_relays where id = $1', [r.id]))[0]).toEqual({ without_vmta: true });
    expect((await op(r.id, 'vmta_config_date')).statusCode).toBe(422);
  });

  it('leaves the relay as it was when PMTA refuses the reload, and shows PMTA’s message', async () => {
    const r = await relay();
    await op(r.id, 'upload_vmta');
    const target = await serverRow(t.ctx, r.pmtaServerId);
    await pmtaConnections(t.ctx).exec(target, 'systemctl stop pmta');
    try {
      const res = await op(r.id, 'delete_vmta');
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toBe('Error: cannot connect to PowerMTA (is the service running?)');
      expect((await q('select without_vmta from pmta_relays where id = $1', [r.id]))[0]).toEqual({
        without_vmta: false,
      });
      expect(simFile('etc/pmta/config')).toContain(`<virtual-mta vmta-${r.id}>`);
    } finally {
      await pmtaConnections(t.ctx).exec(target, 'systemctl start pmta');
    }
  });
});

describe('PMTA relay switches on the server', () => {
  it('pushes a switch to the server before flipping it', async () => {
    const r = await relay();
    const off = await t.as(owner, {
      method: 'POST',
      url: `/api/pmta_relay_switch/${r.id}/Gmail`,
      payload: { off: true },
    });
    expect([off.statusCode, off.json()]).toEqual([200, { success: true }]);
    const vmta = simFile('etc/pmta/config').split(`<virtual-mta vmta-${r.id}>`)[1]!.split('</virtual-mta>')[0]!;
    expect(vmta).toMatch(/<domain gmail\.com>\s+max-msg-rate 0\s+backoff-max-msg-rate 0/);
    const all = await t.as(owner, {
      method: 'POST',
      url: `/api/pmta_relay_switches/${r.id}`,
      payload: { switches: JSON.stringify([{ providerName: 'Gmail', off: false }]) }, // the form field's JSON text
    });
    expect(all.json().switches).toContainEqual({ providerName: 'Gmail', off: false });
    expect(simFile('etc/pmta/config').split(`<virtual-mta vmta-${r.id}>`)[1]!.split('</virtual-mta>')[0]).not.toContain(
      'gmail.com',
    );
  });
});

describe('PMTA relays paused by the console (decision 1481)', () => {
  it("shows the pause's service, reason and since until the card's Save turns the service On", async () => {
    const r = await relay();
    const other = await t.user();
    const admin = await t.user({ admin: true });
    const provider = async (name: string) =>
      (await q('select id from mail_providers where name = $1', [name]))[0].id as number;
    const [gmail, yahoo] = [await provider('Gmail'), await provider('Yahoo')];
    await q(
      `insert into pmta_relay_switches (relay_id, mail_provider_id, off, reason, paused_at)
       values ($1, $2, true, 'Paused for Gmail: 30 infrastructure bounces.', '2026-11-28T11:30:00.250Z'),
              ($1, $3, true, 'Paused for Yahoo: 4 complaints.', '2026-11-28T10:00:00Z')`,
      [r.id, gmail, yahoo],
    );
    const gmailPause = {
      mailService: { id: gmail, name: 'Gmail' },
      reason: 'Paused for Gmail: 30 infrastructure bounces.',
      since: '2026-11-28T11:30:00.250Z',
    };
    const pauses = async (u: TestUser) => {
      const one = await t.as(u, { method: 'GET', url: `/api/pmta_relays/${r.id}` });
      const row = (await t.as(u, { method: 'GET', url: `/api/pmta_relays?id=${r.id}` })).json()['hydra:member'][0];
      expect(row?.pauses, 'the list and the item agree').toEqual(one.json().pauses);
      return one.json().pauses;
    };
    expect(await pauses(owner)).toEqual([
      gmailPause,
      {
        mailService: { id: yahoo, name: 'Yahoo' },
        reason: 'Paused for Yahoo: 4 complaints.',
        since: '2026-11-28T10:00:00.000Z',
      },
    ]);
    expect((await pauses(admin)).length).toBe(2);
    // Another owner sees neither the relay nor its pauses.
    expect((await t.as(other, { method: 'GET', url: `/api/pmta_relays/${r.id}` })).statusCode).toBe(404);
    expect((await t.as(other, { method: 'GET', url: `/api/pmta_relays?id=${r.id}` })).json()['hydra:member']).toEqual(
      [],
    );

    // The card's Save: Gmail stays off (its pause stays), Yahoo On (its pause goes), Outlook off by a person (no pause).
    const save = await t.as(owner, {
      method: 'POST',
      url: `/api/pmta_relay_switches/${r.id}`,
      payload: {
        switches: [
          { providerName: 'Gmail', off: true },
          { providerName: 'Yahoo', off: false },
          { providerName: 'Outlook', off: true },
        ],
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(await pauses(owner)).toEqual([gmailPause]);
    expect(
      await q('select reason, paused_at from pmta_relay_switches where relay_id = $1 and mail_provider_id = $2', [
        r.id,
        yahoo,
      ]),
    ).toEqual([{ reason: null, paused_at: null }]);
    // Off again by a person later: still no reason, no pause.
    await t.as(owner, { method: 'POST', url: `/api/pmta_relay_switch/${r.id}/Yahoo`, payload: { off: true } });
    expect(await pauses(owner)).toEqual([gmailPause]);
  });
});

describe('PMTA relay operations: refusals', () => {
  it('answers within seconds for a server that is down, changing nothing', async () => {
    const r = await relay(await closedPort());
    for (const name of ['get_dkim', 'gen_dkim', 'vmta_config_date', 'upload_vmta', 'delete_vmta']) {
      const started = Date.now();
      const res = await op(r.id, name);
      if (name === 'get_dkim') {
        expect(res.statusCode).toBe(422); // no key yet: nothing to ask the server
        continue;
      }
      expect(res.statusCode, name).toBe(502);
      expect(res.json().error).toMatch(/^Error: cannot connect to .*connection refused\.$/);
      expect(Date.now() - started).toBeLessThan(10_000);
    }
    const sw = await t.as(owner, {
      method: 'POST',
      url: `/api/pmta_relay_switch/${r.id}/Gmail`,
      payload: { off: true },
    });
    expect(sw.statusCode).toBe(502);
    expect(await q('select 1 from pmta_relay_switches where relay_id = $1', [r.id])).toEqual([]);
    expect(await q('select 1 from pmta_relay_dkim where relay_id = $1', [r.id])).toEqual([]);
    expect((await q('select without_vmta from pmta_relays where id = $1', [r.id]))[0]).toEqual({ without_vmta: false });
  });

  it.each(['get_dkim', 'gen_dkim', 'del_dkim', 'vmta_config_date', 'upload_vmta', 'delete_vmta'])(
    '%s: 401 without a token, another user’s relay 404, bad ids 4xx',
    async (name) => {
      await expectAccess(t, {
        method: 'GET',
        url: `/api/pmta_relays/:id/${name}`,
        owned: async (o) => (await f.pmtaRelay({ owner: o })).id,
      });
      for (const bad of ['abc', '1e3', '-1', '%00', '99999999999999999999']) {
        const res = await t.as(owner, { method: 'GET', url: `/api/pmta_relays/${bad}/${name}` });
        expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, bad).toBeLessThan(500);
      }
    },
  );

  it('refuses another user’s relay switch and bad values', async () => {
    await expectAccess(t, {
      method: 'POST',
      url: '/api/pmta_relay_switch/:id/Gmail',
      payload: { off: true },
      owned: async (o) => (await f.pmtaRelay({ owner: o })).id,
    });
    const r = await relay();
    for (const payload of [{ off: 'maybe' }, { off: '\u0000' }, {}]) {
      const res = await t.as(owner, { method: 'POST', url: `/api/pmta_relay_switch/${r.id}/Gmail`, payload });
      expect(res.statusCode).toBe(422);
    }
    const unknown = await t.as(owner, {
      method: 'POST',
      url: `/api/pmta_relay_switch/${r.id}/Nope`,
      payload: { off: true },
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([422, { error: { switches: 'Unknown mail service: Nope.' } }]);
  });
});
