import { Resolver } from 'node:dns/promises';
import type { Env } from '../env.ts';

/** A resolver that asks the configured DNS servers (DNS_SERVERS; the system's when empty). */
export function createResolver(env: Pick<Env, 'DNS_SERVERS' | 'DNS_TIMEOUT_MS'>): Resolver {
  const resolver = new Resolver({ timeout: env.DNS_TIMEOUT_MS, tries: 2 });
  if (env.DNS_SERVERS.length) resolver.setServers(env.DNS_SERVERS);
  return resolver;
}

/** The name to ask a DNS blocklist for an IP: reversed octets (IPv4) or reversed nibbles (IPv6), then the zone. */
export function blocklistName(ip: string, zone: string): string {
  if (ip.includes(':')) {
    const groups = expandIpv6(ip);
    return `${groups.join('').split('').reverse().join('.')}.${zone}`;
  }
  return `${ip.split('.').reverse().join('.')}.${zone}`;
}

function expandIpv6(ip: string): string[] {
  const [head, tail] = ip.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - h.length - t.length).fill('0');
  return [...h, ...fill, ...t].map((g) => g.padStart(4, '0').toLowerCase());
}
