// @ts-nocheck
import DNS from 'dns2';
import { getServers } from 'node:dns';
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

/** One name server as dns2 takes it: host and port, from `ip`, `ip:port` or `[v6]:port`. */
function nameServer(s: string): { host: string; port: number } {
  const v6 = /^\[(.+)\](?::(\d+))?$/.exec(s);
  if (v6) return { host: v6[1]!, port: Number(v6[2] ?? 53) };
  const v4 = /^([\d.]+)(?::(\d+))?$/.exec(s);
  if (v4) return { host: v4[1]!, port: Number(v4[2] ?? 53) };
  return { host: s, port: 53 };
}

/** How long an MX answer is kept at least / at most, whatever its TTL says. */
export const MX_TTL_MIN_S = 300;
export const MX_TTL_MAX_S = 7 * 24 * 3600;
/** A domain that has no MX (or no longer exists) is asked again after this. */
export const MX_NEGATIVE_TTL_S = 3600;

/**
 * A domain's MX hosts with the TTL of the answer (node's resolver does not give MX TTLs, so this asks
 * over UDP itself, through dns2, the first configured server or the system's first).
 */
export async function lookUpMx(
  env: Pick<Env, 'DNS_SERVERS' | 'DNS_TIMEOUT_MS'>,
  domain: string,
): Promise<{ hosts: string[]; ttl: number }> {
  const server = nameServer(env.DNS_SERVERS[0] ?? getServers()[0] ?? '127.0.0.1');
  const client = new DNS({
    nameServers: [server.host],
    port: server.port,
    timeout: env.DNS_TIMEOUT_MS,
    recursive: true,
  });
  const answer = await client.resolveMX(domain);
  const rcode = answer.header.rcode;
  if (rcode === 3) return { hosts: [], ttl: MX_NEGATIVE_TTL_S }; // NXDOMAIN
  if (rcode !== 0) throw new Error(`DNS answered rcode ${rcode}`);
  const mx = answer.answers.filter((a) => a.type === DNS.Packet.TYPE.MX && a.exchange);
  if (!mx.length) return { hosts: [], ttl: MX_NEGATIVE_TTL_S };
  const ttl = Math.min(...mx.map((a) => a.ttl ?? MX_NEGATIVE_TTL_S));
  const hosts = [...new Set(mx.map((a) => a.exchange!.toLowerCase().replace(/\.$/, '')))].sort();
  return { hosts, ttl: Math.min(MX_TTL_MAX_S, Math.max(MX_TTL_MIN_S, ttl)) };
}
