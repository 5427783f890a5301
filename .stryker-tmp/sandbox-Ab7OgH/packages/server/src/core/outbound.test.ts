// @ts-nocheck
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocksMessages } from '@console/shared/socks-proxies';
import { pmtaServers } from '../db/schema/index.ts';
import { checkOfferHealth } from '../features/offers/offer-health.ts';
import { httpReady } from '../pmta/operations.ts';
import { PmtaConnections, PmtaSshError } from '../pmta/ssh/connection.ts';
import { relayConnectors } from '../sending/relays.ts';
import { smtpTransport } from '../sending/transports/smtp.ts';
import { factories } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startDnsServer } from '../../test/peers/dns-server.ts';
import { createOutboundPolicy, normalIp, outboundPolicy } from './outbound.ts';

/*
 * The outbound matrix (issue 24): every kind of connection the console opens for a user, to every kind of
 * internal target, is refused before any byte is sent. The app runs with the policy active
 * (ALLOW_INTERNAL_URLS empty); the loopback targets point at one listener that counts connections.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let listener: net.Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  dns = await startDnsServer({ a: { 'loopback.test': ['127.0.0.1'], 'metadata.test': ['169.254.169.254'] } });
  listener = net.createServer((s) => {
    connections++;
    s.destroy();
  });
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
  port = (listener.address() as net.AddressInfo).port;
  t = await createTestApp({ env: { ALLOW_INTERNAL_URLS: '', DNS_SERVERS: dns.servers } });
  f = factories(t);
});
afterAll(async () => {
  await t.close();
  await dns.close();
  await new Promise<void>((r) => listener.close(() => r()));
});

/** The targets: an address (IP columns) and, for host-name fields, a name resolving to loopback. */
const ADDRESSES = [
  ['loopback', '127.0.0.1'],
  ['link-local', '169.254.1.1'],
  ['metadata', '169.254.169.254'],
  ['private', '10.0.0.1'],
  ['IPv4-mapped IPv6', '::ffff:127.0.0.1'],
] as const;
const NAMES = [['a DNS name resolving to loopback', 'loopback.test']] as const;
const literal = (a: string) => (a.includes(':') ? `[${a}]` : a);

const MESSAGE = { kind: 'deferred', code: 0 };

describe.each([...ADDRESSES, ...NAMES])('%s (%s)', (_label, address) => {
  const isIp = net.isIP(address) !== 0;

  it.runIf(isIp)('SSH to a PMTA server is refused, naming the field', async () => {
    const before = connections;
    const pool = new PmtaConnections(t.ctx, { connectTimeoutMs: 2_000 });
    const row = await f.pmtaServer({ serverIp: address });
    const [server] = await t.ctx.db
      .update(pmtaServers)
      .set({ sshPort: port })
      .where(eq(pmtaServers.id, row.id))
      .returning();
    const e = await pool.exec(server!, 'pmta show status').catch((e: unknown) => e);
    await pool.close();
    expect(e).toBeInstanceOf(PmtaSshError);
    expect((e as Error).message).toBe(
      `Error: cannot connect to ${server!.name}: Server IP: this address is not allowed (internal addresses are refused).`,
    );
    expect(connections).toBe(before);
  });

  it.runIf(isIp)('the PMTA HTTP interface is not asked', async () => {
    const before = connections;
    const row = await f.pmtaServer({ serverIp: address });
    const [server] = await t.ctx.db
      .update(pmtaServers)
      .set({ pmtaHttpPort: port })
      .where(eq(pmtaServers.id, row.id))
      .returning();
    expect(await httpReady(t.ctx, server!)).toBe(false);
    expect(connections).toBe(before);
  });

  it('an SMTP relay host is not connected to', async () => {
    const before = connections;
    const transport = smtpTransport({
      host: address,
      port,
      tls: false,
      account: '',
      password: '',
      connect: relayConnectors(t.ctx, 'Host'),
    });
    const r = await transport.send({
      from: { name: 'a', address: 'a@example.com' },
      to: 'b@example.com',
      subject: 's',
      html: 'h',
      messageId: '<m@example.com>',
      headers: {},
    });
    transport.close();
    expect(r).toMatchObject(MESSAGE);
    expect(r.reply).toBe('Host: this address is not allowed (internal addresses are refused)');
    expect(connections).toBe(before);
  });

  it.runIf(isIp)('a socks proxy is not connected to when a relay sends through it', async () => {
    const before = connections;
    const transport = smtpTransport({
      host: 'mx.example.com',
      port: 25,
      tls: false,
      account: '',
      password: '',
      socks: { ip: address, port, login: null, password: null },
      connect: relayConnectors(t.ctx, 'Host'),
    });
    const r = await transport.send({
      from: { name: 'a', address: 'a@example.com' },
      to: 'b@example.com',
      subject: 's',
      html: 'h',
      messageId: '<m@example.com>',
      headers: {},
    });
    transport.close();
    expect(r).toMatchObject(MESSAGE);
    expect(r.reply).toBe('Socks IP: this address is not allowed (internal addresses are refused)');
    expect(connections).toBe(before);
  });

  it.runIf(isIp)('a socks check is refused', async () => {
    const before = connections;
    const owner = await t.user();
    const proxy = await f.socksProxy({ owner, ip: address, port });
    const res = await t.as(owner, { method: 'GET', url: `/api/socks/check/${proxy.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: false, msg: SocksMessages.internal, boundIp: null });
    expect(connections).toBe(before);
  });

  it('an offer check does not fetch the link', async () => {
    const before = connections;
    const problem = await checkOfferHealth(
      t.ctx.db,
      { url: `http://${literal(address)}:${port}/offer?cid=[uuid]`, plug: null },
      { policy: outboundPolicy(t.ctx.env), timeoutMs: 2_000 },
    );
    expect(problem).toMatch(/^URL /);
    expect(connections).toBe(before);
  });
});

describe('the policy', () => {
  const policy = createOutboundPolicy({ allow: false, ownHost: '0.0.0.0', ownPorts: [8080] });
  const allowing = createOutboundPolicy({ allow: true, ownHost: '0.0.0.0', ownPorts: [8080] });

  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '::1',
    '0.0.0.0',
    '::',
    '169.254.169.254',
    '169.254.0.5',
    'fe80::1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    'fc00::1',
    '224.0.0.1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::7f00:1',
  ])('refuses %s by default', (ip) => {
    expect(policy.refused(ip, 25)).toBe(true);
  });

  it('lets public addresses through', () => {
    expect(policy.refused('93.184.216.34', 25)).toBe(false);
    expect(policy.refused('2606:2800:220:1::1', 443)).toBe(false);
  });

  it("ALLOW_INTERNAL_URLS lets internal ranges through, never metadata, unspecified, multicast or the console's own port", () => {
    expect(allowing.refused('127.0.0.1', 25)).toBe(false);
    expect(allowing.refused('10.0.0.1', 22)).toBe(false);
    expect(allowing.refused('169.254.169.254', 80)).toBe(true);
    expect(allowing.refused('::ffff:169.254.169.254', 80)).toBe(true);
    expect(allowing.refused('0.0.0.0', 80)).toBe(true);
    expect(allowing.refused('224.0.0.1', 80)).toBe(true);
    expect(allowing.refused('127.0.0.1', 8080)).toBe(true);
    expect(allowing.refused('::ffff:127.0.0.1', 8080)).toBe(true);
    const loopbackOnly = createOutboundPolicy({ allow: ['loopback'] });
    expect(loopbackOnly.refused('127.0.0.1', 25)).toBe(false);
    expect(loopbackOnly.refused('10.0.0.1', 25)).toBe(true);
  });

  it.each([
    '127.0.0.1',
    '127.0.0.2',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:7f00:2',
    '0000:0000:0000:0000:0000:FFFF:7F00:0002',
    '[::ffff:127.0.0.2]',
    '64:ff9b::7f00:1',
    '2130706433',
    '0x7f.1',
    '017700000001',
  ])("refuses the console's own port as %s whatever is allowed (issue 37)", (ip) => {
    expect(allowing.refused(ip, 8080)).toBe(true);
    expect(allowing.refused(ip, 25)).toBe(false);
    const metrics = createOutboundPolicy({ allow: true, ownHost: '127.0.0.1', ownPorts: [8080, 9464] });
    expect(metrics.refused(ip, 9464)).toBe(true);
  });

  it.each([
    ['2130706433', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['::FFFF:7F00:1', '127.0.0.1'],
    ['0000:0000:0000:0000:0000:ffff:a9fe:0101', '169.254.1.1'],
    ['[::ffff:169.254.1.1]', '169.254.1.1'],
    ['64:ff9b::808:808', '8.8.8.8'],
    ['2001:DB8:0:0::1', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['mx.example.com', null],
    ['08.1.1.1', null],
  ])('normalIp(%s) is %s', (raw, normal) => {
    expect(normalIp(raw)).toBe(normal);
  });
});
