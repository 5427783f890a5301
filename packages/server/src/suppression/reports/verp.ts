import { TRACKING_ID_PATTERN } from '@console/shared/tracking';

/*
 * VERP (issue 39, decision 1366): the envelope sender `bounce+<id>@<return-path domain>`, so that a bounce
 * names its message even when the reporting server quotes nothing of it. `<id>` is the tracking id's 16
 * bytes in hex (32 characters), not its base64url spelling: some servers fold an address's case on the way
 * back, and hex survives that. Off by default; a relay or server turns it on (a later part of the issue).
 */

export const VERP_PREFIX = 'bounce';

/** The VERP envelope sender of a message whose tracking id (base64url, 22 characters) is `trackingId`. */
export function verpAddress(trackingId: string, domain: string, prefix = VERP_PREFIX): string {
  if (!TRACKING_ID_PATTERN.test(trackingId)) throw new RangeError('not a tracking id');
  return `${prefix}+${Buffer.from(trackingId, 'base64url').toString('hex')}@${domain}`;
}

const VERP = /(?:^|[<\s;:,"])[^\s<>@"+;:,]+\+([0-9a-f]{32})@[a-z0-9.-]+/i;

/** The tracking id (base64url) a VERP address carries, or null; any `<prefix>+<32 hex>@domain` in the text. */
export function verpTrackingId(text: string): string | null {
  const m = VERP.exec(text);
  return m ? Buffer.from(m[1]!.toLowerCase(), 'hex').toString('base64url') : null;
}
