/*
 * PowerMTA value syntaxes (../shared/PMTA.md "Configuration file"). Each parser returns undefined for a
 * value PMTA would refuse; the caller names the file, line and directive.
 */
// @ts-nocheck


const UNIT_SECONDS: Record<string, number> = {
  d: 86400,
  h: 3600,
  hr: 3600,
  m: 60,
  min: 60,
  s: 1,
  sec: 1,
};

/** Messages per second: `unlimited` is Infinity, `0` stops delivery, `N/[M]{d|h|hr|m|min|s|sec}`. */
export function parseRate(text: string): number | undefined {
  if (text === 'unlimited') return Infinity;
  if (text === '0') return 0;
  const m = /^(\d+)\/(\d*)(d|hr|h|min|m|sec|s)$/.exec(text);
  if (!m) return undefined;
  const per = (m[2] === '' ? 1 : Number(m[2])) * UNIT_SECONDS[m[3]!]!;
  return per === 0 ? undefined : Number(m[1]) / per;
}

/** Seconds: `10m`, `4d12h`, `90s`, or a bare number of seconds. */
export function parseDuration(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  if (!/^(\d+(d|h|m|s))+$/.test(text)) return undefined;
  let total = 0;
  for (const [, n, unit] of text.matchAll(/(\d+)(d|h|m|s)/g)) total += Number(n) * UNIT_SECONDS[unit!]!;
  return total;
}

/** A list of durations, `10m,20m,1h` (retry-after). */
export function parseDurationList(text: string): number[] | undefined {
  const parts = text.split(',').map(parseDuration);
  return parts.every((p) => p !== undefined) ? (parts as number[]) : undefined;
}

/** `never` (null) or a duration. */
export function parseNeverOrDuration(text: string): number | null | undefined {
  return text === 'never' ? null : parseDuration(text);
}

export function parseBool(text: string): boolean | undefined {
  const t = text.toLowerCase();
  if (t === 'yes' || t === 'true') return true;
  if (t === 'no' || t === 'false') return false;
  return undefined;
}

/** A count, or `unlimited` (Infinity). */
export function parseCount(text: string, unlimited = false): number | undefined {
  if (unlimited && text === 'unlimited') return Infinity;
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

/** Bytes: `50M`, `1G`, `512K`, or a bare number. */
export function parseSize(text: string): number | undefined {
  const m = /^(\d+)([KMG]?)$/i.exec(text);
  if (!m) return undefined;
  const mult = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 }[m[2]!.toUpperCase() as '' | 'K' | 'M' | 'G'];
  return Number(m[1]) * mult;
}
