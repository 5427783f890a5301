// @ts-nocheck
import { z } from 'zod';

/**
 * 'dnsbl': a public DNS blocklist looked up by IP in `zone`; 'account': a mailbox provider's own tool;
 * 'bounces': the console's own, from the PMTA accounting (decision 0911).
 */
export const ReputationProviderKinds = ['dnsbl', 'account', 'bounces'] as const;

export const reputationProviderItem = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(ReputationProviderKinds),
  zone: z.string().nullable(),
  affectsRelayStatus: z.boolean(),
  active: z.boolean(),
  /** What the console does with it, in a sentence ('Needs an account: not configured.'). */
  note: z.string(),
  /** When a relay was last checked against it (blocklists), or null. */
  lastChecked: z.string().nullable(),
});
export type ReputationProvider = z.infer<typeof reputationProviderItem>;

const flag = (label: string) => z.boolean({ error: `${label} must be true or false.` });

/** PUT /api/reputation_providers/{id}: the two flags; the name is read-only (sent back, ignored). */
export const reputationProviderSchema = z.object({
  name: z.string().max(100).optional(),
  affectsRelayStatus: flag('Affects the relay status'),
  active: flag('Active'),
});
export type ReputationProviderBody = z.input<typeof reputationProviderSchema>;
