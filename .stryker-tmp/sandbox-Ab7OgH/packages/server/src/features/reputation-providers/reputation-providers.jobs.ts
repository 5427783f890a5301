// @ts-nocheck
import { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { createResolver } from '../../core/dns.ts';
import { defineJob, jobRef, type JobDefinition } from '../../core/jobs.ts';
import { recomputeRelayStatus } from '../../pmta/relay-status.ts';
import { lookUp } from './dnsbl.ts';
import {
  activeBlocklists,
  activeRelayAddresses,
  storeReputations,
  type ReputationRow,
} from './reputation-providers.repo.ts';

export const BLOCKLIST_CHECK = jobRef('reputation.blocklists', z.object({}).loose());
/** Questions in flight at once: polite to the blocklists, quick for thousands of relays. */
const CONCURRENCY = 32;

/**
 * Looks every active relay's IP up in every active blocklist, stores the verdicts (one row per relay and
 * provider, the latest) and recomputes the relays' status from them (docs/decisions/0552, 0700).
 * An IP shared by several relays is asked once.
 */
export async function checkBlocklists(ctx: Pick<AppContext, 'db' | 'env'>) {
  const providers = await activeBlocklists(ctx.db);
  const relays = await activeRelayAddresses(ctx.db);
  if (!providers.length || !relays.length) return { checked: 0 };
  const resolver = createResolver(ctx.env);
  const ips = [...new Set(relays.map((r) => r.ip))];
  const questions = ips.flatMap((ip) => providers.map((p) => ({ ip, p })));
  const verdicts = new Map<string, Awaited<ReturnType<typeof lookUp>>>();
  let next = 0;
  const worker = async () => {
    while (next < questions.length) {
      const { ip, p } = questions[next++]!;
      verdicts.set(`${ip} ${p.id}`, await lookUp(resolver, ip, p.zone));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, questions.length) }, worker));
  const rows: ReputationRow[] = relays.flatMap((r) =>
    providers.map((p) => ({ relayId: r.id, providerId: p.id, ...verdicts.get(`${r.ip} ${p.id}`)! })),
  );
  await storeReputations(ctx.db, rows);
  await recomputeRelayStatus(ctx.db, [...new Set(relays.map((r) => r.id))]);
  return { checked: rows.length };
}

export function reputationProviderJobs(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    defineJob(BLOCKLIST_CHECK, {
      cron: '23 * * * *',
      retryLimit: 0,
      handler: async () => {
        await checkBlocklists(ctx);
      },
    }),
  ];
}
