// @ts-nocheck
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** The address ranges that are not the internet (used by core/outbound.ts and core/safe-fetch.ts). */

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

/** IPv6 prefixes whose last 32 bits are an IPv4 address: IPv4-mapped and NAT64 (RFC 6052). */
const CARRIERS = [ipaddr.parseCIDR('::ffff:0:0/96'), ipaddr.parseCIDR('64:ff9b::/96')];

/**
 * The address an IP literal names, in one spelling (ipaddr.js, never a string compare): every IPv4 form
 * getaddrinfo accepts (`2130706433`, `0x7f.1`, `017700000001`, `127.1`), IPv6 in any case and
 * compression, with or without brackets; an IPv4-mapped or NAT64 IPv6 address as the IPv4 address it
 * carries (`0:0:0:0:0:ffff:7f00:2` is `127.0.0.2`); no zone (`fe80::1%eth0` is `fe80::1`). Null when
 * `host` is not an IP literal (a name, or nothing valid).
 */
export function normalIp(host: string): string | null {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(bare)) return null;
  const a = ipaddr.parse(bare);
  if (a.kind() === 'ipv4') return a.toString();
  const v6 = a as ipaddr.IPv6;
  if (CARRIERS.some((c) => v6.match(c))) return ipaddr.fromByteArray(v6.toByteArray().slice(12)).toString();
  v6.zoneId = undefined;
  return v6.toString();
}

/** `net.BlockList`'s family name of a normalised address. */
export const familyOf = (ip: string) => (net.isIP(ip) === 6 ? 'ipv6' : 'ipv4');

/** Whether an IP address (any spelling) is loopback, private, link-local, multicast or otherwise not on the internet. */
export function isInternalAddress(ip: string): boolean {
  const normal = normalIp(ip);
  return normal === null || blocked.check(normal, familyOf(normal));
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
