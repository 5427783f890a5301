import { z } from 'zod';
import {
  campaignActionSchema,
  campaignItem,
  campaignSchemas,
  statisticsResponse,
  StatisticsKinds,
} from './campaigns.ts';
import { NAME_MAX, tooLong } from './fields.ts';

/*
 * PMTA campaigns (spec 3): the fields both kinds share (campaigns.ts) and the offer alone (no link groups),
 * a default city for recipients without one, the v3 flag of the start call, and the `direct` statistics:
 * how many of the campaign's messages the PMTA servers still hold.
 */

export const PmtaCampaignMessages = {
  defaultCityTooLong: tooLong('Default city', NAME_MAX),
  /** The direct count's confirmation (spec 3 §8). */
  directConfirm: 'This can take long time',
  /** Ours: the spec shows no texts for these. */
  directTitle: 'Count the unsent messages on the PMTA servers?',
  noServers: 'The campaign has no PMTA server to survey.',
} as const;

/** Its answer (spec 3 §8: how many unsent messages were found on the surveyed PMTA). */
export const directFound = (total: number, servers: number) =>
  `${total} unsent ${total === 1 ? 'message was' : 'messages were'} found on the surveyed PMTA ` +
  `(${servers} ${servers === 1 ? 'server' : 'servers'}).`;

const schemas = campaignSchemas({
  defaultCity: z
    .string({ error: PmtaCampaignMessages.defaultCityTooLong })
    .trim()
    .max(NAME_MAX, PmtaCampaignMessages.defaultCityTooLong)
    .nullish()
    .transform((v) => v || null),
});
/** POST /api/pmta_campaigns. */
export const pmtaCampaignSchema = schemas.create;
/** PUT /api/pmta_campaigns/{id}. */
export const pmtaCampaignUpdateSchema = schemas.update;
export type PmtaCampaignInput = z.infer<typeof pmtaCampaignSchema>;
export type PmtaCampaignBody = z.input<typeof pmtaCampaignSchema>;

/** POST /api/pmta_campaign_start: {id, type: PMTA (either case), v3} (v3: decision 0913). */
export const pmtaStartSchema = campaignActionSchema.extend({
  type: z.preprocess(
    (v) => (typeof v === 'string' ? v.toLowerCase() : v),
    z.literal('pmta', { error: 'Type must be pmta.' }),
  ),
});

export const pmtaCampaignItem = campaignItem.extend({ defaultCity: z.string().nullable() });
export type PmtaCampaign = z.infer<typeof pmtaCampaignItem>;

// --- Statistics (GET /api/pmta_campaign_statistics/{id}/{kind}/{providerId}) -------------------------------

export const PmtaStatisticsKinds = [...StatisticsKinds, 'direct'] as const;

const serverRef = { id: z.number(), name: z.string() };
/**
 * `direct`: per PMTA server of the campaign, the recipients of its job still queued there (`pmta show
 * jobs`), their total, and the servers that could not be asked with why.
 */
export const directStats = z.object({
  jobCounts: z.array(z.object({ ...serverRef, queued: z.number() })),
  total: z.number(),
  failed: z.array(z.object({ ...serverRef, error: z.string() })),
  /** Recipients the servers took (injected) whose accounting outcome has not come yet (decision 1350). */
  awaitingOutcome: z.number(),
  /** Of those, injected longer ago than `bounceAfter`: PMTA will never account for them (NO_OUTCOME). */
  noOutcome: z.number(),
  bounceAfter: z.string(),
});
export type DirectStats = z.infer<typeof directStats>;

export const pmtaStatisticsResponse = statisticsResponse.extend({ directStats: directStats.optional() });
export type PmtaStatisticsAnswer = z.infer<typeof pmtaStatisticsResponse>;

/** What the console calls a recipient injected longer ago than bounce-after without an outcome (decision 1350). */
export const NO_OUTCOME = 'no outcome from PMTA';
