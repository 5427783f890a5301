// @ts-nocheck
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DkimKeyMessages as M } from '@console/shared/dkim-keys';
import { expectAccess } from '../../../test/access.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { startDnsServer } from '../../../test/peers/dns-server.ts';
import { open } from '../../core/sealed.ts';

let t: TestApp;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({ env: { DNS_SERVERS: dns.servers } });
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
let n = 0;
const makeKey = async (owner: TestUser, domain = `d${++n}.example.com`) => {
  const res = await t.as(owner, { method: 'POST', url: '/api/dkim_keys', payload: { domain } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; domain: string; selector: string; dnsName: string; dnsRecord: string }>();
};

describe('DKIM keys', () => {
  it('generates a sealed 2048-bit key, shows its DNS record, lists and deletes it', async () => {
    const owner = await t.user();
    const key = await makeKey(owner, ' Mail.Example.COM. ');
    expect(key).toMatchObject({
      domain: 'mail.example.com',
      selector: 'console',
      dnsName: 'console._domainkey.mail.example.com',
      dnsStatus: null,
      user: { id: owner.id },
    });
    expect(key.dnsRecord).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{390,}$/);
    const [row] = await q('select private_key_enc as enc from dkim_keys where id = $1', [key.id]);
    expect(row.enc).not.toContain('PRIVATE KEY');
    const pem = open(t.ctx.secret, row.enc);
    expect(crypto.createPrivateKey(pem).asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(JSON.stringify(key)).not.toContain(pem.slice(40, 80));
    const list = await t.as(owner, { method: 'GET', url: '/api/dkim_keys' });
    expect(list.json()['hydra:member'].map((k: { id: number }) => k.id)).toEqual([key.id]);
    const again = await t.as(owner, { method: 'POST', url: '/api/dkim_keys', payload: { domain: 'mail.example.com' } });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(M.duplicate);
    expect((await t.as(owner, { method: 'DELETE', url: `/api/dkim_keys/${key.id}` })).statusCode).toBe(204);
    expect(await q('select id from dkim_keys where id = $1', [key.id])).toEqual([]);
  });

  it.each([
    [{}, M.domainRequired],
    [{ domain: ' ' }, M.domainRequired],
    [{ domain: 'not a domain' }, M.domainInvalid],
    [{ domain: 'localhost' }, M.domainInvalid],
    [{ domain: 'example.com', selector: 'bad selector' }, M.selectorInvalid],
    [{ domain: `${'a'.repeat(300)}.com` }, M.domainInvalid],
    [{ domain: 'example.com\u0000' }, '"domain"'],
  ])('refuses %j with 422 "%s" and adds nothing', async (payload, message) => {
    const owner = await t.user();
    const res = await t.as(owner, { method: 'POST', url: '/api/dkim_keys', payload });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(message);
    expect(await q('select id from dkim_keys where user_id = $1', [owner.id])).toEqual([]);
  });

  it('checks DNS: missing, another key, the key split in 255-octet strings, a failing resolver', async () => {
    const owner = await t.user();
    const key = await makeKey(owner);
    const check = async () => (await t.as(owner, { method: 'POST', url: `/api/dkim_keys/${key.id}/check_dns` })).json();
    dns.set({});
    expect(await check()).toMatchObject({ status: 'missing', records: [] });
    dns.set({ txt: { [key.dnsName]: ['v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAother'] } });
    expect(await check()).toMatchObject({ status: 'mismatch' });
    dns.set({ txt: { [key.dnsName]: [key.dnsRecord] } });
    const ok = await check();
    expect(ok).toMatchObject({ status: 'match', records: [key.dnsRecord] });
    expect(ok.message).toContain(key.dnsName);
    expect((await t.as(owner, { method: 'GET', url: `/api/dkim_keys/${key.id}` })).json()).toMatchObject({
      dnsStatus: 'match',
    });
    dns.set({ fail: [key.dnsName] });
    expect(await check()).toMatchObject({ status: 'error' });
    expect(dns.queries.filter((x) => x === `TXT ${key.dnsName}`).length).toBeGreaterThanOrEqual(4);
  });

  it('lets an administrator make a key for a user; a user cannot give one away', async () => {
    const admin = await t.user({ admin: true });
    const owner = await t.user();
    const other = await t.user();
    const made = await t.as(admin, {
      method: 'POST',
      url: '/api/dkim_keys',
      payload: { domain: 'for-user.example.com', user: owner.id },
    });
    expect(made.json().user.id).toBe(owner.id);
    const mine = await t.as(other, {
      method: 'POST',
      url: '/api/dkim_keys',
      payload: { domain: 'given.example.com', user: owner.id },
    });
    expect(mine.json().user.id).toBe(other.id);
  });

  it.each([
    ['GET', '/api/dkim_keys/:id'],
    ['DELETE', '/api/dkim_keys/:id'],
    ['POST', '/api/dkim_keys/:id/check_dns'],
  ] as const)('%s %s: 401 without a token; another user’s key is 404 and untouched', async (method, url) => {
    let id = 0;
    await expectAccess(t, { method, url, owned: async (owner) => (id = (await makeKey(owner)).id) });
    expect(await q('select dns_status from dkim_keys where id = $1', [id])).toEqual([{ dns_status: null }]);
  });
});
