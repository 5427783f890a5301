import dns from 'node:dns';
import net from 'node:net';
import { Agent, fetch, type RequestInit, type Response } from 'undici';

/**
 * Fetching a URL a user supplied (offer links today; links and webhooks later) without letting it reach
 * this machine or its private network (SSRF). Every hop is checked: the host's resolved addresses are
 * checked in the connection's own lookup, so the address that is checked is the one connected to (no
 * DNS-rebinding window), and an IP literal, however spelled (`2130706433`, `0x7f.0.0.1` are normalised by
 * the URL parser to 127.0.0.1), is checked before any connection. Redirects are not followed here: the
 * caller follows them, one checked hop at a time.
 */

const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8], // "this network"
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
] as const) {
  blocked.addSubnet(net4, prefix, 'ipv4');
}
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net6, prefix, 'ipv6');
}

/** Whether an IP address is loopback, private, link-local, multicast or otherwise not on the internet. */
export function isInternalAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family !== 6) return true;
  const lower = ip.toLowerCase();
  // IPv4-mapped (::ffff:127.0.0.1) and NAT64 (64:ff9b::7f00:1) carry an IPv4 address: judge that one.
  const mapped = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(lower);
  if (mapped) {
    const v4 =
      mapped[1] ??
      [
        parseInt(mapped[2]!, 16) >> 8,
        parseInt(mapped[2]!, 16) & 255,
        parseInt(mapped[3]!, 16) >> 8,
        parseInt(mapped[3]!, 16) & 255,
      ].join('.');
    return blocked.check(v4, 'ipv4');
  }
  return blocked.check(lower, 'ipv6');
}

/** The error of a refused target; its message never says whether anything listens there. */
export class InternalAddressError extends Error {
  readonly code = 'EINTERNAL';
  constructor() {
    super('the address is internal');
  }
}

const safeLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as dns.LookupAddress[];
    const ok = list.filter((a) => !isInternalAddress(a.address));
    if (!ok.length) return callback(new InternalAddressError(), '', 4);
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, ok);
    callback(null, ok[0]!.address, ok[0]!.family);
  });
};

const guarded = new Agent({ connect: { lookup: safeLookup } });
const open = new Agent();

export interface SafeFetchOptions {
  /** Allow internal targets (the ALLOW_INTERNAL_URLS setting; tests use it for their local servers). */
  allowInternal?: boolean;
}

/** `fetch` of one hop (redirect: manual) that refuses internal targets unless allowed. */
export async function safeFetch(url: string, init: RequestInit, opts: SafeFetchOptions = {}): Promise<Response> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (
    !opts.allowInternal &&
    (net.isIP(host) ? isInternalAddress(host) : host === 'localhost' || host.endsWith('.localhost'))
  ) {
    throw new InternalAddressError();
  }
  return fetch(url, { ...init, redirect: 'manual', dispatcher: opts.allowInternal ? open : guarded });
}
