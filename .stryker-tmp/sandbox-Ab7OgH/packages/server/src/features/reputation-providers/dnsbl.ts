// @ts-nocheck
import type { Resolver } from 'node:dns/promises';
import { Rating } from '@console/shared/enums';
import { blocklistName } from '../../core/dns.ts';

/** One blocklist's verdict on one IP. */
export interface Verdict {
  reputation: number;
  details: string | null;
}

/** What Spamhaus ZEN's return codes mean (spamhaus.org/faqs/dnsbl-usage). */
const ZEN: Record<string, string> = {
  '127.0.0.2': 'SBL: a known spam source',
  '127.0.0.3': 'SBL CSS: a snowshoe spam source',
  '127.0.0.4': 'XBL: an exploited or infected host',
  '127.0.0.5': 'XBL: an exploited or infected host',
  '127.0.0.6': 'XBL: an exploited or infected host',
  '127.0.0.7': 'XBL: an exploited or infected host',
  '127.0.0.9': 'SBL DROP: a hijacked network',
  '127.0.0.10': 'PBL: an address that should not send mail directly (ISP policy)',
  '127.0.0.11': 'PBL: an address that should not send mail directly (Spamhaus)',
};
/** 127.255.255.x is Spamhaus's way of refusing the question, not a listing. */
const ZEN_REFUSALS: Record<string, string> = {
  '127.255.255.252': 'the zone name is wrong',
  '127.255.255.254': 'queries through a public resolver are refused: use a resolver of your own',
  '127.255.255.255': 'too many queries: the free use limit is exceeded',
};

/**
 * Reads a blocklist's answer. Every public blocklist we seed lists with 127.0.0.x (x >= 2; Barracuda,
 * SpamCop, UCEPROTECT, PSBL and Mailspike answer 127.0.0.2); an answer outside 127/8 comes from a resolver
 * that rewrites NXDOMAIN and says nothing about the IP.
 */
export function interpret(zone: string, answers: string[]): Verdict {
  const isZen = zone.endsWith('spamhaus.org');
  const refusal = isZen ? answers.map((a) => ZEN_REFUSALS[a]).find(Boolean) : undefined;
  if (refusal) return { reputation: Rating.Neutral, details: `Not checked: ${refusal} (${answers.join(', ')}).` };
  const listed = answers.filter((a) => /^127\.0\.0\.\d+$/.test(a) && Number(a.split('.')[3]) >= 2);
  if (listed.length) {
    const why = isZen ? listed.map((a) => ZEN[a] ?? a).join('; ') : listed.join(', ');
    return { reputation: Rating.Poor, details: `Listed: ${why}.` };
  }
  return { reputation: Rating.Neutral, details: `Not checked: unexpected answer ${answers.join(', ')}.` };
}

/** Looks an IP up in a blocklist: listed (Poor), not listed (Good), or not known (Neutral, with why). */
export async function lookUp(resolver: Resolver, ip: string, zone: string): Promise<Verdict> {
  try {
    return interpret(zone, await resolver.resolve4(blocklistName(ip, zone)));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') return { reputation: Rating.Good, details: 'Not listed.' };
    return { reputation: Rating.Neutral, details: `Not checked: the lookup failed (${code ?? (e as Error).message}).` };
  }
}
