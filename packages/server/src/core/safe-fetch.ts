import dns from 'node:dns';
import net from 'node:net';
import { Agent, fetch, type RequestInit, type Response } from 'undici';

/**
 * Fetching a URL a user supplied (offer links today; links and webhooks later) without letting it reach
 * this machine or its private network (SSRF). A host name is resolved in the connection's own lookup,
 * which drops internal addresses, so the address that is checked is the one connected to (no
 * DNS-rebinding window). An IP literal, however spelled (`2130706433`, `0x7f.0.0.1` are normalised by the
 * URL parser to 127.0.0.1), is checked before any connection. Redirects are never followed here: the
 * caller follows them, one checked hop at a time.
 */

type Subnet = readonly [string, number];
const V4: Subnet[] = [
  ['0.0.0.0', 8], // "this network" (0.0.0.0 reaches this machine)
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const V6: Subnet[] = [
  ['::', 96], // unspecified, loopback and IPv4-compatible (::7f00:1)
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
];

const blockListOf = (v4: Subnet[], v6: Subnet[]) => {
  const list = new net.BlockList();
  for (const [a, p] of v4) list.addSubnet(a, p, 'ipv4');
  for (const [a, p] of v6) list.addSubnet(a, p, 'ipv6');
  return list;
};
const blocked = blockListOf(V4, V6);

/** Whether an IP address is loopback, private, link-local, multicast or otherwise not on the internet. */
export function isInternalAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family !== 6) return true;
  // IPv4-mapped (::ffff:7f00:1) is judged by its IPv4 address by the block list itself; NAT64
  // (64:ff9b::7f00:1) carries one too.
  const nat64 = /^64:ff9b::(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(ip);
  if (nat64) {
    const [hi, lo] = [parseInt(nat64[2] ?? '0', 16), parseInt(nat64[3] ?? '0', 16)];
    return blocked.check(nat64[1] ?? [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.'), 'ipv4');
  }
  return blocked.check(ip, 'ipv6');
}

/** The error of a refused target; its message never says whether anything listens there. */
export class InternalAddressError extends Error {
  readonly code = 'EINTERNAL';
  constructor() {
    super('the address is internal');
  }
}

/**
 * Which internal targets a setting allows: `true` all of them, a list those addresses or CIDRs (or
 * proxy-addr's names loopback, linklocal, uniquelocal), `false` none.
 */
export type InternalAllowance = boolean | readonly string[];

const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function allowedList(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries.flatMap((e) => NAMED[e] ?? [e])) {
    const [address = '', prefix] = entry.split('/');
    const type = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    list.addSubnet(address, prefix === undefined ? (type === 'ipv6' ? 128 : 32) : Number(prefix), type);
  }
  return list;
}

/** A judge of addresses for one allowance: true when the address must not be reached. */
function refuser(allow: Exclude<InternalAllowance, true>): (ip: string) => boolean {
  if (allow === false || allow.length === 0) return isInternalAddress;
  const allowed = allowedList(allow);
  return (ip) => isInternalAddress(ip) && !allowed.check(ip, net.isIP(ip) === 6 ? 'ipv6' : 'ipv4');
}

/** Whether `ip` is an internal address that `allow` does not let the server reach (sockets other than fetch). */
export const isRefusedAddress = (ip: string, allow: InternalAllowance) => allow !== true && guardFor(allow).refused(ip);

function checkedLookup(refused: (ip: string) => boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const ok = (addresses as dns.LookupAddress[]).filter((a) => !refused(a.address));
      if (!ok.length) return callback(new InternalAddressError(), '', 4);
      if ((options as { all?: boolean }).all) {
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, ok);
      }
      callback(null, ok[0]!.address, ok[0]!.family);
    });
  };
}

interface Guard {
  refused: (ip: string) => boolean;
  agent: Agent;
}
const open = new Agent();
const guards = new Map<string, Guard>();

function guardFor(allow: Exclude<InternalAllowance, true>): Guard {
  const key = allow === false ? '' : allow.join(',');
  let guard = guards.get(key);
  if (!guard) {
    const refused = refuser(allow);
    guard = { refused, agent: new Agent({ connect: { lookup: checkedLookup(refused) } }) };
    guards.set(key, guard);
  }
  return guard;
}

export interface SafeFetchOptions {
  /** The ALLOW_INTERNAL_URLS setting (tests allow their local servers); none by default. */
  allowInternal?: InternalAllowance;
}

/** `fetch` of one hop (redirect: manual) that refuses internal targets unless allowed. */
export async function safeFetch(url: string, init: RequestInit, opts: SafeFetchOptions = {}): Promise<Response> {
  const allow = opts.allowInternal ?? false;
  if (allow === true) return fetch(url, { ...init, redirect: 'manual', dispatcher: open });
  const guard = guardFor(allow);
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  // A literal address is connected to without any lookup: it is judged here.
  if (net.isIP(host) && guard.refused(host)) throw new InternalAddressError();
  return fetch(url, { ...init, redirect: 'manual', dispatcher: guard.agent });
}
