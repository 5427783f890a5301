import { z } from 'zod';
import { emailField, optionalReference, requiredString } from './fields.ts';
import { userRefItem } from './hydra.ts';

/*
 * DKIM keys of sender domains for SMTP campaigns (issue 26, decision 1020): made by the console, the TXT
 * record shown to publish, a DNS check that says whether the published record matches.
 */

export const DkimKeyMessages = {
  domainRequired: 'Domain is required.',
  domainInvalid: 'Enter a domain name such as example.com.',
  selectorInvalid: 'A selector is letters, digits and hyphens, at most 63 characters.',
  userNotFound: 'User not found.',
  duplicate: 'You already have a DKIM key for this domain.',
  deleteConfirm: 'Delete this key? Mail from the domain is sent unsigned from then on.',
  deleted: 'Deleted successfully!',
  added: (domain: string) => `DKIM key for ${domain} generated: publish its DNS record.`,
  complaintAddressInvalid: 'Enter an e-mail address such as fbl@example.com.',
  complaintAddressDomain: (domain: string) => `The complaint address must be on ${domain} or one of its subdomains.`,
  complaintAddressSaved: 'Complaint address saved.',
} as const;
const M = DkimKeyMessages;

/** A domain name of two labels or more, lower case, no trailing dot. */
export const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
const SELECTOR = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const DEFAULT_DKIM_SELECTOR = 'console';

/** POST /api/dkim_keys: the sender domain (the part after @ of the relays' sender addresses) and a selector. */
export const dkimKeySchema = z.object({
  domain: requiredString(M.domainRequired)
    .transform((v) => v.toLowerCase().replace(/\.$/, ''))
    .refine((v) => DOMAIN.test(v), M.domainInvalid),
  selector: z
    .string({ error: M.selectorInvalid })
    .trim()
    .toLowerCase()
    .refine((v) => v === '' || SELECTOR.test(v), M.selectorInvalid)
    .transform((v) => v || DEFAULT_DKIM_SELECTOR)
    .optional()
    .transform((v) => v ?? DEFAULT_DKIM_SELECTOR),
  user: optionalReference(M.userNotFound),
});
export type DkimKeyInput = z.infer<typeof dkimKeySchema>;

/**
 * PUT /api/dkim_keys/{id}/complaint_address (decision 1392): where receivers send complaints about the
 * domain's mail (CFBL, RFC 9477), on the domain or a subdomain of it; null or '' removes it.
 */
export const complaintAddressSchema = z.object({
  complaintAddress: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    emailField(M.complaintAddressInvalid, M.complaintAddressInvalid)
      .transform((v) => v.toLowerCase())
      .nullable(),
  ),
});
export type ComplaintAddressBody = z.input<typeof complaintAddressSchema>;

/** Whether a complaint address may be announced for mail signed by `domain` (RFC 9477 §3.1: aligned). */
export const onDomain = (address: string, domain: string) => {
  const host = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  return host === domain || host.endsWith(`.${domain}`);
};
export type DkimKeyBody = z.input<typeof dkimKeySchema>;

/** What the last DNS check found: the record matches, holds another key, is missing, or the lookup failed. */
export const DKIM_DNS_STATUSES = ['match', 'mismatch', 'missing', 'error'] as const;
export type DkimDnsStatus = (typeof DKIM_DNS_STATUSES)[number];

export const dkimKeyItem = z.object({
  id: z.number(),
  domain: z.string(),
  selector: z.string(),
  /** Where the TXT record goes: `<selector>._domainkey.<domain>`. */
  dnsName: z.string(),
  /** The TXT record's value: `v=DKIM1; k=rsa; p=<public key>`. */
  dnsRecord: z.string(),
  dnsStatus: z.enum(DKIM_DNS_STATUSES).nullable(),
  dnsCheckedAt: z.string().nullable(),
  /** CFBL (RFC 9477): announced in the domain's SMTP mail when set (decision 1392). */
  complaintAddress: z.string().nullable(),
  createdAt: z.string(),
  user: userRefItem,
});
export type DkimKey = z.infer<typeof dkimKeyItem>;

/** POST /api/dkim_keys/{id}/check_dns. */
export const dkimDnsCheck = z.object({
  status: z.enum(DKIM_DNS_STATUSES),
  message: z.string(),
  /** The TXT records found at the name, as published. */
  records: z.array(z.string()),
});
export type DkimDnsCheck = z.infer<typeof dkimDnsCheck>;

export const dkimDnsMessages: Record<DkimDnsStatus, (name: string, detail?: string) => string> = {
  match: (name) => `The record at ${name} matches this key: receivers can verify the signature.`,
  mismatch: (name) => `The record at ${name} holds another key: publish the record shown here.`,
  missing: (name) => `No DKIM record at ${name} yet: publish the record shown here (DNS changes can take a while).`,
  error: (name, detail) => `The DNS lookup of ${name} failed${detail ? ` (${detail})` : ''}: try again later.`,
};

export const dnsNameOf = (k: { selector: string; domain: string }) => `${k.selector}._domainkey.${k.domain}`;
export const dnsRecordOf = (publicKey: string) => `v=DKIM1; k=rsa; p=${publicKey}`;

export const DKIM_KEYS_PAGE_SIZE = 30;
