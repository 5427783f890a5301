// @ts-nocheck
import { z } from 'zod';
import { EMAIL_MAX, reference, requiredString, tooLong } from './fields.ts';
import { HOST_NAME } from './pmta-relays.ts';

/** The spec's messages verbatim (spec 2 §5, §8), and ours where it shows none. */
export const SpamTrapMessages = {
  domainRequired: 'Domain name is required.',
  domainInvalid: 'Not valid domain name.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Not valid email.',
  domainAdded: (id: number) => `Domain ${id} added successfully!`,
  emailAdded: (id: number) => `Email ${id} added successfully!`,
  mxRequired: 'MX server is required.',
  mxInvalid: 'Not valid MX host name.',
  mxAdded: (id: number) => `Spam trap MX record ${id} added successfully!`,
  mxListed: 'This MX server is already a spam trap.',
  mxEmpty: 'SpamTrap MX list is empty!',
  domainListed: 'This domain is already a spam trap.',
  providerDomain: "A mail service's domain cannot be renamed: remove it and add the other one.",
  emailListed: 'This e-mail is already a spam trap.',
  domainsEmpty: 'SpamTrap domains list is empty!',
  emailsEmpty: 'SpamTrap emails list is empty!',
  deleteConfirm: 'Are you sure you want to delete?',
  deleted: 'Deleted successfully!',
  fileStarted: 'File processing started!',
} as const;
const M = SpamTrapMessages;

export const spamDomainField = () =>
  requiredString(M.domainRequired)
    .max(253, tooLong('Domain', 253))
    .transform((v) => v.toLowerCase().replace(/\.$/, ''))
    .refine((v) => HOST_NAME.test(v) && v.includes('.'), M.domainInvalid);

/** POST /api/add-spam-domain. */
export const spamDomainSchema = z.object({ domain: spamDomainField() });
/** POST /api/add-spam-email: the address and a note of where it came from. */
export const spamEmailSchema = z.object({
  email: requiredString(M.emailRequired)
    .max(EMAIL_MAX, M.emailInvalid)
    .transform((v) => v.toLowerCase())
    .pipe(z.email({ pattern: z.regexes.html5Email, error: M.emailInvalid })),
  info: z
    .string()
    .trim()
    .max(1000, tooLong('Info', 1000))
    .nullish()
    .transform((v) => v || null),
});
export const spamMxField = () =>
  requiredString(M.mxRequired)
    .max(253, tooLong('MX server', 253))
    .transform((v) => v.toLowerCase().replace(/\.$/, ''))
    .refine((v) => HOST_NAME.test(v) && v.includes('.'), M.mxInvalid);
/** POST /api/add-spam-mx. */
export const spamMxSchema = z.object({ mx: spamMxField() });
export const removeSpamMxSchema = z.object({ recordId: reference('MX record not found.') });
export const removeSpamDomainSchema = z.object({ domainId: reference('Domain not found.') });
export const removeSpamEmailSchema = z.object({ emailId: reference('Email not found.') });

export const spamDomainItem = z.object({
  id: z.number(),
  domain: z.string(),
  isBlacklisted: z.boolean(),
  /** The mail service the domain belongs to, when it is one of theirs. */
  mailProvider: z.string().nullable(),
});
export type SpamDomain = z.infer<typeof spamDomainItem>;

export const spamEmailItem = z.object({
  id: z.number(),
  email: z.string(),
  info: z.string().nullable(),
  createdAt: z.string(),
});
export type SpamEmail = z.infer<typeof spamEmailItem>;

/** A spam-trap MX (a `dns_records` row of type MX) and how many of the lists' domains use it now. */
export const spamMxItem = z.object({
  id: z.number(),
  value: z.string(),
  type: z.literal('MX'),
  isBlacklisted: z.boolean(),
  domains: z.number(),
});
export type SpamMx = z.infer<typeof spamMxItem>;

export const SPAM_TRAPS_PAGE_SIZE = 30;
