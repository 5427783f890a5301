import { CampaignType } from '@console/shared/enums';
import { HTTP_UNSUBSCRIBE_WARNING, PIXEL_ONLY_IMAGE, type FilterCheck } from '@console/shared/messages';
import type pg from 'pg';

/*
 * "How filters see it" (issue 26, decision 1020): what SpamAssassin-like filters look at that can be
 * checked offline, for the preview: the DKIM signature and the list headers (RFC 8058, RFC 2919), the
 * text part, the image ratio, and whether the links point at the sender's domain.
 */

export interface SendingDomain {
  domain: string;
  /** 'console' signs with a key whose DNS record matched, 'unchecked' a key not (yet) found in DNS,
   *  'provider' the relay's provider signs, 'pmta' PowerMTA signs, 'none' nothing signs. */
  signing: 'console' | 'unchecked' | 'provider' | 'pmta' | 'none';
}

/** The sender domains of a campaign's relays and who signs their mail. */
export async function sendingDomains(db: pg.Pool, c: { type: number; groupId: number | null }) {
  if (c.groupId === null) return [];
  if (c.type === CampaignType.PMTA) {
    const { rows } = await db.query<{ domain: string }>(
      `select distinct lower(split_part(r.sender_email, '@', 2)) as domain from pmta_relays r
        where r.group_id = $1 and r.active`,
      [c.groupId],
    );
    return rows.map((r): SendingDomain => ({ domain: r.domain, signing: 'pmta' }));
  }
  const { rows } = await db.query<{ domain: string; providerSigns: boolean; status: string | null; hasKey: boolean }>(
    `select distinct lower(split_part(r.sender_email, '@', 2)) as domain, r.provider_signs as "providerSigns",
            k.dns_status as status, k.id is not null as "hasKey"
       from smtp_relays r
       left join dkim_keys k on k.user_id = r.user_id and k.domain = lower(split_part(r.sender_email, '@', 2))
      where r.group_id = $1 and r.active`,
    [c.groupId],
  );
  return rows.map((r): SendingDomain => ({
    domain: r.domain,
    signing: r.providerSigns ? 'provider' : !r.hasKey ? 'none' : r.status === 'match' ? 'console' : 'unchecked',
  }));
}

const IMG = /<img\b[^>]*>/gi;
const HREF = /\bhref\s*=\s*["']?([^"'\s>]+)/gi;
const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
};
/** Whether `host` is `domain` or under it, or shares its registrable part (last two labels). */
const sameSite = (host: string, domain: string) => {
  const base = (d: string) => d.split('.').slice(-2).join('.');
  return host === domain || host.endsWith(`.${domain}`) || base(host) === base(domain);
};

export function filterChecks(o: {
  html: string;
  text: string;
  ownText: boolean;
  unsubscribe: readonly string[];
  pixelOnlyImage: boolean;
  domains: SendingDomain[] | null;
}): FilterCheck[] {
  const checks: FilterCheck[] = [];
  if (o.domains) {
    const unsigned = o.domains.filter((d) => d.signing === 'none' || d.signing === 'unchecked');
    checks.push({
      name: 'DKIM signature',
      pass: o.domains.length > 0 && unsigned.length === 0,
      detail: !o.domains.length
        ? 'The relay group has no active relay: no sender domain to sign for.'
        : unsigned.length
          ? `No DKIM key whose DNS record matched for ${unsigned.map((d) => d.domain).join(', ')}: add one under DKIM Keys and check its DNS.`
          : `Signed for ${o.domains.map((d) => `${d.domain} (${d.signing === 'console' ? 'console key' : d.signing === 'pmta' ? 'PowerMTA' : 'the relay’s provider'})`).join(', ')}.`,
    });
  }
  const unsub = o.unsubscribe[0];
  checks.push({
    name: 'List-Unsubscribe and one-click (RFC 8058)',
    pass: Boolean(unsub),
    detail: unsub
      ? 'List-Unsubscribe with List-Unsubscribe-Post: List-Unsubscribe=One-Click.'
      : 'No unsubscribe link: the campaign cannot start (choose an unsubscribe link group).',
  });
  const insecure = o.unsubscribe.some((u) => /^http:/i.test(u));
  checks.push({
    name: 'Unsubscribe link over HTTPS',
    pass: Boolean(unsub) && !insecure,
    detail: insecure ? HTTP_UNSUBSCRIBE_WARNING : unsub ? 'https:// one-click unsubscribe.' : 'No unsubscribe link.',
  });
  checks.push({ name: 'List-Id', pass: true, detail: 'Every campaign message carries its list’s List-Id.' });
  const words = o.text.trim().split(/\s+/).filter(Boolean).length;
  checks.push({
    name: 'Text part',
    pass: words > 0,
    detail: words
      ? `multipart/alternative with a text/plain part ${o.ownText ? 'of the message’s own' : 'made from the HTML'} (${words} words).`
      : 'The text part is empty: the message has no text for filters to read.',
  });
  const images = (o.html.match(IMG) ?? []).filter((i) => !/\bwidth\s*=\s*["']?1\b/i.test(i)).length;
  const textChars = o.text
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\s+/g, ' ')
    .trim().length;
  checks.push({
    name: 'Image ratio',
    // A pixel-only message is handled (the pixel goes as a CSS background): nothing for the sender to fix.
    pass: o.pixelOnlyImage || images === 0 || textChars >= 400 * images,
    detail: o.pixelOnlyImage
      ? `${PIXEL_ONLY_IMAGE} It is sent as a CSS background so filters do not see an image-only message; opens count only where the client loads it.`
      : images
        ? `${images} image(s) for ${textChars} characters of text${textChars < 400 * images ? ': little text for its images (HTML_IMAGE_RATIO, HTML_IMAGE_ONLY).' : '.'}`
        : 'No images.',
  });
  if (o.domains?.length) {
    const hosts = [...new Set([...o.html.matchAll(HREF)].map((m) => hostOf(m[1]!)).filter((h) => h !== null))];
    const foreign = hosts.filter((h) => !o.domains!.some((d) => sameSite(h, d.domain)));
    checks.push({
      name: 'Link hosts match the sender domain',
      pass: foreign.length === 0,
      detail: foreign.length
        ? `Links point at ${foreign.join(', ')}, not at ${o.domains.map((d) => d.domain).join(', ')}.`
        : hosts.length
          ? `Every link is on ${hosts.join(', ')}.`
          : 'No links.',
    });
  }
  return checks;
}
