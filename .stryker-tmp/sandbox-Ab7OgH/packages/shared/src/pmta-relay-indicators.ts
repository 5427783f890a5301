// @ts-nocheck
import { z } from 'zod';
import { searchText } from './fields.ts';
import { idField } from './ids.ts';

/*
 * PMTA Relays Indicators (spec 3 "Reports", §9; decision 0919): generated nightly per PMTA relay, for all
 * its mail services and per service, from the daily rollup of its PMTA campaigns. Administrators only.
 */

/** Rows with profitPerDay at or below this are highlighted (spec 3 §9). */
export const INDICATOR_LOW_PROFIT_PER_DAY = 0.6;
/** profitPerDay is shown with this many decimals (0.60000). */
export const PROFIT_PER_DAY_DECIMALS = 5;
/** Relays older than this are computed from the last this many days ("older than 1 year: the last year"). */
export const INDICATOR_WINDOW_MAX_DAYS = 365;
/** The profit and conversion sums over the last 90, 60 and 30 days. */
export const INDICATOR_PERIODS = [90, 60, 30] as const;
/** The relay status (Rating) that highlights a row: 3 Poor. */
export const INDICATOR_POOR_STATUS = 3;
/** The nightly run, UTC (pg-boss cron). */
export const INDICATORS_CRON = '0 2 * * *';

export const IndicatorMessages = {
  /** The Excel export refused while the SMTP Host filter is filled (title and text of the dialog). */
  filterNotSupported: 'Filter is not supported.',
  cleanSmtpHost: 'Clean "SMTP Host" field.',
  group: 'Relay Group must be a relay group id.',
  mailProvider: 'Mail Service must be a mail service id.',
  isVps: 'Relay Type must be true or false.',
  exists: 'Must be true or false.',
  order: 'Order must be asc or desc.',
} as const;
const M = IndicatorMessages;

/** `order[key]` of the list and the export: the table's column keys. */
export const INDICATOR_SORT_KEYS = [
  'pmtaRelay.id',
  'pmtaRelay.smtpHost',
  'pmtaRelay.ip',
  'pmtaRelay.group.name',
  'mailProvider.name',
  'age',
  'deliveredPerDay',
  'bouncedPerDay',
  'conversionPerDay',
  'profit90',
  'profit60',
  'profit30',
  'conv90',
  'conv60',
  'conv30',
  'profitPerDay',
] as const;
export type IndicatorSortKey = (typeof INDICATOR_SORT_KEYS)[number];

/** A relay indicator (spec 3 §3): profits in cents, profitPerDay in currency units. */
export const relayIndicatorItem = z.object({
  id: z.number(),
  pmtaRelay: z.object({
    id: z.number(),
    smtpHost: z.string(),
    ip: z.string(),
    status: z.number(),
    active: z.boolean(),
    group: z.object({ id: z.number(), name: z.string() }),
    pmtaServer: z.object({ id: z.number(), isVps: z.boolean() }),
  }),
  /** null: the row of all mail services. */
  mailProvider: z.object({ id: z.number(), name: z.string() }).nullable(),
  age: z.number(),
  deliveredPerDay: z.number(),
  bouncedPerDay: z.number(),
  conversionPerDay: z.number(),
  profit90: z.number(),
  profit60: z.number(),
  profit30: z.number(),
  conv90: z.number(),
  conv60: z.number(),
  conv30: z.number(),
  profitPerDay: z.number(),
  computedAt: z.string(),
});
export type RelayIndicator = z.infer<typeof relayIndicatorItem>;

/** A highlighted row: a Poor or inactive relay, or profitPerDay at or below the threshold. */
export const indicatorHighlighted = (r: Pick<RelayIndicator, 'pmtaRelay' | 'profitPerDay'>) =>
  r.pmtaRelay.status === INDICATOR_POOR_STATUS || !r.pmtaRelay.active || r.profitPerDay <= INDICATOR_LOW_PROFIT_PER_DAY;

const optionalId = (message: string) =>
  z
    .union([z.literal('').transform(() => undefined), idField(message)], { error: message })
    .nullish()
    .transform((v) => v ?? undefined);
const optionalBool = (message: string) =>
  z
    .union(
      [
        z.literal('').transform(() => undefined),
        z.boolean(),
        z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
      ],
      { error: message },
    )
    .nullish()
    .transform((v) => v ?? undefined);

/**
 * POST pmta-relay-indicator-report-xlsx: the list's filters as JSON (the same keys), and its order as
 * `{key: 'asc' | 'desc'}`. A filled SMTP Host filter is refused (IndicatorMessages.filterNotSupported).
 */
export const indicatorXlsxSchema = z.object({
  'pmtaRelay.smtpHost': searchText('SMTP Host'),
  'pmtaRelay.group.id': optionalId(M.group),
  'pmtaRelay.pmtaServer.isVps': optionalBool(M.isVps),
  'mailProvider.id': optionalId(M.mailProvider),
  'mailProvider[exists]': optionalBool(M.exists),
  order: z
    .partialRecord(z.enum(INDICATOR_SORT_KEYS), z.enum(['asc', 'desc', 'ASC', 'DESC'], { error: M.order }))
    .optional(),
});
export type IndicatorXlsxBody = z.input<typeof indicatorXlsxSchema>;

/** The file the export is saved as. */
export const INDICATOR_XLSX_FILENAME = 'pmta-relay-indicator-report.xlsx';
