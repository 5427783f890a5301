// @ts-nocheck
import { createRequire } from 'node:module';

/*
 * The country of a click's IP address for the Profit report by Country (decision 0914), from the offline
 * GeoLite2 country database that `geoip-country` ships (MaxMind, CC BY-SA 4.0: "This product includes
 * GeoLite2 data created by MaxMind, available from https://www.maxmind.com"). Loaded on the first click,
 * so a process that never tracks never reads its 9 MB.
 */

interface GeoIp {
  lookup(ip: string): { country: string } | null;
}
let db: GeoIp | undefined;

/** The ISO 3166 code of the address's country, or null (private, loopback, unknown). */
export function countryOf(ip: string | undefined): string | null {
  if (!ip) return null;
  db ??= createRequire(import.meta.url)('geoip-country') as GeoIp;
  return db.lookup(ip.replace(/^::ffff:/, ''))?.country ?? null;
}
