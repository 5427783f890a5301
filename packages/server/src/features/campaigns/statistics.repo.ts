import { z } from 'zod';
import { TOP_DOMAINS, StatisticsKinds, statisticsResponse, type OverallStats } from '@console/shared/campaigns';
import { isId } from '@console/shared/ids';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { found } from '../../core/access.ts';

/*
 * A campaign's statistics (spec 3), read from the counters that recordEvents keeps (docs/decisions/0801):
 * overall from campaign_counters, per mail service from campaign_provider_counters, the top 20 domains of
 * one service (0: of all) from campaign_domain_counters. `processed` is the sent counter (never the
 * interrupted ones, shown apart: decision 1100); open and click
 * count recipients (the unique counters), as every report and the live statistics do (decision 1340). Both campaign kinds: each route passes its type; the PMTA
 * one has a `direct` kind of its own.
 */

type Kind = (typeof StatisticsKinds)[number];

/** `{id}/{kind}/{providerId}` of a kind's statistics path, `kinds` being the ones it answers. */
export const statisticsParams = <K extends readonly [string, ...string[]]>(kinds: K) =>
  z.object({
    id: z.string().refine(isId, 'Invalid id.').transform(Number),
    kind: z.enum(kinds, { error: 'Unknown statistics.' }),
    providerId: z
      .string()
      .refine((s) => s === '0' || isId(s), 'Invalid id.')
      .transform(Number),
  });

/** The same numbers under each table's names. */
const COUNTS = `coalesce(k.sent, 0) as processed, coalesce(k.delivered, 0) as delivered,
  coalesce(k.bounced, 0) as bounced, coalesce(k.interrupted, 0) as interrupted,
  coalesce(k.complaints, 0) as complaints, coalesce(k.infra_bounces, 0) as "infraBounces"`;
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The campaign's mail services, when `user` may see the campaign of that type (else 404). */
export async function visibleCampaign(ctx: Pick<AppContext, 'db'>, user: AuthUser, type: number, id: number) {
  const { rows } = await ctx.db.$client.query<{ providers: number[] }>(
    `select mail_provider_ids as providers from campaigns where id = $1 and type = $2 and ($3::int is null or user_id = $3)`,
    [id, type, user.isAdmin ? null : user.id],
  );
  return found(rows[0]);
}

export async function campaignStatistics(
  ctx: Pick<AppContext, 'db'>,
  user: AuthUser,
  type: number,
  id: number,
  kind: Kind,
  providerId: number,
): Promise<z.infer<typeof statisticsResponse>> {
  const q = ctx.db.$client;
  const campaign = await visibleCampaign(ctx, user, type, id);

  if (kind === 'overall') {
    const {
      rows: [row],
    } = await q.query<
      OverallStats & Record<'start' | 'end' | 'scheduledStart' | 'scheduledStop' | 'recipientsArchivedAt', Date | null>
    >(
      `select c.id, c.name, l.name as "emailList", c.scheduled_start as "scheduledStart", c.start_date as start,
              c.scheduled_stop as "scheduledStop", c.end_date as "end", c.recipients_archived_at as "recipientsArchivedAt",
              coalesce(nullif(k.total, 0), c.total) as total, ${COUNTS},
              coalesce(k.unsubscribes, 0) as unsubscribed, coalesce(k.unique_opens, 0) as open,
              coalesce(k.unique_clicks, 0) as click, coalesce(k.conversions, 0) as conversion, coalesce(k.profit_cents, 0)::float8 as profit
         from campaigns c join email_lists l on l.id = c.email_list_id
         left join campaign_counters k on k.campaign_type = c.type and k.campaign_id = c.id
        where c.id = $1`,
      [id],
    );
    const r = row!;
    return {
      overallStats: {
        ...r,
        scheduledStart: iso(r.scheduledStart),
        start: iso(r.start),
        scheduledStop: iso(r.scheduledStop),
        end: iso(r.end),
        recipientsArchivedAt: iso(r.recipientsArchivedAt),
      },
    };
  }

  if (kind === 'perProviders') {
    // Every mail service the campaign sends to, with or without counters yet.
    const { rows: stats } = await q.query(
      `select p.id, p.name, coalesce(k.total, 0) as total, ${COUNTS}, coalesce(k.unique_opens, 0) as open,
              coalesce(k.unique_clicks, 0) as click, coalesce(k.unsubscribes, 0) as unsubscribed,
              coalesce(k.conversions, 0) as conversion, coalesce(k.profit_cents, 0)::float8 as profit
         from mail_providers p
         left join campaign_provider_counters k
           on k.campaign_type = $1 and k.campaign_id = $2 and k.mail_provider_id = p.id
        where p.id = any($3::int[]) or k.campaign_id is not null
        order by total desc, p.name, p.id`,
      [type, id, campaign.providers],
    );
    return { perProvidersStats: stats };
  }

  const { rows: stats } = await q.query(
    `select domain, total, ${COUNTS}, k.unique_opens as views, k.unique_clicks as clicks, k.unsubscribes as unsubscribers,
            k.conversions, k.profit_cents::float8 as profit
       from campaign_domain_counters k
      where k.campaign_type = $1 and k.campaign_id = $2 and ($3 = 0 or k.mail_provider_id = $3)
      order by total desc, processed desc, domain
      limit ${TOP_DOMAINS}`,
    [type, id, providerId],
  );
  return { perDomainsStats: stats };
}
