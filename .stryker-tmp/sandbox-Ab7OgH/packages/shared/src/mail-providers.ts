/** A mail provider (Gmail, Yahoo, ...): the column groups of the email-list counters and of the reports. */
// @ts-nocheck

export interface MailProvider {
  id: number;
  name: string;
}

/** The provider every address whose domain is not in mail_provider_domains belongs to (seeded, no domains). */
export const OTHER_PROVIDER = 'Other';
/** Disposable-address services, seeded so that lists can count (and campaigns skip) them. */
export const TRASH_MAIL_PROVIDER = 'Trash Mail';

/**
 * The domain an address is classified by: what follows the last '@', lower-cased, without a trailing dot.
 * Null when there is no '@' or nothing after it. The SQL twin is `emailDomainSql` (server, provider-of.ts).
 */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 0) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.+$/, '');
  return domain || null;
}
