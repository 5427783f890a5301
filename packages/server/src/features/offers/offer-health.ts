/**
 * Offer health (the `clean` column, the list's Health icon): is the offer's link safe to mail and alive?
 * Docs: docs/decisions/0103-offer-health-check.md.
 *
 * 1. The hosts of url and plug (and of every redirect hop) are looked up in the spam-domain list
 *    (mail_provider_domains where is_blacklisted), the host itself and each parent domain:
 *    'Domain example.com is on the spam-domain list.'
 * 2. HTTP HEAD (GET when HEAD is refused or fails), 5 s per request, at most 5 redirects followed:
 *    'URL answered 404.' / 'URL does not answer: connection refused.' (the plug: 'Plug ...').
 * Nothing wrong: null. Problems of url and plug are joined in one text.
 */
import { OFFER_URL_PLACEHOLDERS } from '@console/shared/offers';
import type { Db } from '../../db/client.ts';
import type { OutboundPolicy } from '../../core/outbound.ts';
import { safeFetch, type InternalAllowance } from '../../core/safe-fetch.ts';
import { mostSpecificBlacklisted } from '../../core/provider-of.ts';
import { activeOfferLinks, recordHealth } from './offers.repo.ts';

export interface HealthOptions {
  /** Per request; default 5000. */
  timeoutMs?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Internal targets allowed (ALLOW_INTERNAL_URLS: none by default, all, or a list; core/safe-fetch.ts). */
  allowInternal?: InternalAllowance;
  /** The running console's outbound policy (core/outbound.ts); wins over `allowInternal`. */
  policy?: OutboundPolicy;
}

const USER_AGENT = 'Mozilla/5.0 (compatible; CampaignConsole-OfferCheck/1.0)';

/**
 * Neutral values for the tracker placeholders, so the request reaches the same route a click does without
 * carrying a real recipient (example.com is reserved, RFC 2606).
 */
const SAMPLE: Record<(typeof OFFER_URL_PLACEHOLDERS)[number], string> = {
  '[click_id]': 'healthcheck',
  '[trk]': 'healthcheck',
  '[email]': 'healthcheck@example.com',
};
const fillPlaceholders = (url: string) => OFFER_URL_PLACEHOLDERS.reduce((u, p) => u.replaceAll(p, SAMPLE[p]), url);

/** A host and the domains above it (a.b.example.com -> a.b.example.com, b.example.com, example.com). */
function domainCandidates(host: string): string[] {
  const h = host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[|\]$/g, '');
  if (/^[\d.]+$/.test(h) || h.includes(':')) return [h]; // an IP address has no parent domains
  const labels = h.split('.');
  const out: string[] = [];
  for (let i = 0; i < labels.length - 1; i++) out.push(labels.slice(i).join('.'));
  return out.length ? out : [h];
}

/**
 * The spam-listed domain that covers one of `hosts` (the most specific), or null. Domains are stored
 * lower-case (as the seed and the spam-domain screens write them), so the unique index answers.
 */
export async function blacklistedDomain(db: Db, hosts: string[]): Promise<string | null> {
  const candidates = [...new Set(hosts.flatMap(domainCandidates))];
  if (!candidates.length) return null;
  return mostSpecificBlacklisted(db, candidates);
}

const spamListed = (domain: string) => `Domain ${domain} is on the spam-domain list.`;

type Answer = { status: number; location: string | null } | { error: string; timedOut: boolean };

async function request(
  url: string,
  method: 'HEAD' | 'GET',
  timeoutMs: number,
  allowInternal: InternalAllowance = false,
  policy?: OutboundPolicy,
): Promise<Answer> {
  try {
    const res = await safeFetch(
      url,
      { method, signal: AbortSignal.timeout(timeoutMs), headers: { 'user-agent': USER_AGENT, accept: '*/*' } },
      { allowInternal, policy },
    );
    await res.body?.cancel().catch(() => {}); // only the status matters; never download the page
    return { status: res.status, location: res.headers.get('location') };
  } catch (e) {
    return describeFailure(e, timeoutMs);
  }
}

function describeFailure(e: unknown, timeoutMs: number): { error: string; timedOut: boolean } {
  const err = e as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = err.cause?.code ?? err.code ?? '';
  // Said the same way whether or not anything listens there: the check must not map internal ports.
  if (code === 'EINTERNAL') return { error: 'the address is internal', timedOut: false };
  if (
    err.name === 'TimeoutError' ||
    err.name === 'AbortError' ||
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'ETIMEDOUT'
  ) {
    return { error: `timed out after ${timeoutMs / 1000} s`, timedOut: true };
  }
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host not found',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    UND_ERR_SOCKET: 'connection closed',
  };
  if (known[code]) return { error: known[code], timedOut: false };
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return { error: `TLS error (${code})`, timedOut: false };
  return { error: (err.cause?.message ?? err.message ?? 'unknown error').replace(/\.$/, ''), timedOut: false };
}

const isWeb = (u: URL) => u.protocol === 'http:' || u.protocol === 'https:';

/**
 * Probes one link; `label` names it in the text ('URL', 'Plug'). Returns the problem or null. Redirect
 * targets are checked against the spam-domain list before they are requested.
 */
export async function probeLink(db: Db, link: string, label: string, opts: HealthOptions = {}): Promise<string | null> {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const maxRedirects = opts.maxRedirects ?? 5;
  let current: URL;
  try {
    current = new URL(fillPlaceholders(link));
  } catch {
    return `${label} is not a valid URL.`;
  }
  let method: 'HEAD' | 'GET' = 'HEAD';
  for (let redirects = 0; ;) {
    const listed = await blacklistedDomain(db, [current.hostname]);
    if (listed) return spamListed(listed);
    let answer = await request(current.href, method, timeoutMs, opts.allowInternal, opts.policy);
    // Many servers refuse or mishandle HEAD (405, 403, 404, dropped connection): ask again with GET.
    if (method === 'HEAD' && ('error' in answer ? !answer.timedOut : answer.status >= 400)) {
      method = 'GET';
      answer = await request(current.href, method, timeoutMs, opts.allowInternal, opts.policy);
    }
    if ('error' in answer) return `${label} does not answer: ${answer.error}.`;
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      if (++redirects > maxRedirects) return `${label} does not answer: more than ${maxRedirects} redirects.`;
      let next: URL;
      try {
        next = new URL(answer.location, current);
      } catch {
        return `${label} does not answer: invalid redirect.`;
      }
      if (!isWeb(next)) return null; // e.g. an app-store deep link: the browser leaves the web here
      current = next;
      continue;
    }
    return answer.status >= 400 ? `${label} answered ${answer.status}.` : null;
  }
}

/** The health text of an offer's links (null = healthy). Exported for tests and for on-demand checks. */
export async function checkOfferHealth(
  db: Db,
  offer: { url: string; plug: string | null },
  opts: HealthOptions = {},
): Promise<string | null> {
  const links = [{ link: offer.url, label: 'URL' }, ...(offer.plug ? [{ link: offer.plug, label: 'Plug' }] : [])];
  // The spam-domain list first and for both links: it needs no network and it is the worst finding.
  const hosts = links.flatMap(({ link }) => {
    try {
      return [new URL(fillPlaceholders(link)).hostname];
    } catch {
      return [];
    }
  });
  const listed = await blacklistedDomain(db, hosts);
  if (listed) return spamListed(listed);
  const problems = await Promise.all(links.map(({ link, label }) => probeLink(db, link, label, opts)));
  const text = problems.filter(Boolean).join(' ');
  return text || null;
}

/**
 * Checks one stored offer and records the result with checked_at. Archived offers are skipped. The write
 * only lands if url and plug are still those that were checked (an edit during the check wins).
 * Returns the health text, or undefined when nothing was checked.
 */
export async function runOfferCheck(
  db: Db,
  offerId: number,
  opts: HealthOptions = {},
): Promise<string | null | undefined> {
  const offer = await activeOfferLinks(db, offerId);
  if (!offer) return undefined;
  const clean = await checkOfferHealth(db, offer, opts);
  await recordHealth(db, offerId, offer, clean);
  return clean;
}
