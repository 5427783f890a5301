import dns from 'node:dns';
import net from 'node:net';
import os from 'node:os';
import tls from 'node:tls';
import { Agent, fetch, type RequestInit, type Response } from 'undici';
import type { Env } from '../env.ts';
import { createResolver } from './dns.ts';
import { InternalAddressError, isInternalAddress, type InternalAllowance } from './internal-addresses.ts';

/*
 * One policy for every outbound connection the console opens on a user's behalf (decision 1010): SSH and
 * the HTTP interface of a PMTA server, SMTP relay hosts, socks proxies (check and send), offer checks and
 * any later fetch. The address judged is the one connected to: a name is resolved here, each answer is
 * judged, and the socket is opened to an accepted address (no DNS-rebinding window). Refused always:
 * unspecified, multicast and reserved addresses, cloud metadata (169.254.169.254, fd00:ec2::254) and the
 * console's own listening address and port. Refused unless ALLOW_INTERNAL_URLS names them: loopback,
 * link-local, private and the other non-internet ranges (core/safe-fetch.ts). A refusal names the field
 * and never says whether anything listens there.
 */

const ALWAYS_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
  ['169.254.169.254', 32],
];
const ALWAYS_V6: [string, number][] = [
  ['::', 128],
  ['ff00::', 8],
  ['fd00:ec2::254', 128],
];
const always = new net.BlockList();
for (const [a, p] of ALWAYS_V4) always.addSubnet(a, p, 'ipv4');
for (const [a, p] of ALWAYS_V6) always.addSubnet(a, p, 'ipv6');

const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** The IPv4 address an IPv4-mapped or NAT64 IPv6 address carries, else the address itself. */
export function unmapped(ip: string): string {
  const m = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(ip);
  if (!m) return ip;
  if (m[1]) return m[1];
  const [hi, lo] = [parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

const typeOf = (ip: string) => (net.isIP(ip) === 6 ? 'ipv6' : 'ipv4');

/** What a running console refuses and allows; built once per environment (`outboundPolicy`). */
export interface OutboundPolicy {
  /** Whether connecting to `ip` (any spelling) on `port` is refused. */
  refused(ip: string, port: number): boolean;
  /** The addresses of a host name (the configured DNS servers, else the system's resolver). */
  resolve(host: string): Promise<string[]>;
}

/** The console's own listening address and port: connecting there is refused whatever is allowed. */
function ownAddresses(host: string, port: number): (ip: string, port: number) => boolean {
  const any = host === '0.0.0.0' || host === '::' || host === '';
  const local = new Set<string>(['127.0.0.1', '::1']);
  if (any)
    for (const list of Object.values(os.networkInterfaces()))
      for (const i of list ?? []) local.add(unmapped(i.address.toLowerCase()));
  else local.add(unmapped(host.toLowerCase()));
  return (ip, p) => p === port && (local.has(ip) || (any && ip.startsWith('127.')));
}

export function createOutboundPolicy(o: {
  allow: InternalAllowance;
  ownHost?: string;
  ownPort?: number;
  dnsServers?: string[];
  dnsTimeoutMs?: number;
}): OutboundPolicy {
  const allowed = new net.BlockList();
  if (Array.isArray(o.allow))
    for (const entry of o.allow.flatMap((e) => NAMED[e] ?? [e])) {
      const [address = '', prefix] = entry.split('/');
      const type = typeOf(address);
      allowed.addSubnet(address, prefix === undefined ? (type === 'ipv6' ? 128 : 32) : Number(prefix), type);
    }
  const own = o.ownPort ? ownAddresses(o.ownHost ?? '0.0.0.0', o.ownPort) : () => false;
  const resolver =
    o.dnsServers && o.dnsServers.length
      ? createResolver({ DNS_SERVERS: o.dnsServers, DNS_TIMEOUT_MS: o.dnsTimeoutMs ?? 5_000 })
      : null;
  return {
    refused(raw, port) {
      if (!net.isIP(raw)) return true;
      const ip = unmapped(raw.toLowerCase());
      if (always.check(ip, typeOf(ip)) || own(ip, port)) return true;
      if (!isInternalAddress(ip)) return false;
      return o.allow === true ? false : !allowed.check(ip, typeOf(ip));
    },
    async resolve(host) {
      if (resolver) {
        const [v4, v6] = await Promise.all([
          resolver.resolve4(host).catch(() => [] as string[]),
          resolver.resolve6(host).catch(() => [] as string[]),
        ]);
        if (v4.length || v6.length) return [...v4, ...v6];
        const e = new Error(`getaddrinfo ENOTFOUND ${host}`) as NodeJS.ErrnoException;
        e.code = 'ENOTFOUND';
        throw e;
      }
      const all = await dns.promises.lookup(host, { all: true });
      return all.map((a) => a.address);
    },
  };
}

const policies = new WeakMap<object, OutboundPolicy>();

/** The policy of a running console (ALLOW_INTERNAL_URLS, its own HOST and PORT, its DNS servers). */
export function outboundPolicy(
  env: Pick<Env, 'ALLOW_INTERNAL_URLS' | 'HOST' | 'PORT' | 'DNS_SERVERS' | 'DNS_TIMEOUT_MS'>,
): OutboundPolicy {
  let p = policies.get(env);
  if (!p)
    policies.set(
      env,
      (p = createOutboundPolicy({
        allow: env.ALLOW_INTERNAL_URLS,
        ownHost: env.HOST,
        ownPort: env.PORT,
        dnsServers: env.DNS_SERVERS,
        dnsTimeoutMs: env.DNS_TIMEOUT_MS,
      })),
    );
  return p;
}

/** A connection the policy refused; the message names the field only. */
export class OutboundRefusedError extends InternalAddressError {
  override readonly code = 'EINTERNAL';
  readonly field: string;

  constructor(field: string) {
    super();
    this.field = field;
    this.message = `${field}: this address is not allowed (internal addresses are refused)`;
  }
}

/** The address to connect to: `host` if it is an allowed IP, else its first allowed resolved address. */
export async function checkedAddress(policy: OutboundPolicy, host: string, port: number, field: string) {
  const bare = host.replace(/^\[|\]$/g, '');
  const candidates = net.isIP(bare) ? [bare] : await policy.resolve(bare);
  const ok = candidates.find((ip) => !policy.refused(ip, port));
  if (!ok) throw new OutboundRefusedError(field);
  return ok;
}

export interface OutboundTarget {
  host: string;
  port: number;
  /** The form field the address came from ('Server IP', 'Host', 'Socks IP', 'URL'). */
  field: string;
  timeoutMs?: number;
}

/** A TCP connection to an allowed address of `host`, open (or the error of connecting: ECONNREFUSED...). */
export async function connectChecked(policy: OutboundPolicy, t: OutboundTarget): Promise<net.Socket> {
  const ip = await checkedAddress(policy, t.host, t.port, t.field);
  return new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect({ host: ip, port: t.port });
    const timer = t.timeoutMs
      ? setTimeout(() => {
          socket.destroy();
          reject(Object.assign(new Error(`connect ETIMEDOUT ${t.field}`), { code: 'ETIMEDOUT' }));
        }, t.timeoutMs)
      : undefined;
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeListener('error', reject);
      resolve(socket);
    });
    socket.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

/** A connector for nodemailer, socks and ssh2: `(host, port) => open socket`, bound to a policy and a field. */
export type Connector = (host: string, port: number, timeoutMs?: number) => Promise<net.Socket>;

export const connectorFor =
  (policy: OutboundPolicy, field: string): Connector =>
  (host, port, timeoutMs) =>
    connectChecked(policy, { host, port, field, timeoutMs });

const agents = new WeakMap<OutboundPolicy, Map<string, Agent>>();

/** An undici dispatcher whose every connection passes the policy (redirect hops included). */
export function checkedAgent(policy: OutboundPolicy, field: string): Agent {
  let byField = agents.get(policy);
  if (!byField) agents.set(policy, (byField = new Map()));
  let agent = byField.get(field);
  if (!agent) {
    agent = new Agent({
      connect: (opts, cb) => {
        const port = Number(opts.port) || (opts.protocol === 'https:' ? 443 : 80);
        connectChecked(policy, { host: opts.hostname, port, field }).then(
          (socket) => {
            if (opts.protocol !== 'https:') return cb(null, socket);
            const servername = opts.servername ?? (net.isIP(opts.hostname) ? undefined : opts.hostname);
            const secure = tls.connect({ socket, servername, ALPNProtocols: ['http/1.1'] });
            secure.once('secureConnect', () => cb(null, secure));
            secure.once('error', (e) => cb(e, null));
          },
          (e: Error) => cb(e, null),
        );
      },
    });
    byField.set(field, agent);
  }
  return agent;
}

/** `fetch` of one hop (redirect: manual) through the policy. */
export function checkedFetch(policy: OutboundPolicy, field: string, url: string, init: RequestInit): Promise<Response> {
  return fetch(url, { ...init, redirect: 'manual', dispatcher: checkedAgent(policy, field) });
}
