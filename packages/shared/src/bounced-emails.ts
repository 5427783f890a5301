import { z } from 'zod';
import { refItem } from './hydra.ts';
import { idField } from './ids.ts';

/*
 * Bounced Emails (issue 22, decision 1111): addresses that hard-bounced, suppressed for every list and
 * campaign apart from the spam traps. Administrators see, search, export and lift them.
 */

export const BouncedEmailMessages = {
  empty: 'Bounced emails list is empty!',
  notFound: 'Bounced e-mail not found.',
  idsNotFound: (ids: number[]) => `Not found: ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ', ...' : ''}.`,
  idsRequired: 'Select at least one e-mail.',
  idsMax: (max: number) => `At most ${max} e-mails at once.`,
  liftConfirm: (n: number) =>
    n === 1
      ? 'Lift the suppression of this e-mail? It counts valid again unless another rule holds it.'
      : `Lift the suppression of ${n} e-mails? They count valid again unless another rule holds them.`,
  lifted: (n: number) => (n === 1 ? 'Lifted successfully!' : `${n} e-mails lifted successfully!`),
} as const;
const M = BouncedEmailMessages;

export const BOUNCED_EMAILS_PAGE_SIZE = 30;
export const BOUNCED_LIFT_MAX = 1000;

/** POST /api/bounced_emails/bulk_delete: the rows to lift, all found or none lifted. */
export const bouncedLiftSchema = z.object({
  ids: z
    .array(idField(M.notFound), { error: M.idsRequired })
    .min(1, M.idsRequired)
    .max(BOUNCED_LIFT_MAX, M.idsMax(BOUNCED_LIFT_MAX)),
});
export type BouncedLiftBody = z.input<typeof bouncedLiftSchema>;
export const bouncedLiftAnswer = z.object({ lifted: z.number() });

export const bouncedEmailItem = z.object({
  id: z.number(),
  email: z.string(),
  /** The bounce category: bad-mailbox, bad-domain, inactive-mailbox; a soft one (quota-issues...) at the limit. */
  reason: z.string(),
  /** The receiving server's reply (SMTP) or PMTA's diagnostic of the last bounce. */
  diagnostic: z.string().nullable(),
  firstBounceAt: z.string(),
  lastBounceAt: z.string(),
  count: z.number(),
  /** The campaign and relay of the last bounce, while they exist. */
  campaign: refItem.nullable(),
  relay: refItem.nullable(),
});
export type BouncedEmail = z.infer<typeof bouncedEmailItem>;

/*
 * Soft bounces (issue 39, decision 1361): so many temporary bounces (a full mailbox, no answer...) within so
 * many days, with no delivery in between, put an address among the Bounced Emails; and the share of
 * infrastructure bounces that pauses a PMTA relay for a mail service. Administrators set them.
 */
export const SoftBounceMessages = {
  limitInvalid: 'Soft bounces must be a whole number from 1 to 100.',
  daysInvalid: 'Days must be a whole number from 1 to 365.',
  pauseInvalid: 'Infra bounces must be a whole percentage from 0 to 100.',
  complaintRateInvalid: 'Complaint rate must be a percentage from 0 to 100 with at most two decimals.',
  complaintMinInvalid: 'Delivered must be a whole number from 1 to 1000000.',
  hardBounceRateInvalid: 'Hard-bounce rate must be a percentage from 0 to 100 with at most two decimals.',
  hardBounceMinInvalid: 'Sent must be a whole number from 1 to 1000000.',
  saved: 'Bounce settings saved.',
} as const;

export const SOFT_BOUNCE_LIMIT_MAX = 100;
export const SOFT_BOUNCE_DAYS_MAX = 365;

/** The soft-bounce and relay-pause settings (the first three of GET and PUT /api/bounce_settings). */
export const bounceSettingsSchema = z.object({
  softBounceLimit: z
    .number({ error: SoftBounceMessages.limitInvalid })
    .int(SoftBounceMessages.limitInvalid)
    .min(1, SoftBounceMessages.limitInvalid)
    .max(SOFT_BOUNCE_LIMIT_MAX, SoftBounceMessages.limitInvalid),
  softBounceDays: z
    .number({ error: SoftBounceMessages.daysInvalid })
    .int(SoftBounceMessages.daysInvalid)
    .min(1, SoftBounceMessages.daysInvalid)
    .max(SOFT_BOUNCE_DAYS_MAX, SoftBounceMessages.daysInvalid),
  /**
   * A PMTA relay is switched off for a mail service when its infrastructure bounces there reach this share
   * of its results there over the last 24 hours (decision 1362); 0 never.
   */
  infraPausePercent: z
    .number({ error: SoftBounceMessages.pauseInvalid })
    .int(SoftBounceMessages.pauseInvalid)
    .min(0, SoftBounceMessages.pauseInvalid)
    .max(100, SoftBounceMessages.pauseInvalid),
});

const percent = (message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(100, message)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, message);
const atLeastOne = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(RATE_MIN_COUNT_MAX, message);
export const RATE_MIN_COUNT_MAX = 1_000_000;

/**
 * The campaign pause thresholds (decision 1391): a campaign whose complaints pass `complaintPausePercent` of
 * its delivered mail (once `complaintPauseMinDelivered` are delivered), or whose hard bounces pass
 * `hardBouncePausePercent` of its sent mail (once `hardBouncePauseMinSent` are sent), is paused with the
 * reason; 0 never. Optional in a PUT: a body without them keeps them.
 */
export const ratePauseFields = {
  complaintPausePercent: percent(SoftBounceMessages.complaintRateInvalid),
  complaintPauseMinDelivered: atLeastOne(SoftBounceMessages.complaintMinInvalid),
  hardBouncePausePercent: percent(SoftBounceMessages.hardBounceRateInvalid),
  hardBouncePauseMinSent: atLeastOne(SoftBounceMessages.hardBounceMinInvalid),
};
export const RATE_PAUSE_DEFAULTS = {
  complaintPausePercent: 0.3,
  complaintPauseMinDelivered: 1000,
  hardBouncePausePercent: 5,
  hardBouncePauseMinSent: 500,
} as const;

/** PUT /api/bounce_settings. */
export const bounceSettingsBody = bounceSettingsSchema.extend({
  complaintPausePercent: ratePauseFields.complaintPausePercent.optional(),
  complaintPauseMinDelivered: ratePauseFields.complaintPauseMinDelivered.optional(),
  hardBouncePausePercent: ratePauseFields.hardBouncePausePercent.optional(),
  hardBouncePauseMinSent: ratePauseFields.hardBouncePauseMinSent.optional(),
});
export type BounceSettingsBody = z.input<typeof bounceSettingsBody>;
/** GET and PUT's answer: every setting. */
export const bounceSettingsItem = bounceSettingsSchema.extend(ratePauseFields);
export type BounceSettings = z.infer<typeof bounceSettingsItem>;
