import { z } from 'zod';
import { nameField, optionalReference, reference, tooLong } from './fields.ts';
import { userRefItem } from './hydra.ts';

/*
 * Warm-up plans (issue 40 §2, decisions 1430-1433): a schedule of day 1..N with, per mail service, the most
 * messages a relay sends that day (and per hour: set, or the day's spread over 24 hours). A plan is attached
 * to relays (a PMTA relay, an SMTP relay) or to every relay of a relay group; each relay moves through the
 * days by its own signals (advance / hold / step back).
 */

export const WarmupMessages = {
  nameRequired: 'Plan Name is required.',
  duplicate: 'You already have a warm-up plan with this name.',
  userNotFound: 'User not found.',
  servicesRequired: 'A plan needs at least one mail service.',
  serviceNotFound: 'Mail service not found.',
  serviceTwice: 'Each mail service appears once in a plan.',
  perDayRequired: 'Messages per day are required for every day.',
  perDayInt: 'Messages per day must be a whole number between 0 and 100000000.',
  sameDays: 'Every mail service of a plan has the same number of days.',
  perHourDays: 'Messages per hour need one value per day.',
  perHourInt: 'Messages per hour must be a whole number between 1 and 100000000.',
  perHourOverDay: 'Messages per hour cannot be more than the messages of that day.',
  threshold: 'A threshold is a percentage between 0 and 100.',
  yellowOverRed: 'The yellow line of a signal must be below its red line.',
  planNotFound: 'Warm-up plan not found.',
  relaysRequired: 'Choose relays or a relay group.',
  relayNotFound: 'Relay not found.',
  groupNotFound: 'Relay group not found.',
  readyNotFound: 'Ready-made plan not found.',
  deleteConfirm: 'Are you sure you want to delete?',
  deleted: 'Deleted successfully!',
  added: (name: string) => `Warm-up plan ${name} added successfully!`,
  updated: (name: string) => `Warm-up plan ${name} updated successfully!`,
  attached: (n: number) => `Plan attached to ${n} relay${n === 1 ? '' : 's'}.`,
} as const;
const M = WarmupMessages;

export const WARMUP_DAYS_MAX = 365;
export const WARMUP_SERVICES_MAX = 50;
export const WARMUP_PER_DAY_MAX = 100_000_000;
export const WARMUP_PLANS_PAGE_SIZE = 30;

/** What a campaign does with mail over a warm-up relay's allowance (campaigns.warmup_overflow, decision 1432). */
export const WarmupOverflow = { wait: 1, move: 2 } as const;

/** The relay kinds a plan attaches to (relay_pacing's numbers: CampaignType). */
export const WarmupRelayKind = { pmta: 1, smtp: 2 } as const;
export type WarmupRelayKindName = keyof typeof WarmupRelayKind;

const perDay = z
  .number({ error: M.perDayRequired })
  .int(M.perDayInt)
  .min(0, M.perDayInt)
  .max(WARMUP_PER_DAY_MAX, M.perDayInt);
const perHour = z
  .number({ error: M.perHourInt })
  .int(M.perHourInt)
  .min(1, M.perHourInt)
  .max(WARMUP_PER_DAY_MAX, M.perHourInt);

/** One mail service of a plan: `mailProvider` null is every service the plan does not name. */
export const warmupServiceSchema = z
  .object({
    mailProvider: optionalReference(M.serviceNotFound).transform((v) => v ?? null),
    perDay: z
      .array(perDay, { error: M.perDayRequired })
      .min(1, M.perDayRequired)
      .max(WARMUP_DAYS_MAX, M.perDayRequired),
    perHour: z
      .array(perHour, { error: M.perHourDays })
      .max(WARMUP_DAYS_MAX, M.perHourDays)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((s, c) => {
    if (!s.perHour) return;
    if (s.perHour.length !== s.perDay.length) c.addIssue({ code: 'custom', path: ['perHour'], message: M.perHourDays });
    else if (s.perHour.some((h, i) => h > s.perDay[i]!))
      c.addIssue({ code: 'custom', path: ['perHour'], message: M.perHourOverDay });
  });
export type WarmupServiceInput = z.infer<typeof warmupServiceSchema>;

const pct = z.number({ error: M.threshold }).min(0, M.threshold).max(100, M.threshold);
const signal = z.object({ yellow: pct, red: pct }).refine((s) => s.yellow < s.red, M.yellowOverRed);

/**
 * The health lines of a day per mail service, in percent of the messages sent that day (backoff: percent of
 * the day spent in backoff). Defaults: decision 1430 (Google's and Yahoo's sender guidelines for complaints).
 */
export const warmupThresholdsSchema = z.object({
  deferrals: signal,
  hardBounces: signal,
  complaints: signal,
  infraBounces: signal,
  backoff: signal,
});
export type WarmupThresholds = z.infer<typeof warmupThresholdsSchema>;
export const DEFAULT_THRESHOLDS: WarmupThresholds = {
  deferrals: { yellow: 10, red: 25 },
  hardBounces: { yellow: 2, red: 5 },
  complaints: { yellow: 0.1, red: 0.3 },
  infraBounces: { yellow: 2, red: 5 },
  backoff: { yellow: 10, red: 30 },
};

/** POST /api/warmup_plans and PUT /api/warmup_plans/{id}. */
export const warmupPlanSchema = z
  .object({
    name: nameField(M.nameRequired, 'Plan Name'),
    description: z
      .string()
      .trim()
      .max(400, tooLong('Description', 400))
      .nullish()
      .transform((v) => v || null),
    services: z
      .array(warmupServiceSchema, { error: M.servicesRequired })
      .min(1, M.servicesRequired)
      .max(WARMUP_SERVICES_MAX, `A plan names at most ${WARMUP_SERVICES_MAX} mail services.`),
    thresholds: warmupThresholdsSchema.optional().transform((v) => v ?? DEFAULT_THRESHOLDS),
    user: optionalReference(M.userNotFound),
  })
  .superRefine((p, c) => {
    const days = p.services[0]?.perDay.length;
    if (p.services.some((s) => s.perDay.length !== days))
      c.addIssue({ code: 'custom', path: ['services'], message: M.sameDays });
    const named = p.services.map((s) => s.mailProvider);
    if (new Set(named).size !== named.length)
      c.addIssue({ code: 'custom', path: ['services'], message: M.serviceTwice });
  });
export type WarmupPlanInput = z.infer<typeof warmupPlanSchema>;
export type WarmupPlanBody = z.input<typeof warmupPlanSchema>;

export const warmupServiceItem = z.object({
  mailProvider: z.object({ id: z.number(), name: z.string() }).nullable(),
  perDay: z.array(z.number()),
  perHour: z.array(z.number()).nullable(),
});
export const warmupPlanItem = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  days: z.number(),
  services: z.array(warmupServiceItem),
  thresholds: warmupThresholdsSchema,
  relays: z.number(),
  user: userRefItem,
});
export type WarmupPlan = z.infer<typeof warmupPlanItem>;

/** POST /api/warmup_plans/{id}/attach: relays of one kind, or every relay of a group of that kind. */
export const warmupAttachSchema = z
  .object({
    kind: z.enum(['pmta', 'smtp'], { error: M.relaysRequired }),
    relays: z.array(reference(M.relayNotFound), { error: M.relayNotFound }).max(10_000).optional(),
    group: optionalReference(M.groupNotFound),
  })
  .refine((v) => (v.relays?.length ?? 0) > 0 || v.group != null, { message: M.relaysRequired, path: ['relays'] });
export type WarmupAttachInput = z.infer<typeof warmupAttachSchema>;

/** POST /api/warmup_plans/detach: relays of one kind leave their plan. */
export const warmupDetachSchema = z.object({
  kind: z.enum(['pmta', 'smtp'], { error: M.relaysRequired }),
  relays: z.array(reference(M.relayNotFound), { error: M.relayNotFound }).min(1, M.relaysRequired).max(10_000),
});

/** Today's allowance and use of one mail service for a relay. */
export const warmupAllowanceItem = z.object({
  mailProvider: z.object({ id: z.number(), name: z.string() }).nullable(),
  perDay: z.number(),
  perHour: z.number(),
  used: z.number(),
});
export const warmupStepItem = z.object({
  id: z.number(),
  at: z.string(),
  decision: z.string(),
  planName: z.string(),
  fromDay: z.number().nullable(),
  toDay: z.number().nullable(),
  reason: z.string(),
});
export type WarmupStep = z.infer<typeof warmupStepItem>;

/** GET /api/warmup_plans/relays/{kind}/{id}: the relay's warm-up page. `plan` null: in no plan. */
export const warmupRelayItem = z.object({
  plan: z.object({ id: z.number(), name: z.string(), days: z.number() }).nullable(),
  day: z.number().nullable(),
  finished: z.boolean(),
  today: z.array(warmupAllowanceItem),
  history: z.array(warmupStepItem),
});
export type WarmupRelay = z.infer<typeof warmupRelayItem>;

/** A ready-made plan (GET /api/warmup_plans/ready): services by mail service name, copied into an owned plan. */
export interface ReadyPlan {
  key: string;
  name: string;
  description: string;
  services: { mailProvider: string | null; perDay: number[] }[];
}
export const readyPlanItem = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  days: z.number(),
  services: z.array(z.object({ mailProvider: z.string().nullable(), perDay: z.array(z.number()) })),
});
export type ReadyPlanItem = z.infer<typeof readyPlanItem>;

/**
 * `days` values growing geometrically from `from` to `to` (day 1 = from, day N = to), rounded to two
 * significant figures so an operator reads them at a glance.
 */
export function rampUp(from: number, to: number, days: number): number[] {
  const round = (v: number) => {
    const p = 10 ** Math.max(0, Math.floor(Math.log10(v)) - 1);
    return Math.round(v / p) * p;
  };
  return Array.from({ length: days }, (_, i) => round(from * (to / from) ** (i / (days - 1))));
}

/**
 * The ready-made plans (decision 1430 says where the numbers come from): Gmail slowest, Microsoft and Yahoo
 * next, every other service with the rest.
 */
export const READY_PLANS: ReadyPlan[] = [
  {
    key: 'conservative-30',
    name: 'Conservative 30 days',
    description: 'From about 50 messages a day per mail service to full volume in 30 days; Gmail slowest.',
    services: [
      { mailProvider: 'Gmail', perDay: rampUp(50, 50_000, 30) },
      { mailProvider: 'Outlook', perDay: rampUp(50, 80_000, 30) },
      { mailProvider: 'Yahoo', perDay: rampUp(50, 80_000, 30) },
      { mailProvider: 'AOL', perDay: rampUp(50, 80_000, 30) },
      { mailProvider: null, perDay: rampUp(100, 150_000, 30) },
    ],
  },
  {
    key: 'moderate-14',
    name: 'Moderate 14 days',
    description: 'For IPs with some history: from 200 a day to full volume in 14 days.',
    services: [
      { mailProvider: 'Gmail', perDay: rampUp(200, 40_000, 14) },
      { mailProvider: null, perDay: rampUp(200, 100_000, 14) },
    ],
  },
];

/** A plan's mail service as stored (warmup_plans.services) and as the engine reads it. */
export interface WarmupScheduleRow {
  mailProviderId: number | null;
  perDay: number[];
  perHour: number[] | null;
}

/** A day's hourly allowance: the one set, else the day's spread over 24 hours (at least one). */
export const hourlyOf = (s: { perDay: number[]; perHour: number[] | null }, day: number) =>
  s.perHour?.[day - 1] ?? Math.max(1, Math.ceil((s.perDay[day - 1] ?? 0) / 24));
