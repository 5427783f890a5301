import { z } from 'zod';
import { CampaignStatus, Rating } from './enums.ts';
import { nameField, optionalReference, reference, requiredString, tooLong, NAME_MAX } from './fields.ts';
import { refItem, userRefItem } from './hydra.ts';

/*
 * Campaigns (spec 3): what both kinds share (statuses, page sizes, the schedule format, the common fields
 * of the form and of a row, statistics and the engine's recipient states) and the SMTP campaign contract.
 * The PMTA one (pmta-campaigns.ts) adds its own fields to the same pieces.
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
  warmupOverflow: 'Choose what happens to mail over a warm-up allowance.',
  relayGroupRequired: 'Relay Group is required.',
  scheduledStartRequired: 'Start Date is required.',
  scheduledStopRequired: 'Stop Date is required.',
  startBeforeStop: 'The start date must be earlier than the stop date.',
  /** Ours: the spec shows no texts for these server answers. */
  notFoundRef: 'Not found.',
  notInactive: 'Only an inactive campaign can be edited.',
  cannotStart: 'The campaign cannot be started in its current status.',
  noUnsubscribe:
    "The campaign has no working unsubscribe link: choose an unsubscribe link group with at least one link (or set TRACKER_URL to use the console's own).",
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

/** The fields of both kinds' forms (spec 3 §5); each kind adds its own (SMTP: its link groups). */
const campaignFields = {
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
  relayStatus,
  /** Mail over a warm-up relay's allowance: 1 waits, 2 moves to a relay with room (decision 1432); left out: kept / waits. */
  warmupOverflow: z.union([z.literal(1), z.literal(2)], { error: M.warmupOverflow }).optional(),
  scheduledStart: schedule(M.scheduledStartRequired),
  scheduledStop: schedule(M.scheduledStopRequired),
};

/** On the parsed object (typed loosely: each kind's object type is its own). */
const startBeforeStop = (v: unknown, c: z.RefinementCtx) => {
  const { scheduledStart: start, scheduledStop: stop } = v as Record<'scheduledStart' | 'scheduledStop', Date | null>;
  if (start && stop && start >= stop)
    c.addIssue({ code: 'custom', path: ['scheduledStop'], message: M.startBeforeStop });
};

/**
 * A kind's create and update schemas from its own fields. Create (POST): every field; `user` lets an
 * administrator create for someone (default: self). Update (PUT): the relay group may be left out (kept),
 * the owner stays.
 */
export function campaignSchemas<S extends z.ZodRawShape>(own: S) {
  return {
    create: z
      .object({
        ...campaignFields,
        ...own,
        relayGroup: reference(M.relayGroupRequired),
        user: optionalReference('User not found.'),
      })
      .superRefine(startBeforeStop),
    update: z
      .object({ ...campaignFields, ...own, relayGroup: optionalReference(M.relayGroupRequired) })
      .superRefine(startBeforeStop),
  };
}

const _commonUpdate = campaignSchemas({}).update;
/** What every kind's input has once parsed (the services' shared rules read these). */
export type CampaignInput = z.infer<typeof _commonUpdate>;

const smtpSchemas = campaignSchemas({
  offerLinks: reference(M.offerLinksRequired),
  unsubscribeLinks: optionalReference(M.unsubscribeLinksInvalid).transform((v) => v ?? null),
  pixelLinks: optionalReference(M.pixelLinksInvalid).transform((v) => v ?? null),
});
/** POST /api/smtp_campaigns. */
export const smtpCampaignSchema = smtpSchemas.create;
/** PUT /api/smtp_campaigns/{id}. */
export const smtpCampaignUpdateSchema = smtpSchemas.update;
export type SmtpCampaignInput = z.infer<typeof smtpCampaignSchema>;
export type SmtpCampaignBody = z.input<typeof smtpCampaignSchema>;

/**
 * POST /api/campaign_start, campaign_pause, campaign_stop, pmta_campaign_start: the kind in either case
 * (the spec writes the PMTA start's type as PMTA); `v3` is the PMTA start's flag (decision 0913).
 */
export const campaignActionSchema = z.object({
  id: reference('Campaign is required.'),
  type: z.preprocess(
    (v) => (typeof v === 'string' ? v.toLowerCase() : v),
    z.enum(CampaignTypes, { error: 'Type must be smtp or pmta.' }),
  ),
  v3: z.boolean().optional(),
});

const date = z.string().nullable();

/** One campaign of either kind as the API answers it; each kind adds its own fields. */
export const campaignItem = z.object({
  id: z.number(),
  name: z.string(),
  sender: z.string(),
  emailList: refItem,
  mailProviders: z.array(refItem),
  message: refItem,
  offer: refItem,
  relayStatus: z.number(),
  warmupOverflow: z.number(),
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
export type CampaignItem = z.infer<typeof campaignItem>;

export const smtpCampaignItem = campaignItem.extend({
  offerLinks: refItem.nullable(),
  unsubscribeLinks: refItem.nullable(),
  pixelLinks: refItem.nullable(),
});
export type SmtpCampaign = z.infer<typeof smtpCampaignItem>;

export const isExcludedService = (name: string) => (EXCLUDED_MAIL_SERVICES as readonly string[]).includes(name);

/**
 * A clone of a campaign as the create form starts from it (spec 3 §4): inactive; without its id, start and
 * end dates and owner; without 'Trash Mail' and 'GI'. A schedule is kept only while it is still ahead.
 */
export function cloneOf<C extends CampaignItem>(c: C, now = Date.now()) {
  const { id: _id, startDate: _start, endDate: _end, user: _user, completion: _c, pauseReason: _p, ...rest } = c;
  const ahead = (d: string | null) => (d && Date.parse(d) > now ? d : null);
  return {
    ...rest,
    status: CampaignStatus.Inactive as CampaignStatusValue,
    mailProviders: c.mailProviders.filter((p) => !isExcludedService(p.name)),
    scheduledStart: ahead(c.scheduledStart),
    scheduledStop: ahead(c.scheduledStop),
  };
}

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
  /** Sessions broken after the final dot: maybe accepted, never resent, not in processed (decision 1100). */
  interrupted: z.number(),
  unsubscribed: z.number(),
  /** Complaints (issue 39): PMTA `f` records and ARF reports, once per recipient (decision 1390). */
  complaints: z.number(),
  /** Bounces for the relay's or the message's sake, counted in `bounced` too (decision 1362). */
  infraBounces: z.number(),
  open: z.number(),
  click: z.number(),
  conversion: z.number(),
  /** In cents (shown divided by 100). */
  profit: z.number(),
  /** When the retention job archived the recipients' rows (decision 1370): later hits are not counted. */
  recipientsArchivedAt: date,
});
export const providerStats = z.object({
  id: z.number(),
  name: z.string(),
  total: z.number(),
  processed: z.number(),
  delivered: z.number(),
  bounced: z.number(),
  interrupted: z.number(),
  open: z.number(),
  click: z.number(),
  unsubscribed: z.number(),
  complaints: z.number(),
  infraBounces: z.number(),
  conversion: z.number(),
  profit: z.number(),
});
export const domainStats = z.object({
  domain: z.string(),
  total: z.number(),
  processed: z.number(),
  delivered: z.number(),
  bounced: z.number(),
  interrupted: z.number(),
  views: z.number(),
  clicks: z.number(),
  unsubscribers: z.number(),
  complaints: z.number(),
  infraBounces: z.number(),
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
