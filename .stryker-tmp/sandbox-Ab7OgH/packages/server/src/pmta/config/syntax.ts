// @ts-nocheck
import net from 'node:net';

/*
 * PowerMTA value syntaxes (../shared/PMTA.md "Configuration file"), shared by the generator (the stricter
 * of two rates) and the console's own check of a configuration (validate.ts).
 */

const UNIT_SECONDS: Record<string, number> = { d: 86400, h: 3600, hr: 3600, m: 60, min: 60, s: 1, sec: 1 };

/** Messages per second: `unlimited` is Infinity, `0` stops delivery, `N/[M]{d|h|m|s}` (also hr, min, sec). */
export function rateOf(text: string): number | undefined {
  if (text === 'unlimited') return Infinity;
  if (text === '0') return 0;
  const m = /^(\d+)\/(\d*)(d|hr|h|min|m|sec|s)$/.exec(text);
  if (!m) return undefined;
  const per = (m[2] === '' ? 1 : Number(m[2])) * UNIT_SECONDS[m[3]!]!;
  return per === 0 ? undefined : Number(m[1]) / per;
}

/** A duration: `10m`, `4d12h`, or a bare number of seconds. */
export const isDuration = (t: string) => /^\d+$/.test(t) || /^(\d+[dhms])+$/.test(t);
export const isDurationList = (t: string) => t.split(',').every(isDuration);
export const isNeverOrDuration = (t: string) => t === 'never' || isDuration(t);
export const isBool = (t: string) => /^(yes|no|true|false)$/.test(t);
export const isCount = (t: string) => /^\d+$/.test(t);
export const isCountOrUnlimited = (t: string) => t === 'unlimited' || isCount(t);
export const isSize = (t: string) => /^\d+[KMG]?$/i.test(t);
export const isPort = (t: string) => isCount(t) && Number(t) > 0 && Number(t) < 65536;
/** Names of VMTAs, pools and pattern lists: shell-safe, so a `pmta` command line can carry them. */
export const isName = (t: string) => /^[A-Za-z0-9][\w.-]*$/.test(t);
export const isHost = (t: string) => /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(t) && t.length <= 253;
export const isDomainPattern = (t: string) => t === '*' || isHost(t);
export const isIp = (t: string) => net.isIP(t) !== 0;
/** An address or a network (`1.2.3.0/24`, `0/0` as in `smtp-listener 0/0:25`). */
export function isCidr(t: string): boolean {
  const [ip, bits, ...rest] = t.split('/');
  if (rest.length || ip === undefined) return false;
  if (bits === undefined) return isIp(ip);
  const max = ip === '0' ? 32 : net.isIPv6(ip) ? 128 : net.isIPv4(ip) ? 32 : -1;
  return isCount(bits) && Number(bits) <= max;
}
