// @ts-nocheck
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';
import { categories, mailProviderDomains, offers } from '../../db/schema/index.ts';
import { checkOfferHealth, runOfferCheck } from './offer-health.ts';
import { OFFER_HEALTH_CHECK, OFFER_HEALTH_SWEEP, offerJobs } from './offers.jobs.ts';

let t: TestApp;
let admin: TestUser;
let categoryId: number;
let server: http.Server;
let base: string;
let closedPort: number;
const seen: string[] = [];

/** A local web server with one route per outcome: the checks never leave 127.0.0.1. */
function handler(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url!, 'http://local');
  seen.push(`${req.method} ${req.url}`);
  switch (url.pathname) {
    case '/ok':
      return res.writeHead(200, { 'content-type': 'text/plain' }).end('fine');
    case '/missing':
      return res.writeHead(404).end('no');
    case '/get-only':
      return req.method === 'HEAD' ? res.writeHead(405).end() : res.writeHead(200).end('fine');
    case '/redirect':
      return res.writeHead(302, { location: url.searchParams.get('to')! }).end();
    case '/hop':
      return res.writeHead(302, { location: '/ok' }).end();
    case '/loop':
      return res.writeHead(302, { location: '/loop' }).end();
    case '/to-spam':
      return res.writeHead(301, { location: 'http://www.spam-listed.test/landing' }).end();
    case '/app':
      return res.writeHead(302, { location: 'market://details?id=x' }).end();
    case '/slow':
      return; // never answers
    default:
      return res.writeHead(500).end();
  }
}

beforeAll(async () => {
  // The test's web server is on 127.0.0.1: internal targets are allowed here, and refused by default below.
  t = await createTestApp({ env: { ALLOW_INTERNAL_URLS: 'true' } });
  admin = await t.user({ admin: true });
  const [c] = await t.ctx.db.insert(categories).values({ name: 'Health' }).returning();
  categoryId = c!.id;
  await t.ctx.db.insert(mailProviderDomains).values({ domain: 'spam-listed.test', isBlacklisted: true });
  server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port that was just free: nothing listens there.
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await t.close();
});

const check = (url: string, plug: string | null = null, opts = {}) =>
  checkOfferHealth(t.ctx.db, { url, plug }, { allowInternal: true, ...opts });

describe('checkOfferHealth', () => {
  it('healthy 200: null, with the tracker placeholders filled by neutral values', async () => {
    expect(await check(`${base}/ok?c=[click_id]&t=[trk]&e=[email]`)).toBeNull();
    expect(seen).toContain('HEAD /ok?c=healthcheck&t=healthcheck&e=healthcheck@example.com');
  });

  it('a spam-listed host (or a subdomain of one) is named without any request', async () => {
    const before = seen.length;
    expect(await check('http://spam-listed.test/x')).toBe('Domain spam-listed.test is on the spam-domain list.');
    expect(await check('https://a.b.SPAM-LISTED.test/x')).toBe('Domain spam-listed.test is on the spam-domain list.');
    expect(await check(`${base}/ok`, 'http://spam-listed.test/plug')).toBe(
      'Domain spam-listed.test is on the spam-domain list.',
    );
    expect(seen.length).toBe(before);
  });

  it('a redirect to a spam-listed host is caught before it is followed', async () => {
    expect(await check(`${base}/to-spam`)).toBe('Domain spam-listed.test is on the spam-domain list.');
  });

  it('404: URL answered 404.', async () => {
    expect(await check(`${base}/missing`)).toBe('URL answered 404.');
  });

  it('an unreachable port: URL does not answer: connection refused.', async () => {
    expect(await check(`http://127.0.0.1:${closedPort}/x`)).toBe('URL does not answer: connection refused.');
  });

  it('falls back to GET when HEAD is refused', async () => {
    expect(await check(`${base}/get-only`)).toBeNull();
    expect(seen).toEqual(expect.arrayContaining(['HEAD /get-only', 'GET /get-only']));
  });

  it('follows redirects, at most 5', async () => {
    expect(await check(`${base}/hop`)).toBeNull();
    expect(await check(`${base}/loop`)).toBe('URL does not answer: more than 5 redirects.');
    expect(await check(`${base}/app`)).toBeNull(); // leaves the web: nothing more to check
  });

  it('gives up on a server that does not answer in time', async () => {
    expect(await check(`${base}/slow`, null, { timeoutMs: 300 })).toBe('URL does not answer: timed out after 0.3 s.');
  });

  it('reports the plug too, after the url', async () => {
    expect(await check(`${base}/ok`, `${base}/missing`)).toBe('Plug answered 404.');
    expect(await check(`${base}/missing`, `http://127.0.0.1:${closedPort}/`)).toBe(
      'URL answered 404. Plug does not answer: connection refused.',
    );
  });
});

describe('internal targets (SSRF)', () => {
  const refused = 'URL does not answer: the address is internal.';
  const port = () => new URL(base).port;
  it.each([
    ['loopback', () => `${base}/ok`],
    ['a decimal IPv4', () => `http://2130706433:${port()}/ok`],
    ['a hex IPv4', () => `http://0x7f.0.0.1:${port()}/ok`],
    ['an octal IPv4', () => `http://0177.0.0.1:${port()}/ok`],
    ['a short IPv4', () => `http://127.1:${port()}/ok`],
    ['0.0.0.0', () => `http://0.0.0.0:${port()}/ok`],
    ['a closed local port', () => `http://127.0.0.1:${closedPort}/x`],
    ['localhost (a name: judged in the lookup)', () => `http://localhost:${port()}/ok`],
    ['a private address', () => 'http://10.0.0.1/'],
    ['link-local (cloud metadata)', () => 'http://169.254.169.254/latest/meta-data/'],
    ['carrier-grade NAT', () => 'http://100.64.0.1/'],
    ['multicast', () => 'http://224.0.0.1/'],
    ['IPv6 loopback', () => 'http://[::1]/'],
    ['IPv6 unique local', () => 'http://[fd00::1]/'],
    ['IPv6 link-local', () => 'http://[fe80::1]/'],
    ['IPv4-mapped IPv6', () => `http://[::ffff:127.0.0.1]:${port()}/ok`],
    ['IPv4-compatible IPv6', () => 'http://[::127.0.0.1]/'],
  ])('%s is refused by default, saying nothing about the port', async (_what, url) => {
    const before = seen.length;
    expect(await checkOfferHealth(t.ctx.db, { url: url(), plug: null }, { timeoutMs: 1000 })).toBe(refused);
    expect(seen.length).toBe(before);
  });

  it('an open and a closed local port get the same answer', async () => {
    const open = await checkOfferHealth(t.ctx.db, { url: `${base}/ok`, plug: null });
    const closed = await checkOfferHealth(t.ctx.db, { url: `http://127.0.0.1:${closedPort}/`, plug: null });
    expect(open).toBe(closed);
  });

  it('checks every redirect hop: an allowed first hop may not lead to an internal second one', async () => {
    // A second server on 127.0.0.2 (loopback too): reachable, but not on the allowed list.
    const other: string[] = [];
    const second = http.createServer((req, res) => {
      other.push(req.url!);
      res.writeHead(200).end('inside');
    });
    await new Promise<void>((r) => second.listen(0, '127.0.0.2', r));
    const secondUrl = `http://127.0.0.2:${(second.address() as AddressInfo).port}/ok`;
    const hop = `${base}/redirect?to=${encodeURIComponent(secondUrl)}`;
    try {
      expect(await check(hop, null, { allowInternal: ['127.0.0.1'] })).toBe(refused);
      expect(other).toEqual([]);
      expect(await check(hop, null, { allowInternal: ['127.0.0.1', '127.0.0.2'] })).toBeNull();
      expect(other).toEqual(['/ok']);
    } finally {
      second.closeAllConnections();
      await new Promise((r) => second.close(r));
    }
  });

  it('connects to a name only through the checked lookup, which lets the allowed addresses through', async () => {
    expect(await check(`http://localhost:${port()}/ok`, null, { allowInternal: ['127.0.0.1'] })).toBeNull();
    expect(await check(`http://localhost:${port()}/ok`, null, { allowInternal: ['10.0.0.0/8'] })).toBe(refused);
  });

  it('classifies internal and public addresses', async () => {
    const { isInternalAddress } = await import('../../core/safe-fetch.ts');
    const internal = ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.1.1', '100.64.0.1', '0.0.0.0'];
    const internal6 = ['::', '::1', 'fe80::1', 'fd00::1', 'ff02::1', '::ffff:10.0.0.1', '::ffff:7f00:1', '::7f00:1'];
    const more = ['0:0:0:0:0:ffff:7f00:1', '64:ff9b::7f00:1', '64:ff9b::10.0.0.1', 'not an address'];
    expect([...internal, ...internal6, ...more].filter((a) => !isInternalAddress(a))).toEqual([]);
    expect(
      ['93.184.216.34', '2606:4700::1111', '8.8.8.8', '::ffff:8.8.8.8', '64:ff9b::808:808'].filter(isInternalAddress),
    ).toEqual([]);
  });

  it('refuses them by default in the running app too (ALLOW_INTERNAL_URLS unset)', async () => {
    const { loadEnv } = await import('../../env.ts');
    expect(loadEnv({}).ALLOW_INTERNAL_URLS).toBe(false);
    // The test apps allow loopback by default (their peers live there): this one is the default.
    const plain = await createTestApp({ env: { ALLOW_INTERNAL_URLS: '' } });
    try {
      const boss = await plain.user({ admin: true });
      const [c] = await plain.ctx.db.insert(categories).values({ name: 'Inside' }).returning();
      const before = seen.length;
      const res = await plain.as(boss, {
        method: 'POST',
        url: '/api/offers',
        payload: { category: c!.id, name: 'Inside', url: `${base}/ok`, user: boss.id },
      });
      expect(res.statusCode).toBe(201);
      const id = res.json().id as number;
      const done = await eventually(async () => {
        const [o] = await plain.ctx.db.select().from(offers).where(eq(offers.id, id));
        return o?.checkedAt && o;
      });
      expect(done.clean).toBe(refused);
      expect(seen.length).toBe(before);
    } finally {
      await plain.close();
    }
  });
});

describe('the health job', () => {
  async function createOffer(url: string) {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/offers',
      payload: { category: categoryId, name: 'Checked', url, user: admin.id },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  }
  const stored = async (id: number) => (await t.ctx.db.select().from(offers).where(eq(offers.id, id)))[0]!;

  it('runs right after create and again after the url changes', async () => {
    const id = await createOffer(`${base}/missing`);
    const first = await eventually(async () => {
      const o = await stored(id);
      return o.checkedAt && o;
    });
    expect(first.clean).toBe('URL answered 404.');
    const put = await t.as(admin, {
      method: 'PUT',
      url: `/api/offers/${id}`,
      payload: { category: categoryId, name: 'Checked', url: `${base}/ok`, user: admin.id },
    });
    expect(put.statusCode).toBe(200);
    const second = await eventually(async () => {
      const o = await stored(id);
      return o.checkedAt && o.clean === null && o;
    });
    expect(second.url).toBe(`${base}/ok`);
    const api = await t.as(admin, { method: 'GET', url: `/api/offers/${id}` });
    expect(api.json()).toMatchObject({ clean: null, checkedAt: expect.any(String) });
  });

  it('the 30-minute sweep re-checks active offers and leaves archived ones alone', async () => {
    const active = await createOffer(`${base}/missing`);
    const archived = await createOffer(`${base}/missing`);
    await eventually(async () => (await stored(active)).checkedAt && (await stored(archived)).checkedAt);
    await t.as(admin, { method: 'POST', url: `/api/offers/archive/${archived}` });
    await t.ctx.db.update(offers).set({ clean: 'stale', checkedAt: null }).where(eq(offers.id, active));
    await t.ctx.db.update(offers).set({ clean: 'stale', checkedAt: null }).where(eq(offers.id, archived));
    const sweep = offerJobs(t.ctx).find((j) => j.name === OFFER_HEALTH_SWEEP.name)!;
    expect(sweep.cron).toBe('*/30 * * * *');
    const queuedFor = async (id: number) =>
      (
        await t.ctx.db.$client.query(
          `select 1 from pgboss.job where name = $1 and (data->>'offerId')::int = $2 and created_on > $3`,
          [OFFER_HEALTH_CHECK.name, id, sweptAt],
        )
      ).rowCount;
    const sweptAt = new Date();
    await sweep.handler({}, {} as never);
    // The sweep queues the active offer and never the archived one (a bug once queued both, unseen:
    // the check itself skips archived offers).
    expect(await queuedFor(active)).toBe(1);
    expect(await queuedFor(archived)).toBe(0);
    const done = await eventually(async () => {
      const o = await stored(active);
      return o.checkedAt && o;
    });
    expect(done.clean).toBe('URL answered 404.');
    expect(await runOfferCheck(t.ctx.db, archived)).toBeUndefined();
    expect((await stored(archived)).clean).toBe('stale');
  });
});
