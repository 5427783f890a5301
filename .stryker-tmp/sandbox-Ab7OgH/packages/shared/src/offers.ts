// @ts-nocheck
import { z } from 'zod';
import { TEXT_MAX, reference, requiredString, tooLong } from './fields.ts';
import { refItem, userRefItem } from './hydra.ts';

export const OFFER_NAME_MAX = 255;

/** The spec's messages verbatim, and ours for what the spec does not show. */
export const OfferMessages = {
  categoryRequired: 'Category is required.',
  categoryNotFound: 'Category not found.',
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be no longer than ${OFFER_NAME_MAX} characters.`,
  urlRequired: 'Url is required.',
  invalidUrl: 'Invalid url.',
  userRequired: 'User is required.',
  userNotFound: 'User not found.',
  alreadyArchived: 'Offer is already archived.',
  readOnly: 'Archived offers are read-only.',
  maxAmountInvalid: 'Maximum Amount must be a number between 0.01 and 1000000.',
} as const;

/** The largest sum one postback may carry at all (tracking/postback.ts). */
export const POSTBACK_MAX_UNITS = 1_000_000;

/** Placeholders the tracker fills (offer URL) and the postback ones (callback); they are kept literally. */
export const OFFER_URL_PLACEHOLDERS = ['[click_id]', '[trk]', '[email]'] as const;
export const POSTBACK_PLACEHOLDERS = ['{cid}', '{sum}'] as const;

const KEPT = [...OFFER_URL_PLACEHOLDERS, ...POSTBACK_PLACEHOLDERS].map((p) => [encodeURI(p), p] as const);

/**
 * The stored (URI-encoded) form of an offer URL. Idempotent: escapes already present (%20, %2F, ...) are
 * kept as they are and only the rest goes through `encodeURI`, so a pasted encoded URL and its decoded
 * form give the same result and nothing is ever encoded twice (plain `encodeURI(decodeURI(u))` would turn
 * an encoded '/' (%2F) in a query value into %252F). The tracker placeholders stay literal.
 */
export function encodeOfferUrl(url: string): string {
  let out = url
    .trim()
    .split(/(%[0-9A-Fa-f]{2})/)
    .map((piece, i) => (i % 2 ? piece.toUpperCase() : encodeURI(piece)))
    .join('');
  for (const [encoded, literal] of KEPT) out = out.replaceAll(encoded, literal);
  return out;
}

/** The form shown to people (the list's Url column, the edit form). Never throws on a malformed escape. */
export function decodeOfferUrl(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/** An absolute http(s) URL with a host, judged on its encoded form (so spaces and accents are fine). */
export function isOfferUrl(url: string): boolean {
  try {
    const u = new URL(encodeOfferUrl(url));
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

const url = requiredString(OfferMessages.urlRequired)
  .max(TEXT_MAX, tooLong('Url', TEXT_MAX))
  .refine(isOfferUrl, OfferMessages.invalidUrl);
// Optional URLs: '' and null both mean "none".
const optionalUrl = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string({ error: OfferMessages.invalidUrl })
    .trim()
    .max(TEXT_MAX, tooLong('Url', TEXT_MAX))
    .refine(isOfferUrl, OfferMessages.invalidUrl)
    .nullish(),
);

/**
 * POST /api/offers and PUT /api/offers/{id} (administrators). `user` is the owner; required here because
 * only administrators write offers. The server encodes url, plug and callback (`encodeOfferUrl`).
 */
export const offerSchema = z.object({
  category: reference(OfferMessages.categoryRequired),
  name: requiredString(OfferMessages.nameRequired).max(OFFER_NAME_MAX, OfferMessages.nameTooLong),
  url,
  plug: optionalUrl,
  callback: optionalUrl,
  user: reference(OfferMessages.userRequired),
  /** A conversion counts only for a recipient who clicked first (issue 24). */
  postbackRequiresClick: z.boolean().optional().default(false),
  /** The largest sum one postback may record (currency units); blank: up to POSTBACK_MAX_UNITS. */
  postbackMaxAmount: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .number({ error: OfferMessages.maxAmountInvalid })
      .min(0.01, OfferMessages.maxAmountInvalid)
      .max(POSTBACK_MAX_UNITS, OfferMessages.maxAmountInvalid)
      .nullish(),
  ),
});
export type OfferInput = z.infer<typeof offerSchema>;
/** What a client sends (the schema's input: category as an id or IRI, blank links as null). */
export type OfferBody = z.input<typeof offerSchema>;

export const offerItem = z.object({
  id: z.number(),
  name: z.string(),
  /** Stored URI-encoded; show `decodeOfferUrl(url)`. */
  url: z.string(),
  plug: z.string().nullable(),
  callback: z.string().nullable(),
  /** Health: null when the last check found nothing wrong (or no check ran yet, see checkedAt). */
  clean: z.string().nullable(),
  checkedAt: z.string().nullable(),
  /** ISO date of archiving; null means active. */
  archive: z.string().nullable(),
  category: refItem,
  user: userRefItem,
  postbackRequiresClick: z.boolean(),
  postbackMaxAmount: z.number().nullable(),
  /**
   * GET /api/offers/{id} to the offer's owner only: the conversion postback URL with the owner's postback
   * key, `{cid}` and `{sum}` to be filled by the affiliate network. Absent elsewhere.
   */
  postbackUrl: z.string().optional(),
});
export type Offer = z.infer<typeof offerItem>;

/** POST /api/postback_key/rotate: `confirm: true`; postback URLs with the old key are refused from then on. */
export const postbackKeyRotateSchema = z.object({ confirm: z.boolean() });
export const postbackKeyItem = z.object({ postbackKey: z.string() });
export type PostbackKey = z.infer<typeof postbackKeyItem>;

/** The conversion postback URL of an owner: `{cid}` and `{sum}` are the network's to fill. */
export const postbackUrl = (origin: string, key: string) =>
  `${origin}/postback?cid={cid}&sum={sum}&key=${encodeURIComponent(key)}`;
