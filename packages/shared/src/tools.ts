import { z } from 'zod';
import { addressHistory, type AddressHistory } from './address-history.ts';
import { parseSchedule } from './campaigns.ts';
import { isIp, NAME_MAX, requiredString, tooLong } from './fields.ts';
import { isBigId } from './ids.ts';
import { campaignTypeSchema, isCampaignType, type CampaignTypeValue } from './enums.ts';
import { TRACKING_ID_PATTERN } from './tracking.ts';

/*
 * The administrators' tools (spec 3 "Tools", decision 0909): the UUID (tracking id) decoder and encoder,
 * the e-mail id decoder and encoder, the IP and domain history of PMTA relays and the uploading log.
 */

export const ToolsMessages = {
  required: 'Required.',
  numeric: 'Must be numeric.',
  invalidEmail: 'Invalid Email',
  /** The spec's one message of the IP history form (missing or not an IP). */
  ipError: 'Error',
  domainRequired: 'Required',
  digestOnly: 'Digest only',
  prompt: 'Select source, dates or limit and get a log.',
  noData: 'No data found.',
  /** Ours: the spec shows no texts for these. */
  uuidShape: 'A UUID is 22 characters: letters, digits, - and _.',
  uuidForged: 'This UUID was not made by this console: it is altered, forged or from another installation.',
  campaignType: 'Campaign type must be 1 (PMTA) or 2 (SMTP).',
  atMost: (max: number) => `Must be at most ${max}.`,
  emailIdUnknown: 'No e-mail has this id (it never existed or its list was deleted).',
  emailUnknown: 'No e-mail list holds this address.',
  domainInvalid: 'Must be a domain name, e.g. example.com',
  source: 'Source must be a name.',
  date: 'Dates are UTC, YYYY-MM-DD HH:mm.',
  dateOrder: 'The start date must be earlier than the end date.',
  limitMax: (max: number) => `At most ${max} entries.`,
  capped: (max: number) => `Only the newest ${max} entries of these dates are shown: narrow the dates to see the rest.`,
} as const;
const M = ToolsMessages;

// ---------------------------------------------------------------------------------------------------------
// UUID decoder and encoder.

/** The tracking id's field widths (shared/tracking.ts): campaign and relay 32 bits, e-mail 48 bits. */
export const UUID_FIELD_MAX = { campaignId: 0xffff_ffff, relayId: 0xffff_ffff, emailId: 2 ** 48 - 1 } as const;

/** POST uuid-decode {uuid}. */
export const uuidDecodeSchema = z.object({
  uuid: requiredString(M.required).max(NAME_MAX, M.uuidShape).regex(TRACKING_ID_PATTERN, M.uuidShape),
});
export type UuidDecodeBody = z.input<typeof uuidDecodeSchema>;

/** A required whole number 0..max, typed or sent as text: 'Required.', 'Must be numeric.'. */
const numberOrText = () =>
  z
    .union([z.number(), z.string().trim()], { error: (i) => (i.input == null ? M.required : M.numeric) })
    .refine((v) => v !== '', M.required);
const numeric = (max: number) =>
  numberOrText()
    .refine((v) => (typeof v === 'number' ? Number.isSafeInteger(v) && v >= 0 : /^\d{1,16}$/.test(v)), M.numeric)
    .transform(Number)
    .refine((v) => v <= max, M.atMost(max));

/** POST uuid-encode {campaignType, campaignId, relayId, emailId}. */
export const uuidEncodeSchema = z.object({
  campaignType: numeric(9)
    .refine(isCampaignType, M.campaignType)
    .transform((v) => v as CampaignTypeValue),
  campaignId: numeric(UUID_FIELD_MAX.campaignId),
  relayId: numeric(UUID_FIELD_MAX.relayId),
  emailId: numeric(UUID_FIELD_MAX.emailId),
});
export type UuidEncodeBody = z.input<typeof uuidEncodeSchema>;
export type UuidFields = z.output<typeof uuidEncodeSchema>;

const named = z.object({ id: z.number(), name: z.string() });

/**
 * The decoded id (`decoded`, the spec's four numbers) and what they name today, each null when it is gone
 * or never existed: the campaign, the relay (PMTA: its SMTP host, SMTP: its sender address) and the
 * recipient's address (kept by the campaign, so it outlives the list).
 */
export const uuidDecodeResponse = z.object({
  decoded: z.object({
    /** CampaignType: 1 PMTA, 2 SMTP (also for ids made before decision 1130, whose bytes said it the other way). */
    campaignType: campaignTypeSchema,
    campaignId: z.number(),
    relayId: z.number(),
    emailId: z.number(),
  }),
  campaign: named.nullable(),
  relay: named.nullable(),
  email: z.string().nullable(),
});
export type UuidDecoded = z.infer<typeof uuidDecodeResponse>;
export const uuidEncodeResponse = z.object({ encoded: z.string() });

// ---------------------------------------------------------------------------------------------------------
// E-mail id decoder and encoder: the e-mail id is the row id of an address in one list (`emails.id`),
// the number a UUID's emailId holds.

/** POST email-id-decode {emailId}. */
export const emailIdDecodeSchema = z.object({
  emailId: numberOrText().refine(isBigId, M.numeric).transform(Number),
});
export type EmailIdDecodeBody = z.input<typeof emailIdDecodeSchema>;

/** POST email-id-encode {email}: addresses are stored lower-cased (decision 0203), so the search is too. */
export const emailIdEncodeSchema = z.object({
  email: requiredString(M.required)
    .max(254, M.invalidEmail)
    .pipe(z.email({ pattern: z.regexes.html5Email, error: M.invalidEmail }))
    .transform((s) => s.toLowerCase()),
});
export type EmailIdEncodeBody = z.input<typeof emailIdEncodeSchema>;

/** One address in one list. */
export const emailIdItem = z.object({ emailId: z.number(), email: z.string(), emailList: named });
export type EmailIdItem = z.infer<typeof emailIdItem>;
export const emailIdDecodeResponse = z.object({ decoded: emailIdItem });
/** Every list that holds the address (one id per list), oldest first, at most EMAIL_IDS_MAX. */
export const EMAIL_IDS_MAX = 100;
export { addressHistory, type AddressHistory };
export const emailIdEncodeResponse = z.object({ encoded: z.array(emailIdItem), history: addressHistory });

// ---------------------------------------------------------------------------------------------------------
// IP and domain history (PMTA relays, from relay_history).

/** POST ip-history {ip}. */
export const ipHistorySchema = z.object({ ip: requiredString(M.ipError).max(64, M.ipError).refine(isIp, M.ipError) });
export type IpHistoryBody = z.input<typeof ipHistorySchema>;

const DOMAIN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
/** POST domain-history {domainName}: the host itself and its subdomains, in any letter case. */
export const domainHistorySchema = z.object({
  domainName: requiredString(M.domainRequired)
    .max(253, tooLong('Domain', 253))
    .transform((s) => s.toLowerCase().replace(/\.$/, ''))
    .pipe(z.string().regex(DOMAIN, M.domainInvalid)),
});
export type DomainHistoryBody = z.input<typeof domainHistorySchema>;

/** History row (spec 3 §3): the relay's id, IP and SMTP host, when it was created and deleted (null: it still exists). */
export const historyRow = z.object({
  id: z.number(),
  ip: z.string(),
  smtpHost: z.string(),
  createdAt: z.object({ date: z.string() }),
  deletedAt: z.object({ date: z.string() }).nullable(),
});
export type HistoryRow = z.infer<typeof historyRow>;
/** The newest rows first, at most HISTORY_MAX. */
export const HISTORY_MAX = 1000;
export const historyResponse = z.object({ history: z.array(historyRow) });

// ---------------------------------------------------------------------------------------------------------
// Uploading log.

export const LOG_LIMIT_DEFAULT = 20;
/** The most entries one answer holds, with a limit or with dates. */
export const LOG_ENTRIES_MAX = 10_000;

const logDate = z
  .string({ error: M.date })
  .trim()
  .max(40, M.date)
  .nullish()
  .transform((v, c) => {
    if (!v) return undefined;
    const d = parseSchedule(v);
    if (!d) c.addIssue({ code: 'custom', message: M.date });
    return d ?? undefined;
  });

/**
 * POST log-entries {source, limit, dateFrom, dateTo}: no source means every source. Dates (UTC, to the
 * minute, both ends included) replace the limit; without them the newest `limit` entries (the digest).
 */
export const logEntriesSchema = z
  .object({
    source: z
      .string({ error: M.source })
      .trim()
      .max(NAME_MAX, tooLong('Source', NAME_MAX))
      .nullish()
      .transform((v) => v || undefined),
    limit: z
      .union([z.number({ error: M.digestOnly }), z.string({ error: M.digestOnly }).trim()], { error: M.digestOnly })
      .nullish()
      .refine(
        (v) => v == null || v === '' || (typeof v === 'number' ? Number.isInteger(v) : /^\d+$/.test(v)),
        M.digestOnly,
      )
      .transform((v) => (v == null || v === '' ? LOG_LIMIT_DEFAULT : Number(v)))
      .refine((v) => v >= 1, M.digestOnly)
      .refine((v) => v <= LOG_ENTRIES_MAX, M.limitMax(LOG_ENTRIES_MAX)),
    dateFrom: logDate,
    dateTo: logDate,
  })
  .superRefine((v, c) => {
    if (v.dateFrom && v.dateTo && v.dateFrom > v.dateTo)
      c.addIssue({ code: 'custom', path: ['dateTo'], message: M.dateOrder });
  });
export type LogEntriesBody = z.input<typeof logEntriesSchema>;

/** Log entry (spec 3 §3): msg_type is Error, Warning or Info (shared/uploads.ts LogTypes). */
export const logEntry = z.object({
  event_time: z.string(),
  source: z.string(),
  msg_type: z.string(),
  msg_text: z.string(),
});
export type LogEntry = z.infer<typeof logEntry>;
/** Newest first; `capped`: the dates held more than LOG_ENTRIES_MAX entries and only the newest are here. */
export const logEntriesResponse = z.object({ entries: z.array(logEntry), capped: z.boolean() });
export type LogEntries = z.infer<typeof logEntriesResponse>;
export const logSourcesResponse = z.object({ sources: z.array(z.string()) });
