import { z } from 'zod';
import { reportUserId } from './reports.ts';

/*
 * The Dashboard (spec 3 "Dashboard", decision 0915): the traffic of the last 24 hours in hourly points from
 * the hourly rollup, overall or per mail provider, and the PMTA relay groups' relay counts by rating and by
 * server kind. `userId` is the administrators' 'Filter by User' (none = every user); anyone else always
 * gets their own data whatever they send.
 */

export const DashboardMessages = {
  type: 'Type must be overall or detailed.',
} as const;

/** The hourly points of the speed charts: the current hour and the 23 before it (UTC). */
export const SPEED_HOURS = 24;

export const SPEED_TYPES = ['overall', 'detailed'] as const;
export type SpeedType = (typeof SPEED_TYPES)[number];

/** POST dashboard/speed: type (overall or detailed) and userId. */
export const dashboardSpeedSchema = z.object({
  type: z.enum(SPEED_TYPES, { error: DashboardMessages.type }),
  userId: reportUserId,
});
export type DashboardSpeedBody = z.input<typeof dashboardSpeedSchema>;

/** POST dashboard/pmta-relays-count: userId. */
export const relaysCountSchema = z.object({ userId: reportUserId });
export type RelaysCountBody = z.input<typeof relaysCountSchema>;

/**
 * One series group of the speed charts, one number per label: total = sent events, sent = delivered,
 * bounce = bounced (the live statistics message's mapping of "sent" to delivered, spec 3 §3); infraBounce =
 * the bounces among them for the relay's or the message's sake, never the recipient's (decision 1362).
 */
const series = {
  total: z.array(z.number()),
  sent: z.array(z.number()),
  bounce: z.array(z.number()),
  infraBounce: z.array(z.number()),
  /** Complaints (PMTA `f` records and ARF reports, decision 1390). */
  complaint: z.array(z.number()),
};

/** Dashboard data (spec 3 §3), overall: labels (H:mm, UTC, oldest first) and the three series. */
export const speedOverall = z.object({ labels: z.array(z.string()), ...series });
export type SpeedOverall = z.infer<typeof speedOverall>;

/** Dashboard data, detailed: the series keyed by the name of each mail provider that had traffic. */
export const speedDetailed = z.object({
  labels: z.array(z.string()),
  chartData: z.record(z.string(), z.object(series)),
});
export type SpeedDetailed = z.infer<typeof speedDetailed>;
export type SpeedSeries = SpeedDetailed['chartData'][string];

export const speedResponse = z.union([speedOverall, speedDetailed]);

/** The name under which traffic without a known mail provider (id 0, or a provider since removed) is shown. */
export const UNKNOWN_PROVIDER = 'Unknown';

/**
 * A table row: the relay group and its relays counted by server kind (Net: a dedicated server, VPS: a
 * VPS): every relay (Total Relay), rating Neutral or Good (Neutral + Good), rating Poor (Poor).
 */
export const relaysCountRow = z.object({
  group: z.object({ id: z.number(), name: z.string() }),
  totalNet: z.number(),
  totalVps: z.number(),
  goodNet: z.number(),
  goodVps: z.number(),
  badNet: z.number(),
  badVps: z.number(),
});
export type RelaysCountRow = z.infer<typeof relaysCountRow>;
export const relaysCountResponse = z.object({ data: z.array(relaysCountRow) });

/** 'H:mm' of an hour, in UTC (the charts' time axis). */
export const hourLabel = (hour: Date) => `${hour.getUTCHours()}:${String(hour.getUTCMinutes()).padStart(2, '0')}`;
