import { z } from 'zod';
import { idField } from './ids.ts';
import { ReportMessages, dateRangeFields, optionalFilterId, datesInOrder, reportIsVps } from './reports.ts';

/*
 * The PMTA Relays Report (spec 3 "Reports", administrators only, decision 0916): per PMTA relay with PMTA
 * campaign traffic in the range, its owner, server type, IP, host and the figures of decision 0914, summed
 * from event_rollup_daily. Its popup (pmta-relay-report) shows one relay's figures per day and per mail service.
 */

export const RelaysReportMessages = {
  orderBy:
    'Order by must be one of id, username, isVps, ip, host, delivered, bounced, infraBounces, complaints, views, clicks, conversions, profit.',
  relayId: 'Relay must be a PMTA relay id.',
  relayRequired: 'PMTA relay is required.',
  notFound: 'PMTA relay not found.',
} as const;
const M = RelaysReportMessages;

/** The figures every relay report shows (decision 0914); profit in cents. */
export const relayFigures = z.object({
  delivered: z.number(),
  bounced: z.number(),
  /** Of the bounces, those for the relay's or the message's sake, never the recipient's (decision 1362). */
  infraBounces: z.number(),
  /** Complaints (PMTA `f` records and ARF reports, decision 1390); their rate is over delivered. */
  complaints: z.number(),
  views: z.number(),
  clicks: z.number(),
  conversions: z.number(),
  profit: z.number(),
});
export type RelayFigures = z.infer<typeof relayFigures>;

export const RELAYS_REPORT_ORDER_BY = [
  'id',
  'username',
  'isVps',
  'ip',
  'host',
  'delivered',
  'bounced',
  'infraBounces',
  'complaints',
  'views',
  'clicks',
  'conversions',
  'profit',
] as const;
export type RelaysReportOrder = (typeof RELAYS_REPORT_ORDER_BY)[number];

/**
 * POST pmta-relays-report: relayGroup, fromDate, toDate (YYYY-MM-DD), orderBy, asc, isVps (All null, VPS
 * true, Net false), relayId. Report tables start descending: the default is the most delivered first.
 */
export const relaysReportSchema = z
  .object({
    relayGroup: optionalFilterId(ReportMessages.relayGroup),
    ...dateRangeFields,
    orderBy: z.enum(RELAYS_REPORT_ORDER_BY, { error: M.orderBy }).default('delivered'),
    asc: z.boolean({ error: ReportMessages.asc }).default(false),
    isVps: reportIsVps,
    relayId: optionalFilterId(M.relayId),
  })
  .refine(...datesInOrder());
export type RelaysReportBody = z.input<typeof relaysReportSchema>;

/** Relay report row (spec 3 §3): id, username (the owner), isVps (its server), ip, host, the figures. */
export const relaysReportRow = relayFigures.extend({
  id: z.number(),
  username: z.string(),
  isVps: z.boolean(),
  ip: z.string(),
  host: z.string(),
});
export type RelaysReportRow = z.infer<typeof relaysReportRow>;
export const relaysReportResponse = z.object({ report: z.array(relaysReportRow) });

/** POST pmta-relay-report (the popup of one relay): relayId and the report's range. */
export const relayReportSchema = z
  .object({ relayId: idField(M.relayRequired), ...dateRangeFields })
  .refine(...datesInOrder());
export type RelayReportBody = z.input<typeof relayReportSchema>;

/**
 * The popup: the relay, its figures per UTC day with traffic (oldest first), per mail service (most
 * delivered first; id 0 'Unknown' for events without one) and the whole range's total.
 */
export const relayReportResponse = z.object({
  relay: z.object({
    id: z.number(),
    host: z.string(),
    ip: z.string(),
    username: z.string(),
    isVps: z.boolean(),
    groupName: z.string(),
  }),
  days: z.array(relayFigures.extend({ day: z.string() })),
  mailProviders: z.array(relayFigures.extend({ id: z.number(), name: z.string() })),
  total: relayFigures,
});
export type RelayReport = z.infer<typeof relayReportResponse>;

/** The mail service of events that carry none. */
export const UNKNOWN_MAIL_SERVICE = 'Unknown';
