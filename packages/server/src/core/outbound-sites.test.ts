import dc from 'node:diagnostics_channel';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocksMessages } from '@console/shared/socks-proxies';
import { serverSrc } from '../../layers.js';
import { checkOfferHealth } from '../features/offers/offer-health.ts';
import { sendEmailTest } from '../features/pmta-email-tests/email-test-send.ts';
import {
  checkServer,
  trackerCheck,
  type CheckResult,
} from '../features/pmta-trouble-report/pmta-trouble-report.remote.ts';
import { checkProxy } from '../features/socks-proxies/socks-proxies.service.ts';
import { openImap } from '../features/bounce-mailboxes/bounce-mailboxes.remote.ts';
import { countQueuedMessages } from '../pmta/campaign-servers.ts';
import { httpReady } from '../pmta/operations.ts';
import { readQueues } from '../pmta/queues.ts';
import { PmtaConnections } from '../pmta/ssh/connection.ts';
import { relayConnectors } from '../sending/relays.ts';
import { smtpTransport } from '../sending/transports/smtp.ts';
import { factories } from '../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import type { AppContext } from './context.ts';
import { outboundPolicy } from './outbound.ts';

/*
 * Issue 37, "one outbound door": every place the console opens a connection for a user, each refused for
 * loopback, link-local and the console's own port in every spelling of the address. Refused means no
 * connection attempt at all: node publishes every client socket it creates (diagnostics channel
 * `net.client.socket`), and no socket of the process tries the target port. The list of sites is checked
 * against the source: a file that calls the door and is not listed here fails the last test.
 */

const SPAWNED: { ip: string; port: number }[] = [];
dc.subscribe('net.client.socket', (m) => {
  const socket = (m as { socket: net.Socket }).socket;
  socket.on('connectionAttempt', (ip: string, port: number) => SPAWNED.push({ ip, port }));
});

let t: TestApp;
let f: ReturnType<typeof factories>;
let owner: TestUser;
let listener: net.Server;
let port: number;
let accepted = 0;

/** The contexts of the matrix: nothing internal allowed; loopback allowed with the listener as the console's own port. */
let closed: AppContext;
let ownPort: AppContext;

beforeAll(async () => {
  listener = net.createServer((s) => {
    accepted++;
    s.destroy();
  });
  await new Promise<void>((r) => listener.listen(0, '0.0.0.0', r));
  port = (listener.address() as net.AddressInfo).port;
  t = await createTestApp({ env: { ALLOW_INTERNAL_URLS: '' } });
  f = factories(t);
  owner = await t.user();
  closed = t.ctx;
  ownPort = { ...t.ctx, env: { ...t.ctx.env, ALLOW_INTERNAL_URLS: ['loopback'], HOST: '0.0.0.0', PORT: port } };
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => listener.close(() => r()));
});

/** 127.0.0.1 and 169.254.1.1 as one number, as getaddrinfo and the URL parser read `http://2130706433/`. */
const LOOPBACK = [
  '127.0.0.1',
  '127.0.0.2',
  '127.1',
  '2130706433',
  '0x7f.1',
  '0x7f000001',
  '017700000001',
  '0177.0.0.1',
  '::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::FFFF:7F00:1',
  '0:0:0:0:0:ffff:7f00:1',
  '0000:0000:0000:0000:0000:ffff:7f00:0001',
  '[::ffff:127.0.0.1]',
  '64:ff9b::7f00:1',
  'localhost',
];
const LINK_LOCAL = [
  '169.254.1.1',
  '169.254.169.254',
  '2851995905',
  '0xa9.0xfe.1.1',
  '::ffff:169.254.1.1',
  '::ffff:a9fe:101',
  '0:0:0:0:0:ffff:a9fe:101',
  '0000:0000:0000:0000:0000:ffff:a9fe:0101',
  '[::ffff:a9fe:101]',
  'fe80::1',
  '[fe80::1]',
];
/** The console's own address and port (HOST 0.0.0.0: any local address) while loopback is allowed. */
const OWN = [
  '127.0.0.1',
  '127.0.0.2',
  '::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '0:0:0:0:0:ffff:7f00:2',
  '0000:0000:0000:0000:0000:ffff:7f00:0002',
  '[::ffff:127.0.0.2]',
  '2130706433',
  '0x7f.1',
  '017700000001',
  'localhost',
];

const REFUSED = 'this address is not allowed (internal addresses are refused)';
const REFUSED_RE = REFUSED.replace(/[()]/g, '\\$&');
const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1');
/** A host as a URL's authority holds it (an IPv6 literal in brackets). */
const inUrl = (host: string) => (net.isIP(bare(host)) === 6 ? `[${bare(host)}]` : host);
/** The spellings an `inet` column keeps (the forms and uploads accept no other). */
const storable = (host: string) => net.isIP(host) !== 0;

const message = {
  from: { name: 'a', address: 'a@example.com' },
  to: 'b@example.com',
  subject: 's',
  html: 'h',
  messageId: '<m@example.com>',
  headers: {},
};

async function pmtaServerAt(host: string, o: { dbHost?: boolean } = {}) {
  const row = await f.pmtaServer({ owner, ...(o.dbHost ? { serverIp: host } : {}) });
  await t.ctx.db.$client.query(
    'update pmta_servers set ssh_port = $2, pmta_http_port = $2, smtp_port = $2 where id = $1',
    [row.id, port],
  );
  const { owner: _o, ...server } = row;
  return { ...server, sshPort: port, pmtaHttpPort: port, smtpPort: port, serverIp: o.dbHost ? row.serverIp : host };
}

interface Site {
  /** What the console does, and the file that does it. */
  name: string;
  file: string;
  /** The site's own answer when its connection is refused ('' where it only answers yes or no). */
  refusal: RegExp | string;
  /** Only addresses (an inet column); else any host text. */
  addressOnly?: boolean;
  run(ctx: AppContext, host: string, port: number): Promise<string>;
}

/** Every outbound call site (issue 37): SSH, HTTP, SMTP, socks, offer links. */
const SITES: Site[] = [
  {
    name: 'SSH and SFTP to a PMTA server (every PMTA operation)',
    file: 'pmta/ssh/connection.ts',
    refusal: new RegExp(`^Error: cannot connect to .*: Server IP: ${REFUSED_RE}\\.$`),
    async run(ctx, host) {
      const pool = new PmtaConnections(ctx, { connectTimeoutMs: 2_000 });
      const e = await pool.exec(await pmtaServerAt(host), 'true').catch((e: Error) => e);
      await pool.close();
      return (e as Error).message;
    },
  },
  {
    name: "the PMTA HTTP interface's readiness",
    file: 'pmta/operations.ts',
    refusal: 'false',
    async run(ctx, host) {
      return String(await httpReady(ctx, await pmtaServerAt(host)));
    },
  },
  {
    name: "the Delivery screen's queue reading (HTTP, then SSH)",
    file: 'pmta/queues.ts',
    refusal: new RegExp(`Server IP: ${REFUSED_RE}\\.$`),
    async run(ctx, host) {
      const e = await readQueues(ctx, await pmtaServerAt(host)).catch((e: Error) => e);
      return e instanceof Error ? e.message : 'read';
    },
  },
  {
    name: "the trouble report's HTTP checks",
    file: 'features/pmta-trouble-report/pmta-trouble-report.remote.ts',
    refusal: `Server IP: ${REFUSED}.`,
    async run(ctx, host) {
      const r = await checkServer(ctx, await pmtaServerAt(host));
      return r.details.http ?? '';
    },
  },
  {
    name: "the trouble report's tracker check (askTracker)",
    file: 'features/pmta-trouble-report/pmta-trouble-report.remote.ts',
    refusal: `Smtp Host: ${REFUSED}.`,
    async run(ctx, host, p) {
      const server = await f.pmtaServer({ owner });
      await f.pmtaRelay({ owner, pmtaServerId: server.id, smtpHost: host });
      const r: CheckResult = { troubles: {}, details: {} };
      await trackerCheck(ctx, server, r, p);
      return r.details.tracker ?? '';
    },
  },
  {
    name: "a PMTA campaign's direct statistics (jobsOverHttp, then pmta show jobs)",
    file: 'pmta/campaign-servers.ts',
    addressOnly: true,
    refusal: `Server IP: ${REFUSED}.`,
    async run(ctx, host) {
      const server = await pmtaServerAt(host, { dbHost: true });
      const group = await f.pmtaRelayGroup({ owner });
      await f.pmtaRelay({ owner, pmtaServerId: server.id, groupId: group.id });
      const c = await f.pmtaCampaign({ owner, relayGroupId: group.id });
      const stats = await countQueuedMessages(ctx, c.id);
      return stats.failed.map((x) => x.error).join('; ');
    },
  },
  {
    name: "an SMTP campaign's relay host (the engine's transport)",
    file: 'sending/relays.ts',
    refusal: `Host: ${REFUSED}`,
    async run(ctx, host, p) {
      const transport = smtpTransport({
        host,
        port: p,
        tls: false,
        account: '',
        password: '',
        connect: relayConnectors(ctx, 'Host'),
      });
      const r = await transport.send(message);
      transport.close();
      return r.reply;
    },
  },
  {
    name: "an SMTP relay's socks proxy when it sends",
    file: 'sending/relays.ts',
    refusal: `Socks IP: ${REFUSED}`,
    async run(ctx, host, p) {
      const transport = smtpTransport({
        host: 'mx.example.com',
        port: 25,
        tls: false,
        account: '',
        password: '',
        socks: { ip: host, port: p, login: null, password: null },
        connect: relayConnectors(ctx, 'Host'),
      });
      const r = await transport.send(message);
      transport.close();
      return r.reply;
    },
  },
  {
    name: "a PMTA campaign's injection into its server",
    file: 'sending/relays.ts',
    refusal: `Server IP: ${REFUSED}`,
    async run(ctx, host, p) {
      const transport = smtpTransport({
        host,
        port: p,
        tls: false,
        account: '',
        password: '',
        connect: relayConnectors(ctx, 'Server IP'),
      });
      const r = await transport.send(message);
      transport.close();
      return r.reply;
    },
  },
  {
    name: 'a PMTA e-mail test',
    file: 'features/pmta-email-tests/email-test-send.ts',
    refusal: new RegExp(`^Error: cannot connect to .*: Server IP: ${REFUSED_RE}$`),
    async run(ctx, host, p) {
      const reason = await sendEmailTest(
        ctx,
        1,
        {
          id: 1,
          smtpHost: 'mta.example.com',
          senderEmail: 'sender@mta.example.com',
          withoutVmta: false,
          server: { name: 'pmta', serverIp: host, smtpPort: p },
        },
        {
          email: 'to@example.com',
          sender: 'Sender',
          message: { subject: 's', content: '<p>h</p>', userId: owner.id },
          offer: { url: 'https://offer.example.com/', plug: null },
        },
      );
      return reason ?? '';
    },
  },
  {
    name: 'a bounce mailbox check (IMAP)',
    file: 'features/bounce-mailboxes/bounce-mailboxes.remote.ts',
    refusal: `Host: ${REFUSED}`,
    async run(ctx, host, p) {
      const e = await openImap(ctx, { host, port: p, security: 'tls', username: 'u', password: 'p' }).then(
        (c) => (c.close(), new Error('connected')),
        (e: Error) => e,
      );
      return e.message;
    },
  },
  {
    name: 'a socks proxy check',
    file: 'features/socks-proxies/socks-proxies.service.ts',
    addressOnly: true,
    refusal: SocksMessages.internal,
    async run(ctx, host, p) {
      // A proxy of its own owner each time (one address and port once per owner).
      const proxy = await f.socksProxy({ ip: host, port: p });
      const actor = { id: proxy.owner.id, username: proxy.owner.username, roles: proxy.owner.roles, isAdmin: false };
      return (await checkProxy(ctx, actor, proxy.id)).msg;
    },
  },
  {
    name: "an offer's link check",
    file: 'features/offers/offer-health.ts',
    refusal: 'URL does not answer: the address is internal.',
    async run(ctx, host, p) {
      const problem = await checkOfferHealth(
        ctx.db,
        { url: `http://${inUrl(host)}:${p}/offer`, plug: null },
        { policy: outboundPolicy(ctx.env), timeoutMs: 2_000 },
      );
      return problem ?? '';
    },
  },
];

const CASES = [
  ...LOOPBACK.map((h) => ['loopback', h, () => closed] as const),
  ...LINK_LOCAL.map((h) => ['link-local', h, () => closed] as const),
  ...OWN.map((h) => ["the console's own port", h, () => ownPort] as const),
];

describe.each(SITES)('$name', (site) => {
  it.each(CASES.filter(([, h]) => !site.addressOnly || storable(h)))('refuses %s %s', async (_kind, host, ctx) => {
    const before = { accepted, spawned: SPAWNED.filter((s) => s.port === port).length };
    const answer = await site.run(ctx(), host, port);
    expect({ accepted, spawned: SPAWNED.filter((s) => s.port === port).length }).toEqual(before);
    if (typeof site.refusal === 'string') expect(answer).toContain(site.refusal);
    else expect(answer).toMatch(site.refusal);
  });
});

/** The door's functions: whoever calls one opens a connection for a user. */
const DOOR = /\b(connectChecked|connectorFor|checkedFetch|checkedAgent|safeFetch|relayConnectors)\(/;
/** Libraries that open connections themselves unless handed a socket (what each site hands them is above). */
const LIBRARIES =
  /^import (?!type )[^;]*from '(ssh2|socks|undici|imapflow|nodemailer(\/lib\/smtp-(connection|pool|transport))?)'/m;

describe('the list of call sites', () => {
  const sources = readdirSync(serverSrc, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => ({ file: f.split(path.sep).join('/'), text: readFileSync(path.join(serverSrc, f), 'utf8') }));

  it('names every file that calls the outbound door', () => {
    const door = ['core/outbound.ts', 'core/safe-fetch.ts'];
    const calling = sources.filter((s) => !door.includes(s.file) && DOOR.test(s.text)).map((s) => s.file);
    expect(calling.sort()).toEqual([...new Set(SITES.map((s) => s.file))].sort());
  });

  it('knows every file that imports a library opening connections, each handed its socket by the door', () => {
    const importing = sources.filter((s) => LIBRARIES.test(s.text)).map((s) => s.file);
    expect(importing.sort()).toEqual([
      'core/outbound.ts', // undici: the door's own HTTP client (an Agent whose connect is connectChecked)
      'features/bounce-mailboxes/bounce-mailboxes.remote.ts', // imapflow: a transport over the socket of connectChecked: the door's own HTTP client (an Agent whose connect is connectChecked)
      'features/socks-proxies/socks-check.ts', // socks: existing_socket from the Connector it is given
      'pmta/ssh/connection.ts', // ssh2: sock from connectChecked
      'pmta/ssh/keys.ts', // ssh2: utils.parseKey only
      'sending/transports/smtp.ts', // nodemailer SMTPConnection: connection, socks: existing_socket (connect is required)
    ]);
  });
});
