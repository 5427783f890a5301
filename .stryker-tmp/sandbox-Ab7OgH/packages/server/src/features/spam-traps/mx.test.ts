// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { startDnsServer } from '../../../test/peers/dns-server.ts';
import { postFile, uploadOutcome } from '../../../test/uploads.ts';
import { expectCountersExact, uploadAndWait } from '../email-lists/test-helpers.ts';
import { refreshMx } from './mx.ts';

let t: TestApp;
let make: ReturnType<typeof factories>;
let admin: TestUser;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
beforeAll(async () => {
  dns = await startDnsServer({
    mx: {
      'trapped.example': [{ exchange: 'MX1.bad.example', priority: 10 }],
      'fine.example': [{ exchange: 'mx.good.example', priority: 10 }],
    },
    ttl: 900,
  });
  t = await createTestApp({ env: { DNS_SERVERS: dns.servers, DNS_TIMEOUT_MS: '1000' } });
  make = factories(t);
  admin = await t.user({ admin: true });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
const validOf = async (id: number) =>
  (await q('select valid_counter from email_lists where id = $1', [id]))[0].valid_counter as number;

describe('the MX rule', () => {
  it('looks the lists’ domains up in DNS with their TTL; a spam-trap MX makes its domains’ addresses invalid', async () => {
    const list = await make.emailList({
      emails: ['a@trapped.example', 'b@trapped.example', 'c@fine.example', 'd@gone.example'],
    });
    const { looked } = await refreshMx(t.ctx);
    expect(looked).toBeGreaterThanOrEqual(3);
    const rows = await q(
      `select domain, mx, round(extract(epoch from expires_at - checked_at))::int as ttl from domain_mx
       where domain in ('trapped.example', 'fine.example', 'gone.example') order by domain`,
    );
    expect(rows).toEqual([
      { domain: 'fine.example', mx: ['mx.good.example'], ttl: 900 },
      { domain: 'gone.example', mx: [], ttl: 3600 },
      { domain: 'trapped.example', mx: ['mx1.bad.example'], ttl: 900 },
    ]);
    expect(await validOf(list.id)).toBe(4);

    const add = await t.as(admin, { method: 'POST', url: '/api/add-spam-mx', payload: { mx: 'MX1.Bad.example.' } });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json()).toMatchObject({ value: 'mx1.bad.example', type: 'MX', domains: 1 });
    expect(await validOf(list.id)).toBe(2);
    await expectCountersExact(t, list.id);

    // The domain moves to another MX: at its next lookup its addresses are valid again.
    dns.set({ mx: { 'trapped.example': [{ exchange: 'mx.good.example', priority: 10 }] }, ttl: 900 });
    await q(`update domain_mx set expires_at = now() where domain = 'trapped.example'`);
    const { revalidated } = await refreshMx(t.ctx);
    expect(revalidated).toBe(2);
    expect(await validOf(list.id)).toBe(4);

    // A failed lookup keeps the last answer.
    dns.set({ fail: ['trapped.example'] });
    await q(`update domain_mx set expires_at = now() where domain = 'trapped.example'`);
    await refreshMx(t.ctx);
    expect((await q(`select mx, error from domain_mx where domain = 'trapped.example'`))[0]).toEqual({
      mx: ['mx.good.example'],
      error: expect.stringContaining('rcode 2'),
    });

    const list2 = await t.as(admin, { method: 'GET', url: '/api/dns_records?type=MX&isBlacklisted=1&value=bad' });
    expect(list2.json()['hydra:member'].map((m: { value: string }) => m.value)).toEqual(['mx1.bad.example']);
    const removed = await t.as(admin, {
      method: 'POST',
      url: '/api/remove-spam-mx',
      payload: { recordId: add.json().id },
    });
    expect([removed.statusCode, removed.json()]).toEqual([200, { success: true }]);
  });

  it('classifies imported addresses by the MX rule too', async () => {
    dns.set({ mx: { 'imported-trap.example': [{ exchange: 'mx.trap-host.example', priority: 5 }] } });
    const seed = await make.emailList({ emails: ['seed@imported-trap.example'] });
    await refreshMx(t.ctx);
    await t.as(admin, { method: 'POST', url: '/api/add-spam-mx', payload: { mx: 'mx.trap-host.example' } });
    expect(await validOf(seed.id)).toBe(0);
    const owner = await t.user();
    const target = await make.emailList({ owner });
    await uploadAndWait(t, owner, target.id, 'email\nnew@imported-trap.example\nok@fine.example\n');
    expect(await q(`select email, valid from emails where email_list_id = $1 order by email`, [target.id])).toEqual([
      { email: 'new@imported-trap.example', valid: false },
      { email: 'ok@fine.example', valid: true },
    ]);
    await expectCountersExact(t, target.id);
  });

  it('validates and uploads spam-trap MX servers; ordinary users are refused', async () => {
    expect((await t.as(admin, { method: 'POST', url: '/api/add-spam-mx', payload: { mx: '' } })).json()).toEqual({
      error: { mx: 'MX server is required.' },
    });
    expect(
      (await t.as(admin, { method: 'POST', url: '/api/add-spam-mx', payload: { mx: 'not a host' } })).json(),
    ).toEqual({
      error: { mx: 'Not valid MX host name.' },
    });
    const up = await postFile(t, admin, '/api/add-spam-mxs', 'spam_mxs', 'mx-a.bulk.example\nMX-B.bulk.example.\n');
    expect(await uploadOutcome(t, up.json().id)).toEqual({ status: 'done', inserted: 2, error: null });
    const bad = await postFile(t, admin, '/api/add-spam-mxs', 'spam_mxs', 'mx-c.bulk.example\nbad host\n');
    expect(await uploadOutcome(t, bad.json().id)).toMatchObject({
      status: 'failed',
      error: 'Line 2: Not valid MX host name. Nothing was imported.',
    });
    const user = await t.user();
    for (const [method, url] of [
      ['GET', '/api/dns_records'],
      ['POST', '/api/add-spam-mx'],
      ['POST', '/api/add-spam-mxs'],
      ['POST', '/api/remove-spam-mx'],
    ] as const) {
      expect((await t.as(user, { method, url, payload: { mx: 'x.example', recordId: 1 } })).statusCode, url).toBe(403);
    }
  });
});
