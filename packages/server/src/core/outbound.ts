import dns from 'node:dns';
import net from 'node:net';
import os from 'node:os';
import tls from 'node:tls';
import { Agent, fetch, type RequestInit, type Response } from 'undici';
import type { Env } from '../env.ts';
import { createResolver } from './dns.ts';
import {
  InternalAddressError,
  familyOf,
  isInternalAddress,
  normalIp,
  type InternalAllowance,
} from './internal-addresses.ts';

export { normalIp } from './internal-addresses.ts';

/*
 * One policy for every outbound connection the console opens on a user's behalf (decision 1010): SSH and
 * the HTTP interface of a PMTA server, SMTP relay hosts, socks proxies (check and send), offer checks and
 * any later fetch. The address judged is the one connected to: a name is resolved here, each answer is
 * judged, and the socket is opened to an accepted address (no DNS-rebinding window). Refused always:
 * unspecified, multicast and reserved addresses, cloud metadata (169.254.169.254, fd00:ec2::254) and the
 * console's own listening address and port. Refused unless ALLOW_INTERNAL_URLS names them: loopback,
 * link-local, private and the other non-internet ranges (core/safe-fetch.ts). Addresses are judged in one
 * spelling (`normalIp`: ipaddr.js), whatever form the user wrote. A refusal names the field and never says
 * whether anything listens there.
 *
 * This module is the one door: nothing else in src/ calls fetch, http(s).request/get, net.connect,
 * tls.connect or dns.lookup (lint rule `server/outbound-door`, packages/server/outbound-door.js), and the
 * libraries that connect on their own (nodemailer, socks, ssh2) are handed a socket opened here.
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

/** What a running console refuses and allows; built once per environment (`outboundPolicy`). */
export interface OutboundPolicy {
  /** Whether connecting to `ip` (any spelling) on `port` is refused. */
  refused(ip: string, port: number): boolean;
  /** The addresses of a host name (the configured DNS servers, else the system's resolver). */
  resolve(host: string): Promise<string[]>;
}

/**
 * The console's own listening address and port: connecting there is refused whatever is allowed. Loopback
 * always; every local address when HOST is any address or a name; judged on normalised addresses, so
 * `0:0:0:0:0:ffff:7f00:2` or `2130706433` on PORT is the console as much as `127.0.0.1` is.
 */
function ownAddresses(host: string, ports: number[]): (ip: string, port: number) => boolean {
  const own = new net.BlockList();
  own.addSubnet('127.0.0.0', 8, 'ipv4');
  own.addAddress('::1', 'ipv6');
  const named = normalIp(host);
  const any = named === null || named === '0.0.0.0' || named === '::';
  const local = any
    ? Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address))
    : [named];
  for (const address of local) {
    const ip = normalIp(address);
    if (ip) own.addAddress(ip, familyOf(ip));
  }
  return (ip, port) => ports.includes(port) && own.check(ip, familyOf(ip));
}

export function createOutboundPolicy(o: {
  allow: InternalAllowance;
  ownHost?: string;
  /** The console's own ports (PORT, METRICS_PORT). */
  ownPorts?: number[];
  dnsServers?: string[];
  dnsTimeoutMs?: number;
}): OutboundPolicy {
  const allowed = new net.BlockList();
  if (Array.isArray(o.allow))
    for (const entry of o.allow.flatMap((e) => NAMED[e] ?? [e])) {
      const [address = '', prefix] = entry.split('/');
      const type = familyOf(address);
      allowed.addSubnet(address, prefix === undefined ? (type === 'ipv6' ? 128 : 32) : Number(prefix), type);
    }
  const ports = (o.ownPorts ?? []).filter((p) => p > 0);
  const own = ports.length ? ownAddresses(o.ownHost ?? '0.0.0.0', ports) : () => false;
  const resolver =
    o.dnsServers && o.dnsServers.length
      ? createResolver({ DNS_SERVERS: o.dnsServers, DNS_TIMEOUT_MS: o.dnsTimeoutMs ?? 5_000 })
      : null;
  return {
    refused(raw, port) {
      const ip = normalIp(raw);
      if (ip === null) return true;
      if (always.check(ip, familyOf(ip)) || own(ip, port)) return true;
      if (!isInternalAddress(ip)) return false;
      return o.allow === true ? false : !allowed.check(ip, familyOf(ip));
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
  env: Pick<Env, 'ALLOW_INTERNAL_URLS' | 'HOST' | 'PORT' | 'METRICS_PORT' | 'DNS_SERVERS' | 'DNS_TIMEOUT_MS'>,
): OutboundPolicy {
  let p = policies.get(env);
  if (!p)
    policies.set(
      env,
      (p = createOutboundPolicy({
        allow: env.ALLOW_INTERNAL_URLS,
        ownHost: env.HOST,
        ownPorts: [env.PORT, env.METRICS_PORT ?? 0],
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

/**
 * The address to connect to, normalised: `host` if it is an allowed IP literal (any spelling), else the
 * first allowed address it resolves to.
 */
export async function checkedAddress(policy: OutboundPolicy, host: string, port: number, field: string) {
  const literal = normalIp(host);
  const candidates = literal ? [literal] : await policy.resolve(host.replace(/^\[(.*)\]$/, '$1'));
  const ok = candidates.find((ip) => !policy.refused(ip, port));
  if (!ok) throw new OutboundRefusedError(field);
  return normalIp(ok)!;
}

/** `http://host:port/path` with an IP literal in its one spelling (an IPv6 one in brackets), a name as given. */
export function httpUrl(host: string, port: number, path: string): string {
  const ip = normalIp(host);
  return `http://${ip === null ? host : ip.includes(':') ? `[${ip}]` : ip}:${port}${path}`;
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

/**
 * TLS over a socket the door opened (implicit TLS, or a STARTTLS upgrade): no new connection, so no new
 * check; the certificate is verified against the host name the user gave (an IP literal: no SNI).
 */
export function tlsOver(
  socket: net.Socket,
  o: { host: string; servername?: string; tls?: tls.ConnectionOptions },
  onSecure: () => void,
): tls.TLSSocket {
  const servername = o.servername || (normalIp(o.host) ? undefined : o.host);
  return tls.connect({ ...o.tls, socket, host: o.host, servername }, onSecure);
}

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
            const servername = opts.servername ?? (normalIp(opts.hostname) ? undefined : opts.hostname);
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
