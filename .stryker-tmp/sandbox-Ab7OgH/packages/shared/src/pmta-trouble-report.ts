// @ts-nocheck
import { z } from 'zod';
import { idField } from './ids.ts';

/*
 * The PMTA Trouble Report (spec 3 "Reports", decision 0906): per PMTA server, six checks, each a flag
 * (true = trouble) with a detail text. The thresholds are constants here so that the server's checks and
 * the web's Help panel say the same numbers.
 */

/** The trouble names, in the table's order, and their labels (the popup and the icons' names). */
export const TROUBLE_NAMES = ['online', 'service', 'http', 'campaigns', 'config', 'queues', 'tracker'] as const;
export type TroubleName = (typeof TROUBLE_NAMES)[number];
export const TroubleLabels: Record<TroubleName, string> = {
  online: 'Online via SSH',
  service: 'PMTA service',
  http: 'Statistics over HTTP',
  campaigns: 'Campaign status',
  config: 'Config upload',
  queues: 'Queue occupancy',
  tracker: 'Links on port 9999',
};

/** One SSH check (login and command) answers within this, or it is a trouble (the pool's own login timeout is 10 s). */
export const SSH_CHECK_TIMEOUT_MS = 15_000;
/** The HTTP interface answers `/status` and `/queues` within this, or it is a trouble. */
export const HTTP_CHECK_TIMEOUT_MS = 5_000;
/** The port of a PMTA campaign's links on each relay host (spec 2: "the relay management interface port"). */
export const RELAY_LINK_PORT = 9999;
/** Links: each relay host's port 9999 answers `/t/ping` as this console's tracker within this. */
export const TRACKER_CHECK_TIMEOUT_MS = 5_000;
/** Queue occupancy: more recipients than this queued on the whole server is a trouble. */
export const QUEUED_RECIPIENTS_MAX = 10_000;
/** Queue occupancy: a queue in backoff mode holding at least this many recipients is a trouble. */
export const BACKOFF_QUEUE_RECIPIENTS = 100;
/** Campaign status: an active PMTA campaign with nothing sent, delivered or deferred for this long. */
export const CAMPAIGN_STALL_MINUTES = 30;
/** The periodic refresh of every server's checks. */
export const TROUBLE_REFRESH_MINUTES = 5;

export const TroubleReportMessages = {
  userId: 'User must be a user id.',
  orderBy: 'Order by must be id, name or ip.',
  asc: 'Asc must be true or false.',
  pmtaServerId: 'PMTA server id is required.',
  noTrouble: 'No trouble',
  troublesTitle: 'Existing PMTA troubles',
  /** The detail of a check that could not run because another one failed first. */
  notChecked: (why: string) => `Not checked: ${why}`,
} as const;
const M = TroubleReportMessages;

export const TROUBLE_ORDER_BY = ['id', 'name', 'ip'] as const;

/** POST pmta-trouble-report: userId (administrators only; others always get their own servers), orderBy, asc. */
export const troubleReportSchema = z.object({
  userId: z.union([z.literal('').transform(() => undefined), idField(M.userId)], { error: M.userId }).nullish(),
  orderBy: z.enum(TROUBLE_ORDER_BY, { error: M.orderBy }).default('id'),
  asc: z.boolean({ error: M.asc }).default(true),
});
export type TroubleReportBody = z.input<typeof troubleReportSchema>;

/** POST pmta-trouble-report-recheck: the server to check now. */
export const troubleRecheckSchema = z.object({ pmtaServerId: idField(M.pmtaServerId) });
export type TroubleRecheckBody = z.input<typeof troubleRecheckSchema>;

const flags = z.partialRecord(z.enum(TROUBLE_NAMES), z.boolean());
const texts = z.partialRecord(z.enum(TROUBLE_NAMES), z.string());

/**
 * Trouble report entry (spec 3 §3): pmtaServerId, pmtaServerName, pmtaServerIp, troubles (flags per trouble
 * name, true = trouble; a name left out was not checked), plus the detail of each check and when it ran
 * (null: never checked yet).
 */
export const troubleEntry = z.object({
  pmtaServerId: z.number(),
  pmtaServerName: z.string(),
  pmtaServerIp: z.string(),
  troubles: flags,
  details: texts,
  checkedAt: z.string().nullable(),
});
export type TroubleEntry = z.infer<typeof troubleEntry>;

export const troubleReportResponse = z.object({ report: z.array(troubleEntry) });
/** The recheck's answer: the new entry and the labels of its active troubles (empty: 'No trouble'). */
export const troubleRecheckResponse = z.object({ recheckedData: troubleEntry, troubles: z.array(z.string()) });
export type TroubleRecheckResponse = z.infer<typeof troubleRecheckResponse>;

/** The labels of the active troubles of an entry, in the table's order. */
export const activeTroubles = (troubles: TroubleEntry['troubles']): string[] =>
  TROUBLE_NAMES.filter((n) => troubles[n] === true).map((n) => TroubleLabels[n]);
