/**
 * The address check of the importer: a pragmatic subset of RFC 5322 / RFC 5321 that accepts what mailbox
 * providers actually hand out and refuses what no MTA will deliver to
 * (docs/decisions/0203-email-syntax-and-normalization.md):
 *
 * - one '@'; at most 254 characters in all, at most 64 before the '@';
 * - local part: dot-atom only: letters, digits and ! # $ % & ' * + / = ? ^ _ ` { | } ~ -, dots between
 *   atoms (no leading, trailing or doubled dot); no quoted strings, no comments;
 * - domain: two or more labels of letters, digits and inner hyphens, each at most 63 characters; the last
 *   label alphabetic (2-63) or an IDN A-label (xn--...); no IP literals, no Unicode (write IDNs punycoded).
 *
 * Normalization before the check: surrounding white space trimmed and the whole address lower-cased.
 * Every provider treats the local part case-insensitively in practice, and one case makes duplicates
 * duplicates.
 */
const ADDRESS =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export const normalizeEmail = (raw: string) => raw.trim().toLowerCase();

/** `email` must already be normalized. */
export function isValidEmail(email: string): boolean {
  if (email.length > 254) return false;
  const at = email.indexOf('@');
  return at > 0 && at <= 64 && ADDRESS.test(email);
}
