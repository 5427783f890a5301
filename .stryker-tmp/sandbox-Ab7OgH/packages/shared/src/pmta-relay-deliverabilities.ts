// @ts-nocheck
import { z } from 'zod';

/*
 * Relay deliverability report (spec 3 "Reports", §9; decision 0919): per PMTA relay and mail service, the
 * relay's delivery rate to the service as a percentage of the delivery rate of every PMTA relay (all
 * groups) to it, over all time, the last 24 hours and the last 2 hours; computed hourly. Administrators only.
 */

/** The hourly run (pg-boss cron, UTC): a few minutes past the hour, when the last hour's rollup is complete. */
export const DELIVERABILITY_CRON = '2 * * * *';
/** The windows of the scores besides all time, in hours. */
export const DELIVERABILITY_HOURS = [24, 2] as const;

/** The report's header text (spec 3 "Reports"). */
export const DELIVERABILITY_HEADER =
  'The percentage of relay deliveries to deliveries across all groups, per mail service: 100 is the average of every PMTA relay. Calculated hourly.';

/** `order[key]`: the table's column keys. */
export const DELIVERABILITY_SORT_KEYS = [
  'pmtaRelay.id',
  'pmtaRelay.smtpHost',
  'pmtaRelay.ip',
  'mailProvider.name',
  'scoreAllTime',
  'score24',
  'score2',
] as const;

/** A relay deliverability row (spec 3 §3): scores in percent, null where the relay sent nothing in the window. */
export const relayDeliverabilityItem = z.object({
  pmtaRelay: z.object({ id: z.number(), smtpHost: z.string(), ip: z.string() }),
  mailProvider: z.object({ id: z.number(), name: z.string() }),
  scoreAllTime: z.number().nullable(),
  score24: z.number().nullable(),
  score2: z.number().nullable(),
  computedAt: z.string(),
});
export type RelayDeliverability = z.infer<typeof relayDeliverabilityItem>;

/** A score as the table shows it: percent with 2 decimals, '—' for none. */
export const scoreText = (score: number | null) => (score === null ? '—' : `${score.toFixed(2)}%`);
