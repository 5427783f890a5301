// @ts-nocheck
import { isIP } from 'node:net';

/*
 * Address patterns of `<source ...>` and `http-access`: an address, ADDRESS/BITS, or `0/0` (everyone).
 * Returns how specific the match is (the prefix length), or -1 when the address is outside.
 */

const v4 = (ip: string) => ip.split('.').reduce((n, p) => n * 256 + Number(p), 0);

export function plainAddress(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

export function matchAddress(pattern: string, address: string): number {
  const ip = plainAddress(address);
  const [base = '', bitsText] = pattern.split('/');
  if (pattern === '0/0') return 0;
  if (isIP(base) === 6 || isIP(ip) === 6) return bitsText === undefined && base === ip ? 128 : -1;
  if (isIP(base) !== 4 || isIP(ip) !== 4) return -1;
  const bits = bitsText === undefined ? 32 : Number(bitsText);
  if (!(bits >= 0 && bits <= 32)) return -1;
  const block = 2 ** (32 - bits);
  return Math.floor(v4(base) / block) === Math.floor(v4(ip) / block) ? bits : -1;
}

/** The most specific entry whose pattern holds the address. */
export function bestMatch<T>(entries: T[], patternOf: (e: T) => string, address: string): T | undefined {
  let best: T | undefined;
  let bestBits = -1;
  for (const e of entries) {
    const bits = matchAddress(patternOf(e), address);
    if (bits > bestBits) [best, bestBits] = [e, bits];
  }
  return best;
}
