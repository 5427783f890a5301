import net from 'node:net';

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
