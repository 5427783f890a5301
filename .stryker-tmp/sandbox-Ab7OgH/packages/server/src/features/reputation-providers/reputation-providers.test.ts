// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rating } from '@console/shared/enums';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { startDnsServer } from '../../../test/peers/dns-server.ts';
import { interpret } from './dnsbl.ts';
import { checkBlocklists } from './reputation-providers.jobs.ts';

let t: TestApp;
let make: ReturnType<typeof factories>;
let admin: TestUser;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({ env: { DNS_SERVERS: dns.servers, DNS_TIMEOUT_MS: '500' } });
  make = factories(t);
  admin = await t.user({ admin: true });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
const providerId = async (name: string) =>
  (await q('select id from reputation_providers where name = $1', [name]))[0].id as number;

describe('reputation providers', () => {
  it('lists the seeded providers to administrators, saying what each needs; others are refused', async () => {
    const res = await t.as(admin, { method: 'GET', url: '/api/reputation_providers' });
    const rows = res.json()['hydra:member'] as { name: string; kind: string; note: string }[];
    expect(rows.map((r) => r.name)).toEqual([
      'Spamhaus ZEN',
      'Barracuda',
      'SpamCop',
      'UCEPROTECT Level 1',
      'PSBL',
      'Mailspike',
      'Google Postmaster Tools',
      'Microsoft SNDS',
      'PMTA bounces',
    ]);
    expect(rows[0]).toMatchObject({ kind: 'dnsbl', zone: 'zen.spamhaus.org', active: true, affectsRelayStatus: true });
    expect(rows[0]!.note).toBe("Every active relay's IP is looked up in zen.spamhaus.org each hour.");
    expect(rows[6]!.note).toBe(
      'Needs an account with the mailbox provider: not configured, so no relay is rated by it.',
    );
    expect(rows[8]).toMatchObject({ kind: 'bounces', zone: null, note: expect.stringContaining('spam-, policy-') });
    const user = await t.user();
    for (const [method, url] of [
      ['GET', '/api/reputation_providers'],
      ['GET', '/api/reputation_providers/1'],
      ['PUT', '/api/reputation_providers/1'],
    ] as const) {
      expect((await t.as(user, { method, url, payload: { active: true, affectsRelayStatus: true } })).statusCode).toBe(
        403,
      );
      expect((await t.as(null, { method, url })).statusCode).toBe(401);
    }
  });

  it('edits the two flags (the name stays) and re-derives every relay status at once', async () => {
    const id = await providerId('SpamCop');
    const relay = await make.pmtaRelay();
    await q(`insert into relay_reputations (relay_id, provider_id, reputation) values ($1, $2, 3)`, [relay.id, id]);
    await q(`update pmta_relays set status = 3 where id = $1`, [relay.id]);
    const put = (payload: object) => t.as(admin, { method: 'PUT', url: `/api/reputation_providers/${id}`, payload });
    const off = await put({ name: 'Renamed', affectsRelayStatus: false, active: true });
    expect(off.json()).toMatchObject({ name: 'SpamCop', affectsRelayStatus: false, active: true });
    expect((await q('select status from pmta_relays where id = $1', [relay.id]))[0].status).toBe(Rating.Neutral);
    await put({ affectsRelayStatus: true, active: true });
    expect((await q('select status from pmta_relays where id = $1', [relay.id]))[0].status).toBe(Rating.Poor);
    expect((await put({ affectsRelayStatus: 'yes', active: true })).json()).toEqual({
      error: { affectsRelayStatus: 'Affects the relay status must be true or false.' },
    });
    expect(
      (
        await t.as(admin, {
          method: 'PUT',
          url: '/api/reputation_providers/999',
          payload: { affectsRelayStatus: true, active: true },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.as(admin, { method: 'GET', url: '/api/reputation_providers/0x1' })).statusCode).toBe(422);
    await q('delete from pmta_relays where id = $1', [relay.id]);
  });
});

describe('the blocklist check', () => {
  it('reads each blocklist’s return codes', () => {
    expect(interpret('zen.spamhaus.org', ['127.0.0.4'])).toEqual({
      reputation: Rating.Poor,
      details: 'Listed: XBL: an exploited or infected host.',
    });
    expect(interpret('zen.spamhaus.org', ['127.255.255.254']).reputation).toBe(Rating.Neutral);
    expect(interpret('zen.spamhaus.org', ['127.255.255.254']).details).toContain('public resolver');
    expect(interpret('b.barracudacentral.org', ['127.0.0.2'])).toEqual({
      reputation: Rating.Poor,
      details: 'Listed: 127.0.0.2.',
    });
    expect(interpret('bl.spamcop.net', ['92.242.132.24']).reputation).toBe(Rating.Neutral);
  });

  it('looks every active relay up in every active blocklist through real DNS and makes the listed ones Poor', async () => {
    // Two blocklists only, as the test's DNS server knows them.
    await q(`update reputation_providers set active = name in ('Spamhaus ZEN', 'Barracuda')`);
    const owner = await t.user();
    const listed = await make.pmtaRelay({ owner, ip: '10.20.0.1' });
    const clean = await make.pmtaRelay({ owner, ip: '10.20.0.2' });
    const failing = await make.pmtaRelay({ owner, ip: '10.20.0.3' });
    const inactive = await make.pmtaRelay({ owner, ip: '10.20.0.4', active: false });
    const v6 = await make.pmtaRelay({ owner, ip: '2001:db8::1' });
    dns.set({
      a: {
        '1.0.20.10.zen.spamhaus.org': ['127.0.0.4'],
        '4.0.20.10.zen.spamhaus.org': ['127.0.0.2'],
        '1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.b.barracudacentral.org': ['127.0.0.2'],
      },
      fail: ['3.0.20.10.zen.spamhaus.org'],
    });
    dns.queries.length = 0;
    const { checked } = await checkBlocklists(t.ctx);
    expect(checked).toBeGreaterThanOrEqual(8);
    expect(dns.queries).not.toContain('A 4.0.20.10.zen.spamhaus.org'); // inactive relays are not asked about
    const status = async (id: number) => (await q('select status from pmta_relays where id = $1', [id]))[0].status;
    expect(await status(listed.id)).toBe(Rating.Poor);
    expect(await status(clean.id)).toBe(Rating.Good);
    // Spamhaus failed, Barracuda says not listed: Good, and the failure is kept with its reason.
    expect(await status(failing.id)).toBe(Rating.Good);
    expect(await status(v6.id)).toBe(Rating.Poor);
    expect(await status(inactive.id)).toBe(Rating.Neutral);
    const rep = await t.as(owner, { method: 'GET', url: `/api/pmta_relays/${failing.id}?groups[]=relay_reputations` });
    expect(rep.json().reputations).toEqual(
      [
        { provider: { name: 'Barracuda' }, reputation: Rating.Good, details: 'Not listed.', date: expect.any(String) },
        {
          provider: { name: 'Spamhaus ZEN' },
          reputation: Rating.Neutral,
          details: expect.stringMatching(/^Not checked: the lookup failed/),
          date: expect.any(String),
        },
      ].sort((a, b) => b.reputation - a.reputation),
    );
    // The relay list's Poor count follows.
    const poor = await t.as(owner, { method: 'POST', url: '/api/pmta_relays/count_poor', payload: {} });
    expect(poor.json()).toEqual({ count: 2 });

    // Delisted at the next check: Good again.
    dns.set({ a: {} });
    await checkBlocklists(t.ctx);
    expect(await status(listed.id)).toBe(Rating.Good);
    await q(`update reputation_providers set active = true`);
  });
});
