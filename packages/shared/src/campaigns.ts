import { z } from 'zod';
import { CampaignStatus, Rating } from './enums.ts';
import { nameField, optionalReference, reference, requiredString, tooLong, NAME_MAX } from './fields.ts';
import { refItem, userRefItem } from './hydra.ts';

/*
 * Campaigns (spec 3): the SMTP campaign contract, and what both kinds share (statuses, page sizes, the
 * schedule format, statistics and the engine's recipient states). The PMTA campaigns of a later issue add
 * their own input schema beside `smtpCampaignSchema` and reuse the rest.
 */

export const NOT_FINISHED_PAGE_SIZE = 20;
export const FINISHED_PAGE_SIZE = 40;
export const LAST_CAMPAIGNS = 10;
export const TOP_DOMAINS = 20;
/** Excluded from the mail services of a new or cloned campaign. */
export const EXCLUDED_MAIL_SERVICES = ['Trash Mail', 'GI'] as const;
/** The sender is a text with tags; the spec gives it no maximum, ours is a name's double. */
export const SENDER_MAX = NAME_MAX * 2;

export type CampaignStatusValue = (typeof CampaignStatus)[keyof typeof CampaignStatus];
/** The not-finished list's statuses (spec 3 §7) and the finished one's. */
export const NOT_FINISHED_STATUSES: CampaignStatusValue[] = [
  CampaignStatus.Inactive,
  CampaignStatus.Active,
  CampaignStatus.Preparing,
  CampaignStatus.Paused,
];
export const FINISHED_STATUSES: CampaignStatusValue[] = [CampaignStatus.Finished];
export const CampaignStatusLabels: Record<CampaignStatusValue, string> = {
  [CampaignStatus.Active]: 'Active',
  [CampaignStatus.Inactive]: 'Inactive',
  [CampaignStatus.Preparing]: 'Preparing',
  [CampaignStatus.Paused]: 'Paused',
  [CampaignStatus.Finished]: 'Finished',
};

/**
 * What the engine did with one recipient (campaign_recipients.status; decisions 0802, 0910). A PMTA campaign's
 * recipient is `injected` once its PMTA server took it; the server's accounting records then make it
 * delivered or bounced (an `interrupted` one too: it may have been injected).
 */
export const RecipientStatus = {
  pending: 0,
  claimed: 1,
  sending: 2,
  delivered: 3,
  bounced: 4,
  failed: 5,
  interrupted: 6,
  injected: 7,
} as const;

/** Campaign kinds in calls (`type` of campaign_start, pause and stop). */
export const CampaignTypes = ['smtp', 'pmta'] as const;
export type CampaignTypeName = (typeof CampaignTypes)[number];

/** Scheduled dates: UTC, `yyyy-MM-dd HH:mm` (an ISO date-time is accepted too). */
export const SCHEDULE_FORMAT = 'YYYY-MM-DD HH:mm';
const SCHEDULE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]00:?00)?$/;

/** The UTC instant a schedule text names, or null when it is not a real `yyyy-MM-dd HH:mm`. */
export function parseSchedule(text: string): Date | null {
  const m = SCHEDULE.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!));
  const real =
    date.getUTCFullYear() === y && date.getUTCMonth() === mo! - 1 && date.getUTCDate() === d && h! < 24 && mi! < 60;
  return real && y! >= 2000 && y! <= 9999 ? date : null;
}

/** A date as the schedule fields write it (UTC). */
export function formatSchedule(date: Date | string): string {
  return new Date(date).toISOString().slice(0, 16).replace('T', ' ');
}

export const CampaignMessages = {
  nameRequired: 'Name is required.',
  senderRequired: 'Sender is required.',
  senderTooLong: tooLong('Sender', SENDER_MAX),
  emailListRequired: 'EmailList is required.',
  mailProvidersRequired: 'Field is required.',
  messageRequired: 'Message is required.',
  offerRequired: 'Offer is required.',
  offerLinksRequired: 'Offer link group is required.',
  unsubscribeLinksInvalid: 'Unsubscribe link group is invalid.',
  pixelLinksInvalid: 'Pixel link group is invalid.',
  relayStatusRequired: 'Relay Status is required.',
  relayGroupRequired: 'Relay Group is required.',
  scheduledStartRequired: 'Start Date is required.',
  scheduledStopRequired: 'Stop Date is required.',
  startBeforeStop: 'The start date must be earlier than the stop date.',
  /** Ours: the spec shows no texts for these server answers. */
  notFoundRef: 'Not found.',
  notInactive: 'Only an inactive campaign can be edited.',
  cannotStart: 'The campaign cannot be started in its current status.',
  cannotPause: 'Only an active or preparing campaign can be paused.',
  cannotStop: 'The campaign is already finished.',
  wrongLinkType: 'The link group is of another type.',
  started: 'Campaign has been started.',
  paused: 'Campaign has been paused.',
  stopped: 'Campaign has been stopped.',
} as const;
const M = CampaignMessages;

/** A schedule field: null/'' when its checkbox is off, else a real UTC date (`message` when missing or wrong). */
const schedule = (message: string) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string({ error: message })
      .max(40, message)
      .transform((s, c) => parseSchedule(s) ?? (c.addIssue({ code: 'custom', message }), z.NEVER))
      .nullish()
      .transform((v) => v ?? null),
  );

const relayStatus = z
  .union([z.number(), z.string(), z.object({ id: z.union([z.number(), z.string()]) })], {
    error: M.relayStatusRequired,
  })
  .transform((v) => Number(typeof v === 'object' ? v.id : v))
  .refine((v) => (Object.values(Rating) as number[]).includes(v), M.relayStatusRequired);

const smtpCampaignFields = {
  name: nameField(M.nameRequired),
  sender: requiredString(M.senderRequired).max(SENDER_MAX, M.senderTooLong),
  emailList: reference(M.emailListRequired),
  mailProviders: z
    .array(reference(M.mailProvidersRequired), { error: M.mailProvidersRequired })
    .min(1, M.mailProvidersRequired)
    .max(1000, M.mailProvidersRequired)
    .transform((ids) => [...new Set(ids)]),
  message: reference(M.messageRequired),
  offer: reference(M.offerRequired),
  offerLinks: reference(M.offerLinksRequired),
  unsubscribeLinks: optionalReference(M.unsubscribeLinksInvalid).transform((v) => v ?? null),
  pixelLinks: optionalReference(M.pixelLinksInvalid).transform((v) => v ?? null),
  relayStatus,
  scheduledStart: schedule(M.scheduledStartRequired),
  scheduledStop: schedule(M.scheduledStopRequired),
};

const startBeforeStop = <T extends { scheduledStart: Date | null; scheduledStop: Date | null }>(
  v: T,
  c: z.RefinementCtx,
) => {
  if (v.scheduledStart && v.scheduledStop && v.scheduledStart >= v.scheduledStop)
    c.addIssue({ code: 'custom', path: ['scheduledStop'], message: M.startBeforeStop });
};

/** POST /api/smtp_campaigns: every field; `user` lets an administrator create for someone (default: self). */
export const smtpCampaignSchema = z
  .object({
    ...smtpCampaignFields,
    relayGroup: reference(M.relayGroupRequired),
    user: optionalReference('User not found.'),
  })
  .superRefine(startBeforeStop);
/** PUT /api/smtp_campaigns/{id}: the relay group may be left out (kept), the owner stays. */
export const smtpCampaignUpdateSchema = z
  .object({ ...smtpCampaignFields, relayGroup: optionalReference(M.relayGroupRequired) })
  .superRefine(startBeforeStop);
export type SmtpCampaignInput = z.infer<typeof smtpCampaignSchema>;
export type SmtpCampaignBody = z.input<typeof smtpCampaignSchema>;

/** POST /api/campaign_start, campaign_pause, campaign_stop (`v3` is the PMTA start's flag, ignored here). */
export const campaignActionSchema = z.object({
  id: reference('Campaign is required.'),
  type: z.enum(CampaignTypes, { error: 'Type must be smtp or pmta.' }),
  v3: z.boolean().optional(),
});

const date = z.string().nullable();

export const smtpCampaignItem = z.object({
  id: z.number(),
  name: z.string(),
  sender: z.string(),
  emailList: refItem,
  mailProviders: z.array(refItem),
  message: refItem,
  offer: refItem,
  offerLinks: refItem.nullable(),
  unsubscribeLinks: refItem.nullable(),
  pixelLinks: refItem.nullable(),
  relayStatus: z.number(),
  relayGroup: refItem,
  status: z.number(),
  scheduledStart: date,
  scheduledStop: date,
  startDate: date,
  endDate: date,
  /** (delivered + bounced) / total in percent, one decimal. */
  completion: z.number(),
  /** Why the engine paused it; null otherwise. */
  pauseReason: z.string().nullable(),
  user: userRefItem,
});
export type SmtpCampaign = z.infer<typeof smtpCampaignItem>;

/** Progress in percent with one decimal: (delivered + bounced) / total. */
export const completionOf = (delivered: number, bounced: number, total: number) =>
  total > 0 ? Math.min(100, Math.round(((delivered + bounced) / total) * 1000) / 10) : 0;

// --- Statistics (GET /api/smtp_campaign_statistics/{id}/{kind}/{providerId}) -----------------------------

export const StatisticsKinds = ['overall', 'perProviders', 'perDomains'] as const;

export const overallStats = z.object({
  id: z.number(),
  name: z.string(),
  emailList: z.string(),
  scheduledStart: date,
  start: date,
  scheduledStop: date,
  end: date,
  total: z.number(),
  processed: z.number(),
  delivered: z.number(),
  bounced: z.number(),
  unsubscribed: z.number(),
  open: z.number(),
  click: z.number(),
  conversion: z.number(),
  /** In cents (shown divided by 100). */
  profit: z.number(),
});
export const providerStats = z.object({
  id: z.number(),
  name: z.string(),
  total: z.number(),
  processed: z.number(),
  delivered: z.number(),
  bounced: z.number(),
  open: z.number(),
  click: z.number(),
  unsubscribed: z.number(),
  conversion: z.number(),
  profit: z.number(),
});
export const domainStats = z.object({
  domain: z.string(),
  total: z.number(),
  processed: z.number(),
  delivered: z.number(),
  bounced: z.number(),
  views: z.number(),
  clicks: z.number(),
  unsubscribers: z.number(),
  conversions: z.number(),
  profit: z.number(),
});
export const statisticsResponse = z.object({
  overallStats: overallStats.optional(),
  perProvidersStats: z.array(providerStats).optional(),
  perDomainsStats: z.array(domainStats).optional(),
});
export type OverallStats = z.infer<typeof overallStats>;
export type ProviderStats = z.infer<typeof providerStats>;
export type DomainStats = z.infer<typeof domainStats>;
export type StatisticsAnswer = z.infer<typeof statisticsResponse>;
